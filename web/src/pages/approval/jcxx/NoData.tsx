/**
 * 高速卡口通行 (gsjzx) and 异常运单 (ycyd) of 基础信息查询: their records come from the data-fusion
 * import and the waybill module, which have no tables yet — an honest empty state, no invented rows.
 */
import { Card, Empty, Table } from 'antd';

const PAGES = {
  gsjzx: { title: '高速卡口通行记录', source: '数据融合', columns: ['通行时间', '卡口名称', '方向', '车牌号码', '车牌颜色', '所属企业', '关联运单'] },
  ycyd: { title: '异常运单', source: '运单', columns: ['运单号', '所属企业', '车牌号码', '异常类型', '发现时间', '处理状态'] },
} as const;
const EMPTY_TEXT = '暂无数据（数据融合/运单模块提供）';

export function NoDataList({ page }: { page: keyof typeof PAGES }) {
  const p = PAGES[page];
  return (
    <Card title={p.title} data-testid={`jcxx-${page}`}>
      <Table size="middle" rowKey="id" dataSource={[]} pagination={false}
        columns={p.columns.map((c) => ({ key: c, title: c }))}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT} /> }} />
    </Card>
  );
}

export function NoDataInfo({ page }: { page: keyof typeof PAGES }) {
  return (
    <Card title={`${PAGES[page].title}详情`}>
      <Empty description={EMPTY_TEXT} />
    </Card>
  );
}

export const GsjzxList = () => <NoDataList page="gsjzx" />;
export const YcydList = () => <NoDataList page="ycyd" />;
export const GsjzxInfo = () => <NoDataInfo page="gsjzx" />;
export const YcydInfo = () => <NoDataInfo page="ycyd" />;
