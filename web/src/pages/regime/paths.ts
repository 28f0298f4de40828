/** 安全制度与费用's routed pages (the product's /regime edit and info pages for workflow, duty and prize). No antd here: the route table imports it. */
import { resourcePaths } from '../../components/resource/ResourcePaths';

export const REGIME_PATHS = {
  workflow: resourcePaths('/regime/workflowManager', 'regime', 'workflow'),
  duty: resourcePaths('/regime/dutyManager', 'regime', 'duty'),
  prize: resourcePaths('/regime/prizeManager', 'regime', 'prize'),
};
