/**
 * 隐患排查治理's routed pages (the product's /danger edit and info pages for meeting, check item, check model, check
 * function, hazard register, handle, approval, training ledger, violator ledger and rectification ledger), and
 * the self-check's. Kept free of antd: the route table imports it.
 */
import { resourcePaths } from '../../components/resource/ResourcePaths';

const at = (menu: string, name: string) => resourcePaths(`/danger/${menu}`, 'danger', name);

export const DANGER_PATHS = {
  meeting: at('meetingManager', 'meeting'),
  dangerCheckItem: at('dangerCheckItemManager', 'checkItem'),
  checkModel: at('checkModelManager', 'checkModel'),
  checkFunction: at('checkFunctionManager', 'checkFunction'),
  trainingLedger: at('trainingLedgerManager', 'trainingLedger'),
  violatorLedger: at('violatorLedgerManager', 'violatorLedger'),
  rectificationLedger: at('rectificationLedgerManager', 'rectificationLedger'),
  hazardRegister: at('hazardRegisterManager', 'hazardRegister'),
  hazardHandle: at('hazardHandleManager', 'hazardHandle'),
  hazardApproval: at('hazardApprovalManager', 'hazardApproval'),
  selfCheck: at('checkModelManager', 'selfCheck'),
};

const q = (id?: string) => (id ? `?id=${encodeURIComponent(id)}` : '');
/** 安全检查 and 整改管理's pages, at the product's paths */
export const INSPECTION_PATHS = {
  planList: '/safetyCheck/checkPlanManager',
  approvalList: '/safetyCheck/checkPlanApprovalManager',
  recordList: '/safetyCheck/checkRecordManager',
  planEdit: (id?: string) => `/safetyCheck/checkplanEdit${q(id)}`,
  planInfo: (id: string) => `/safetyCheck/checkplanInfo${q(id)}`,
  planApproval: (id: string) => `/safetyCheck/checkplanApprovalEdit${q(id)}`,
  recordEdit: (id: string) => `/safetyCheck/checkEdit${q(id)}`,
  recordInfo: (id: string) => `/safetyCheck/checkInfo${q(id)}`,
  noticeList: '/rectificationManager/rectificationNoticeManager',
  archiveList: '/rectificationManager/rectificationRecordManager',
  /** a notice: `commit` (the enterprise answers), `review` (the government passes or returns) or `info` */
  notice: (id: string, type: 'commit' | 'review' | 'info') => `/rectificationManager/commitRecsInfor/${encodeURIComponent(id)}/${type}`,
  archived: (id: string) => `/rectificationManager/rectificationRecordInfor/${encodeURIComponent(id)}`,
  borrowList: '/rectificationManager/rectificationBorrowManager',
  borrow: (id: string, recordId: string) => `/rectificationManager/rectificationRecordBorrowApprovalInfor/${encodeURIComponent(id)}/${encodeURIComponent(recordId)}`,
  superviseList: '/aqjczgdbManager/superviseManager',
  supervise: (id: string) => `/aqjczgdbManager/superviseInfo?id=${encodeURIComponent(id)}`,
};
