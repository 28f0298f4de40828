/**
 * 基础信息查询 › 高速卡口通行 (gsjzxManager): the passages come from the imported external data; until some are
 * imported the screen says so, and offers 外部数据导入 to a user whose menus hold it.
 */
import { Button, Card, Empty } from 'antd';
import { Link } from 'react-router';
import { routeByCode } from '../../../store/permission';

const IMPORT_MENU = 'fusionImportManager';
export const NO_PASSAGES = '暂无卡口通行记录：外部数据导入后在此查询';

function ImportLink() {
  const r = routeByCode(IMPORT_MENU);
  if (!r || r.isDir) return null;
  return <Link to={r.path}><Button type="primary" data-testid="gsjzx-import">前往外部数据导入</Button></Link>;
}

export function GsjzxList() {
  return (
    <Card title="高速卡口通行记录" data-testid="jcxx-gsjzx">
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NO_PASSAGES}><ImportLink /></Empty>
    </Card>
  );
}

export function GsjzxInfo() {
  return (
    <Card title="高速卡口通行详情">
      <Empty description="未找到该卡口通行记录" />
    </Card>
  );
}
