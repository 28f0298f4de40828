/** The menu pages of 基础信息查询 (registry.tsx maps the jcxx menu codes here). */
import JcxxList from './JcxxList';

export const QyxxcxList = () => <JcxxList page="qyxxcx" />;
export const ClxxcxList = () => <JcxxList page="clxxcx" />;
export const CyryxxList = () => <JcxxList page="cyryxx" />;
export const JcxxgcgtList = () => <JcxxList page="jcxxgcgt" />;
export { GsjzxList, GsjzxInfo } from './Passages';
export { YcydList, YcydInfo } from './Abnormal';
export { QyxxcxInfo, ClxxcxInfo, CyryxxInfo, JcxxgcgtInfo } from './details';
