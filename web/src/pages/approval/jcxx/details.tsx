/**
 * The detail pages of 基础信息查询 at /jcxxcxManager/<page>Info/{uuid} (routes outside the menu): the record with
 * everything a 运管 inspector asks next — an enterprise's licences, fleet, staff and tanks; a
 * vehicle's tanks and safety equipment; a person's entries and leaves; a tank's vehicle and
 * inspections. Read through /jcxx/<page>/info (jurisdiction applied by the server).
 */
import type { ReactNode } from 'react';
import { Button, Card, Col, Descriptions, Empty, Result, Row, Skeleton, Space, Statistic, Table, Tabs, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { MSG, listColumns, menuTitle, resourceByKey } from '@dg/core';
import { detailItems } from '../../../components/resource/ResourceDetail';
import { fieldColumns } from '../../../components/resource/columns';
import { useFormatContext } from '../../../components/resource/useFormatContext';
import type { RowOf } from '@dg/core';
import type { companyLicence, enterprise, staff, staffEntry, staffLeave, tank, tankCheck, vehicle, vehicleFacility } from '@dg/core/resources/records';
import type { Row as DataRow } from '../../../components/resource/types';
import { jcxxInfo, type JcxxExtras, type JcxxPage } from '../api';
import JcxxList, { JCXX } from './JcxxList';
import { menuPath } from '../../../views/dashboard/parts';

/** rows of a related record type, with that type's list columns */
function RecordTable({ resourceKey, rows, empty }: { resourceKey: string; rows: DataRow[] | undefined; empty?: string }) {
  const def = resourceByKey(resourceKey)!;
  const ctx = useFormatContext();
  return (
    <Table<DataRow> rowKey="id" size="small" dataSource={rows ?? []} columns={fieldColumns(listColumns(def), ctx)} scroll={{ x: 'max-content' }}
      pagination={(rows?.length ?? 0) > 10 ? { pageSize: 10 } : false} locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty ?? `暂无${def.title}`} /> }} />
  );
}

function useInfo<P extends JcxxPage, T extends DataRow & JcxxExtras<P>>(page: P) {
  const { uuid = '' } = useParams();
  const q = useQuery({ queryKey: ['jcxx', page, 'info', uuid], queryFn: () => jcxxInfo<P, T>(page, uuid), enabled: /^[0-9a-f-]{36}$/i.test(uuid), retry: false });
  return { uuid, ...q };
}

/** a detail's frame, titled by its page's menu title and the record's name once read (`企业信息：…`) */
function Frame({ page, name, loading, error, children, extra }: { page: JcxxPage; name?: unknown; loading: boolean; error: boolean; children: ReactNode; extra?: ReactNode }) {
  const navigate = useNavigate();
  if (error) return <Result status="warning" title={MSG.notFound} extra={<Button onClick={() => navigate(-1)}>返回</Button>} />;
  const title = menuTitle(JCXX[page].menu);
  return (
    <Card title={name === undefined ? title : `${title}：${String(name ?? '')}`} data-testid={`jcxx-${page}-info`} extra={<Space>{extra}<Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>返回</Button></Space>}>
      {loading ? <Skeleton active paragraph={{ rows: 8 }} /> : children}
    </Card>
  );
}

function RecordDescriptions({ resourceKey, row }: { resourceKey: string; row: DataRow }) {
  const ctx = useFormatContext();
  return <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} styles={{ label: { width: 150, whiteSpace: 'nowrap' } }} items={detailItems(resourceByKey(resourceKey)!, row, ctx)} />;
}

type EnterpriseInfo = RowOf<typeof enterprise> & { licences: RowOf<typeof companyLicence>[]; counts: JcxxExtras<'qyxxcx'>['counts'] };

export function QyxxcxInfo() {
  const { uuid, data, isLoading, isError } = useInfo<'qyxxcx', EnterpriseInfo>('qyxxcx');
  const c = data?.counts;
  const stats: [string, number | undefined][] = [['营运车辆', c?.vehicles], ['罐体', c?.tanks], ['罐式集装箱', c?.tankContainers], ['在职从业人员', c?.staff], ['停车场', c?.parks], ['运单', c?.waybills]];
  return (
    <Frame page="qyxxcx" name={data?.name} loading={isLoading} error={isError}>
      {data && (
        <>
          <Row gutter={16} style={{ marginBottom: 16 }}>
            {stats.map(([label, n]) => <Col key={label} xs={12} md={4}><Card size="small"><Statistic title={label} value={n ?? 0} /></Card></Col>)}
          </Row>
          <Tabs items={[
            { key: 'base', label: '基本信息', children: <RecordDescriptions resourceKey="enterprise" row={data} /> },
            { key: 'licences', label: `证照（${data.licences.length}）`, children: <RecordTable resourceKey="companyLicence" rows={data.licences} /> },
            { key: 'vehicles', label: '车辆', children: <JcxxList page="clxxcx" compact fixedFilters={{ enterpriseId: uuid }} /> },
            { key: 'staff', label: menuTitle(JCXX.cyryxx.menu), children: <JcxxList page="cyryxx" compact fixedFilters={{ enterpriseId: uuid }} /> },
            { key: 'tanks', label: '罐体', children: <JcxxList page="jcxxgcgt" compact fixedFilters={{ enterpriseId: uuid }} /> },
            { key: 'waybills', label: `运单（${c?.waybills ?? 0}）`, children: <EnterpriseWaybills id={uuid} total={c?.waybills ?? 0} /> },
          ]} />
        </>
      )}
    </Frame>
  );
}

/** the enterprise's waybills: its 基础查询 card lists the latest with their links, 运单监控 all of them */
function EnterpriseWaybills({ id, total }: { id: string; total: number }) {
  const card = menuPath('basicQueryManager');
  const monitor = menuPath('waybillMonitorManager');
  if (!total) return <Empty description="暂无运单" />;
  return (
    <Space orientation="vertical">
      <Typography.Text>该企业共有运单{total}份。</Typography.Text>
      {card && <Link to={`${card}?type=enterprise&id=${encodeURIComponent(id)}`}>在信息看板·基础查询中查看最近的运单、证件、隐患和异常</Link>}
      {monitor && <Link to={monitor}>到运单监控按企业查询全部运单</Link>}
    </Space>
  );
}

export function ClxxcxInfo() {
  const { data, isLoading, isError } = useInfo<'clxxcx', RowOf<typeof vehicle> & { tanks: RowOf<typeof tank>[]; facilities: RowOf<typeof vehicleFacility>[] }>('clxxcx');
  return (
    <Frame page="clxxcx" name={data?.plateNo} loading={isLoading} error={isError}>
      {data && (
        <Tabs items={[
          { key: 'base', label: '基本信息', children: <RecordDescriptions resourceKey="vehicle" row={data} /> },
          { key: 'tanks', label: `罐体（${data.tanks.length}）`, children: <RecordTable resourceKey="tank" rows={data.tanks} /> },
          { key: 'facilities', label: `安全设施（${data.facilities.length}）`, children: <RecordTable resourceKey="vehicleFacility" rows={data.facilities} /> },
        ]} />
      )}
    </Frame>
  );
}

export function CyryxxInfo() {
  const { data, isLoading, isError } = useInfo<'cyryxx', RowOf<typeof staff> & { entries: RowOf<typeof staffEntry>[]; leaves: RowOf<typeof staffLeave>[] }>('cyryxx');
  return (
    <Frame page="cyryxx" name={data?.name} loading={isLoading} error={isError}>
      {data && (
        <Tabs items={[
          { key: 'base', label: '基本信息', children: <RecordDescriptions resourceKey="staff" row={data} /> },
          { key: 'entries', label: `入职（${data.entries.length}）`, children: <RecordTable resourceKey="staffEntry" rows={data.entries} /> },
          { key: 'leaves', label: `离职（${data.leaves.length}）`, children: <RecordTable resourceKey="staffLeave" rows={data.leaves} /> },
        ]} />
      )}
    </Frame>
  );
}

export function JcxxgcgtInfo() {
  const navigate = useNavigate();
  const { data, isLoading, isError } = useInfo<'jcxxgcgt', RowOf<typeof tank> & { vehicle: RowOf<typeof vehicle> | null; checks: RowOf<typeof tankCheck>[] }>('jcxxgcgt');
  return (
    <Frame page="jcxxgcgt" name={data?.tankNo} loading={isLoading} error={isError}
      extra={data?.vehicle ? <Button onClick={() => navigate(`${JCXX.clxxcx.info}/${data.vehicle!.id}`)}>所属车辆 {String(data.vehicle.plateNo ?? '')}</Button> : null}>
      {data && (
        <Tabs items={[
          { key: 'base', label: '基本信息', children: <RecordDescriptions resourceKey="tank" row={data} /> },
          { key: 'vehicle', label: '所属车辆', children: data.vehicle ? <RecordDescriptions resourceKey="vehicle" row={data.vehicle} /> : <Empty description="未关联车辆" /> },
          { key: 'checks', label: `定期检验（${data.checks.length}）`, children: <RecordTable resourceKey="tankCheck" rows={data.checks} empty="暂无检验记录" /> },
        ]} />
      )}
    </Frame>
  );
}
