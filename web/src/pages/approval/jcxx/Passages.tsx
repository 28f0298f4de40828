/**
 * 基础信息查询 › 高速卡口通行 (gsjzxManager): the highway checkpoint passages imported under 数据融合比对 › 外部数据导入,
 * within the user's jurisdiction (the server scopes them by the checkpoint's region). Until some are imported the screen
 * says so, and offers 外部数据导入 to a user whose menus hold it.
 */
import { Button, Card, Empty, Skeleton } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { fusionRecord } from '@dg/core';
import { ResourceDetail, ResourcePage } from '../../../components/resource';
import { listRows } from '../../../components/resource/api';
import { routeByCode } from '../../../store/permission';

const IMPORT_MENU = 'fusionImportManager';
export const NO_PASSAGES = '暂无卡口通行记录：外部数据导入后在此查询';
const PASSAGES = { kind: '卡口通行' };
const infoPath = (id: string) => `/jcxxcxManager/gsjzxInfo/${encodeURIComponent(id)}`;

function ImportLink() {
  const r = routeByCode(IMPORT_MENU);
  if (!r || r.isDir) return null;
  return <Link to={r.path}><Button type="primary" data-testid="gsjzx-import">前往外部数据导入</Button></Link>;
}

export function GsjzxList() {
  const navigate = useNavigate();
  const any = useQuery({ queryKey: ['fusionRecord', 'passages-any'], queryFn: () => listRows(fusionRecord, { page: 1, size: 1, filters: PASSAGES }) });
  if (any.isLoading) return <Card title="高速卡口通行记录" data-testid="jcxx-gsjzx"><Skeleton active /></Card>;
  if (!any.data?.total) {
    return (
      <Card title="高速卡口通行记录" data-testid="jcxx-gsjzx">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NO_PASSAGES}><ImportLink /></Empty>
      </Card>
    );
  }
  return (
    <div data-testid="jcxx-gsjzx">
      <ResourcePage resourceKey="fusionRecord" title="高速卡口通行记录" fixedFilters={PASSAGES} noWrite columns={['plateNo', 'startTime', 'station', 'direction', 'regionCode', 'externalNo']}
        onDetail={(r) => navigate(infoPath(r.id))} />
    </div>
  );
}

export function GsjzxInfo() {
  const { uuid = '' } = useParams();
  return <ResourceDetail resourceKey="fusionRecord" id={uuid} title="高速卡口通行详情" />;
}
