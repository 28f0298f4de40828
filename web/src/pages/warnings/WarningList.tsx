/**
 * One expiry-warning list, driven by a kind of packages/core/src/warnings.ts: the
 * seven 到期预警 lists of an enterprise, the six 静态信息预警 pages of the government (with counts
 * per enterprise and 通知企业) and 业务大厅's all-in-one list. Days left / overdue are tags
 * (orange 剩余N天, red 逾期N天) that open the record.
 */
import { useMemo } from 'react';
import { Alert, Button, Card, Col, DatePicker, Form, Input, Popconfirm, Row, Select, Space, Tag, Tooltip } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { Dayjs } from 'dayjs';
import { EXCEL_FILE, RESOURCES, elementOf, type WarningRow } from '@dg/core';
import {
  ENTERPRISE_WARNINGS, WARNING_STATUSES, WARNING_STATUS_COLOR, warningDaysText, type WarningKind, type WarningStatus,
} from '@dg/core/warnings';
import ExportButton from '../../components/ExportButton';
import { useFeedback } from '../../components/resource/feedback';
import { useCan, useUserSide } from '../../components/resource/permission';
import { useRegions } from '../../components/resource/useRegions';
import {
  listWarnings, notifyEnterprise, warningBase, warningEnterprises, type EnterpriseCount, type WarningFilters, type WarningList as WarningPage,
} from './api';
import { dayRange, textValues, useFormFollows } from '../../components/resource/useListState';
import { useSave } from '../../components/resource/useSave';
import PagedTable, { usePagedList, type PagedColumn } from '../../components/resource/PagedTable';
import type { Filters } from '../../components/resource/types';
import PhoneFilters, { type FilterItem } from '../../components/resource/PhoneFilters';
import { usePhone } from '../../components/resource/phone';

export type WarningListKind = Pick<WarningKind, 'key' | 'menu' | 'title' | 'side' | 'subjectLabel'> & { status?: WarningStatus };

const DAY = 'YYYY-MM-DD';
/** the records (档案) whose dates the warnings read */
const RECORD_KEYS = RESOURCES.filter((r) => r.area === 'xxda').map((r) => r.key);

/** orange 剩余N天 / red 逾期N天, opening the record */
export function DaysTag({ row }: { row: Pick<WarningRow, 'days' | 'route'> }) {
  const tag = (
    <Tag color={row.days < 0 ? 'red' : 'orange'} data-testid="warning-days" style={{ cursor: 'pointer', marginInlineEnd: 0 }}>
      {warningDaysText(row.days)}
    </Tag>
  );
  return <Link to={row.route}>{tag}</Link>;
}

interface SearchValues { keyword?: string; status?: WarningStatus; expiryDate?: [Dayjs | null, Dayjs | null] | null; kind?: string }

function SearchBar({ fixedStatus, showKind, subjectLabel, onSearch, searched }: {
  fixedStatus?: WarningStatus; showKind?: boolean; subjectLabel: string; onSearch: (f: WarningFilters) => void;
  /** the search the list shows (restored from the URL, or after 后退): the form follows it */
  searched: WarningFilters;
}) {
  const [form] = Form.useForm<SearchValues>();
  const phone = usePhone();
  useFormFollows(form, useMemo(() => ({ ...textValues(searched as Record<string, unknown>, ['keyword', 'status', 'kind']), expiryDate: dayRange(searched.expiryDate) }), [searched]));
  const submit = (v: SearchValues) => onSearch({
    keyword: v.keyword?.trim() || undefined,
    status: v.status,
    kind: v.kind,
    expiryDate: v.expiryDate && (v.expiryDate[0] || v.expiryDate[1])
      ? [v.expiryDate[0]?.format(DAY) ?? null, v.expiryDate[1]?.format(DAY) ?? null] : undefined,
  });
  const col = { xs: 24, sm: 12, lg: 8, xxl: 6 } as const;
  const items: FilterItem[] = [
    { name: 'keyword', label: '关键字', input: <Input allowClear placeholder={subjectLabel === '企业' ? '证件、证件编号或企业名称' : `${subjectLabel}、证件编号或企业名称`} maxLength={50} /> },
    ...(showKind ? [{ name: 'kind', label: '预警类别', input: <Select allowClear placeholder="全部" options={ENTERPRISE_WARNINGS.map((k) => ({ value: k.key, label: k.title }))} /> }] : []),
    ...(!fixedStatus ? [{ name: 'status', label: '状态', input: <Select allowClear placeholder="全部" options={WARNING_STATUSES.map((s) => ({ value: s, label: s }))} data-testid="warning-status-filter" /> }] : []),
    { name: 'expiryDate', label: '有效期至', input: <DatePicker.RangePicker style={{ width: '100%' }} allowEmpty={[true, true]} /> },
  ];
  return (
    <Form form={form} onFinish={submit} labelCol={{ flex: '80px' }} wrapperCol={{ flex: '1 1 0' }} data-testid="warning-search">
      {phone ? <PhoneFilters form={form} items={items} onReset={() => submit({})} /> : (
        <Row gutter={16}>
          {items.map((it) => (
            <Col key={it.name} {...col}>
              <Form.Item name={it.name} label={it.label} style={{ marginBottom: 16 }}>{it.input}</Form.Item>
            </Col>
          ))}
          <Col flex="auto" style={{ textAlign: 'right', marginBottom: 16 }}>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>查询</Button>
              <Button icon={<ReloadOutlined />} onClick={() => { form.resetFields(); submit({}); }}>重置</Button>
            </Space>
          </Col>
        </Row>
      )}
    </Form>
  );
}

/** 按企业统计 of a government page: pick an enterprise to narrow the list, or notify it */
function EnterpriseCounts({ kind, filters, selected, onSelect, onNotify, canNotify }: {
  kind: WarningListKind; filters: WarningFilters; selected?: string; canNotify: boolean;
  onSelect: (e: { id: string; name: string } | undefined) => void; onNotify: (e: { id: string; name: string }) => Promise<void>;
}) {
  // a panel of the page: its own page kept here, back to the first on another search (its fixed filters)
  const list = usePagedList<EnterpriseCount>(`${kind.key}Enterprises`, {
    inUrl: false, fixed: { ...filters, enterpriseId: undefined }, live: RECORD_KEYS,
    queryKey: ({ page, size, filters: f }) => ['warning', kind.key, 'enterprises', { page, size, filters: f }],
    request: ({ page, size, filters: f }) => warningEnterprises(kind.key, { page, size, filters: f }),
  });
  const { regionName } = useRegions();
  return (
    <Card size="small" title="按企业统计" style={{ marginBottom: 16 }} data-testid="warning-enterprises">
      <PagedTable<EnterpriseCount> list={list} rowKey="enterpriseId" size="small" scroll={undefined} pager={{ unit: '家企业', compact: true }}
        rowClassName={(r) => (r.enterpriseId === selected ? 'ant-table-row-selected' : '')}
        columns={[
          { key: 'name', title: '企业名称', dataIndex: 'enterpriseName', ellipsis: true },
          { key: 'region', title: '所在地区', render: (_, r) => regionName(r.regionCode ?? ''), ellipsis: true },
          { key: 'count', title: '数量', dataIndex: 'count', width: 80, align: 'center', render: (n: number) => <Tag color={kind.status === '已过期' ? 'red' : 'orange'}>{n}</Tag> },
          { key: 'earliest', title: kind.status === '已过期' ? '最早过期' : '最早到期', dataIndex: 'earliestExpiry', width: 110 },
          {
            key: 'op', title: '操作', width: 190, render: (_, r) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => onSelect(selected === r.enterpriseId ? undefined : { id: r.enterpriseId, name: r.enterpriseName })}>
                  {selected === r.enterpriseId ? '取消筛选' : '查看明细'}
                </Button>
                {canNotify && (
                  <Popconfirm title="通知企业" description={`将向“${r.enterpriseName}”发送${kind.title}提醒，是否继续？`} okText="确定" cancelText="取消"
                    onConfirm={() => onNotify({ id: r.enterpriseId, name: r.enterpriseName })}>
                    <Button type="link" size="small" data-testid="warning-notify">通知企业</Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}

/** the search's filters among a list's (the URL also holds the enterprise picked and its name) */
const SEARCHED = ['keyword', 'status', 'kind', 'expiryDate'] as const;
const searchedOf = (f: Filters): WarningFilters => Object.fromEntries(SEARCHED.flatMap((n) => (f[n] !== undefined ? [[n, f[n]]] : [])));

export default function WarningList({ kind, showKind }: { kind: WarningListKind; showKind?: boolean }) {
  const side = useUserSide();
  const { notification } = useFeedback();
  const { regionName } = useRegions();
  const canExport = useCan(elementOf(kind.menu, 'btn_export'));
  const canNotify = useCan(elementOf(kind.menu, 'btn_notify')) && kind.side === 'government';
  // search, the enterprise picked and page in the URL: a reload, 后退 or a shared link shows the same list
  const list = usePagedList<WarningRow, WarningPage>(kind.key, {
    queryKey: ({ page, size, filters }) => ['warning', kind.key, 'list', { page, size, filters }],
    request: ({ page, size, filters }) => listWarnings(kind.key, { page, size, filters: { ...searchedOf(filters), enterpriseId: filters.enterpriseId as string | undefined } }),
    // the documents' dates are the records' (档案): the list follows their writes
    live: RECORD_KEYS,
  });
  const { filters: state } = list;
  const searched = useMemo(() => searchedOf(state), [state]);
  const enterprise = typeof state.enterpriseId === 'string' ? { id: state.enterpriseId, name: String(state.enterpriseName ?? '') } : undefined;
  const setEnterprise = (e: { id: string; name: string } | undefined, patch?: { page: number }) =>
    list.setList({ ...patch, filters: { ...searched, enterpriseId: e?.id, enterpriseName: e?.name } });
  const filters: WarningFilters = { ...searched, enterpriseId: enterprise?.id };

  const { save: notifySave } = useSave((e: { id: string; name: string }) => notifyEnterprise(kind.key, e.id), {
    then: (r) => notification.success({
      title: '已通知企业',
      description: `已向“${r.enterpriseName}”发送${r.title}（共 ${r.count} 项）${r.delivered === 'log' ? '，已记入操作日志' : ''}。`,
      duration: 4,
    }),
  });
  const notify = async (e: { id: string; name: string }) => { await notifySave(e); };

  const several = side !== 'enterprise';
  const columns: PagedColumn<WarningRow>[] = [
    ...(showKind ? [{ key: 'kind', title: '预警类别', dataIndex: 'kindTitle', width: 130 }] : []),
    ...(several ? [
      { key: 'enterprise', title: '所属企业', dataIndex: 'enterpriseName', ellipsis: { showTitle: true }, width: 220 },
      { key: 'region', title: '所在地区', width: 200, ellipsis: { showTitle: true }, render: (_: unknown, r: WarningRow) => regionName(r.regionCode ?? '') },
    ] : []),
    // a list about enterprises themselves (证照, 经营许可证) names them once, as 所属企业 above or the user's own
    ...(kind.subjectLabel === '企业' ? [] : [
      { key: 'subject', title: kind.subjectLabel, dataIndex: 'subject', width: 180, ellipsis: { showTitle: true }, render: (v: string, r: WarningRow) => <Link to={r.route}>{v}</Link> },
    ]),
    // the state beside the row's subject, never behind the fixed 操作 column
    { key: 'status', title: '状态', dataIndex: 'status', width: 100, valueEnum: WARNING_STATUS_COLOR, tagTestId: 'warning-status' },
    { key: 'document', title: '证件', dataIndex: 'document', width: 170, ellipsis: { showTitle: true } },
    { key: 'docNo', title: '证件编号', dataIndex: 'docNo', width: 200, ellipsis: { showTitle: true }, render: (v: string | null) => v ?? '-' },
    { key: 'expiryDate', title: '有效期至', dataIndex: 'expiryDate', width: 110 },
    { key: 'days', title: '剩余/逾期', width: 110, render: (_, r) => <DaysTag row={r} /> },
    {
      key: 'op', title: '操作', fixed: 'right', width: canNotify ? 170 : 90, render: (_, r) => (
        <Space size={0}>
          <Link to={r.route}><Button type="link" size="small">查看档案</Button></Link>
          {canNotify && (
            <Popconfirm title="通知企业" description={`将向“${r.enterpriseName}”发送${kind.title}提醒，是否继续？`} okText="确定" cancelText="取消"
              onConfirm={() => notify({ id: r.enterpriseId, name: r.enterpriseName })}>
              <Button type="link" size="small">通知企业</Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  // a single list's window; 业务大厅's page spans lists of different windows and names none
  const page = list.query.data;
  const windowDays = page && 'windowDays' in page ? page.windowDays : undefined;
  const scope = kind.status === '已过期' ? '有效期已过的证件' : kind.status === '即将到期'
    ? `${windowDays ?? ''}天内到期的证件` : `已过期及${windowDays ?? ''}天内到期的证件`;

  return (
    <div data-testid="warning-page">
      <Card size="small" style={{ marginBottom: 16 }} styles={{ body: { paddingBottom: 0 } }}>
        <SearchBar fixedStatus={kind.status} showKind={showKind} subjectLabel={kind.subjectLabel}
          searched={searched} onSearch={(f) => list.search({ ...f, enterpriseId: enterprise?.id, enterpriseName: enterprise?.name })} />
      </Card>
      {kind.side === 'government' && (
        <EnterpriseCounts kind={kind} filters={searched} selected={enterprise?.id} canNotify={canNotify} onNotify={notify}
          onSelect={(e) => setEnterprise(e, { page: 1 })} />
      )}
      <Card
        title={kind.title}
        data-testid="warning-list"
        extra={(
          <Space>
            {enterprise && <Tag closable onClose={() => setEnterprise(undefined)} color="blue">企业：{enterprise.name}</Tag>}
            {canExport && <ExportButton url={`${warningBase(kind.key)}/export`} body={{ filters }} fileName={`${EXCEL_FILE}.xlsx`} disabled={!list.total} />}
          </Space>
        )}
      >
        {windowDays !== undefined && (
          <Alert type="info" showIcon style={{ marginBottom: 12 }}
            title={<>列出{scope}，按紧急程度排序（最早到期在前）。{kind.status !== '已过期' && (
              <Tooltip title="预警天数在 信息看板 → 参数设置 中设置"><span style={{ textDecoration: 'underline dotted' }}>预警天数：{windowDays}天</span></Tooltip>
            )}</>} />
        )}
        <PagedTable<WarningRow> list={list} columns={columns} emptyText="暂无预警" />
      </Card>
    </div>
  );
}
