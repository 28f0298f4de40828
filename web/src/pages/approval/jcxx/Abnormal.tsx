/**
 * 基础信息查询 › 异常运单 (ycydManager): the findings 运单监管 › 异常运单 lists, in the user's jurisdiction, read only,
 * with their detail at /jcxxcxManager/ycydInfo/:uuid.
 */
import { useParams } from 'react-router';
import AbnormalPage, { AbnormalInfoPage } from '../../supervision/AbnormalPage';

export const YCYD_INFO = (id: string) => `/jcxxcxManager/ycydInfo/${encodeURIComponent(id)}`;

export const YcydList = () => <AbnormalPage readOnly infoPath={YCYD_INFO} />;

export function YcydInfo() {
  const { uuid = '' } = useParams();
  return <AbnormalInfoPage id={uuid} readOnly />;
}
