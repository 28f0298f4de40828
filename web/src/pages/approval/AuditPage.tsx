/**
 * 企业车辆审核 (enterpriseVehicleAuditManager, 政): registrations, new vehicles and
 * tanks of the jurisdiction waiting for a decision, oldest first. 详情 shows the whole record and its 处理记录;
 * 通过 activates it (a registration's administrator may then sign in), 驳回 needs an opinion that
 * the enterprise reads on its record. A change of an approved record's supervised fields (企业/车辆/罐体信息变更)
 * shows 原值 and 新值 side by side; 通过 writes the new values. The states' colours, the buttons a row offers (core
 * `allowedSteps`) and the opinion each decision takes are the workflow's declaration (core REVIEW_STEPS); the
 * decisions go to the product's `/audit/pass|reject/:type/:id`.
 */
import { useState } from 'react';
import { Button, Card, Descriptions, Drawer, Input, Modal, Segmented, Space, Tabs, Tag, Typography } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AUDIT_STATUSES, allowedSteps, recordChange, resourceByKey, type ResourceDef, type StepDef } from '@dg/core';
import { WorkflowTimeline, flowKey } from '../../components/workflow';
import { detailItems } from '../../components/resource/ResourceDetail';
import { invalidateKeys } from '../../app/live';
import { useCan, useUserSide } from '../../components/resource/permission';
import { useFormatContext } from '../../components/resource/useFormatContext';
import { useRegions } from '../../components/resource/useRegions';
import { ChangeTable } from '../../components/resource/ChangeNotice';
import {
  AUDIT_RESOURCE, AUDIT_TYPE_TITLE, AUDIT_TYPES, auditInfo, listPending, passAudit, rejectAudit, isChangeType, type AuditList, type AuditRow, type AuditStatus, type AuditType,
} from './api';
import { useSave } from '../../components/resource/useSave';
import PagedTable, { stateEnum, usePagedList, type PagedColumn } from '../../components/resource/PagedTable';

/** the workflow a type's decisions run on: the record's own, or a change's */
const flowDef = (type: AuditType): ResourceDef => (isChangeType(type) ? recordChange : resourceByKey(AUDIT_RESOURCE[type])!);
/** the row as its workflow reads it: its state in the declared state field */
const flowRow = (r: Pick<AuditRow, 'type' | 'auditStatus'>) => ({ [flowDef(r.type).workflow!.stateField ?? 'state']: r.auditStatus });
type Step = 'pass' | 'reject';
const stepOf = (type: AuditType, step: Step): StepDef => flowDef(type).workflow!.steps![step]!;
/** the decisions the signed-in user may take on a row now (the server checks the same) */
function useDecisions() {
  const side = useUserSide();
  const can = useCan();
  return (r: Pick<AuditRow, 'type' | 'auditStatus'>) => (side ? allowedSteps(flowDef(r.type).workflow, flowRow(r), side, can) as Step[] : []);
}
const TYPE_COLOR: Record<AuditType, string> = { enterprise: 'purple', vehicle: 'blue', tank: 'cyan', enterpriseChange: 'magenta', vehicleChange: 'geekblue', tankChange: 'green' };
/** a row's type as its tag: the type's title in its colour */
const TYPE_ENUM = Object.fromEntries(AUDIT_TYPES.map((t) => [t, { text: AUDIT_TYPE_TITLE[t], color: TYPE_COLOR[t] }]));
/** the review's states in their declared colours (the records' and their changes' reviews declare the same, core REVIEW_STATES) */
const STATUS_ENUM = stateEnum(recordChange.workflow);
const DETAIL_LABEL: Record<AuditType, string> = {
  enterprise: '统一社会信用代码', vehicle: '道路运输证号', tank: '所属车辆', enterpriseChange: '变更字段', vehicleChange: '变更字段', tankChange: '变更字段',
};

type Decision = { mode: Step; row: Pick<AuditRow, 'type' | 'id' | 'title'> };

function DecisionModal({ decision, onClose, onDone }: { decision: Decision | null; onClose: () => void; onDone: () => void }) {
  const [opinion, setOpinion] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { save, saving: busy } = useSave(({ mode, row }: Decision) => (mode === 'reject' ? rejectAudit : passAudit)(row.type, row.id, opinion.trim()), {
    success: (_r, { mode, row }) => (mode === 'reject' ? '已驳回' : isChangeType(row.type) ? '审核通过，变更已生效' : '审核通过'),
    then: () => { setOpinion(''); onDone(); },
  });
  if (!decision) return null;
  const reject = decision.mode === 'reject';
  const step = stepOf(decision.row.type, decision.mode);
  const rule = step.opinion;
  const submit = async () => {
    if (rule && 'required' in rule && !opinion.trim()) { setError(rule.required); return; }
    await save(decision);
  };
  return (
    <Modal open title={`${step.label}：${AUDIT_TYPE_TITLE[decision.row.type]}“${decision.row.title}”`} okText={step.label}
      okButtonProps={{ danger: reject, loading: busy, ...({ 'data-testid': 'audit-confirm' } as Record<string, string>) }} cancelText="取消" onOk={submit} onCancel={() => { setOpinion(''); setError(null); onClose(); }} destroyOnHidden>
      {!reject && decision.row.type === 'enterprise' && (
        <Typography.Paragraph type="secondary">通过后，该企业的管理员账号将被启用，可以登录系统。</Typography.Paragraph>
      )}
      <Typography.Text>{rule?.label ?? '意见'}{rule && 'required' in rule ? '（企业可见）' : '（选填）'}</Typography.Text>
      {/* the 0 / 500 counter hangs below the box: the line under it holds the counter and the error, clear of the buttons */}
      <Input.TextArea rows={4} maxLength={500} showCount value={opinion} status={error ? 'error' : undefined} data-testid="audit-opinion"
        onChange={(e) => { setOpinion(e.target.value); setError(null); }} placeholder={reject ? '请写明需要补正的内容' : ''} style={{ marginTop: 8 }} />
      <div style={{ minHeight: 22, marginTop: 2, marginBottom: 8, paddingRight: 80 }}>{error && <Typography.Text type="danger">{error}</Typography.Text>}</div>
    </Modal>
  );
}

function AuditDetail({ row, onDecide }: { row: AuditRow; onDecide: (d: Decision) => void }) {
  const ctx = useFormatContext();
  const q = useQuery({ queryKey: ['audit', 'info', row.type, row.id], queryFn: () => auditInfo(row.type, row.id) });
  const def = resourceByKey(AUDIT_RESOURCE[row.type])!;
  const decisions = useDecisions()(row);
  const change = q.data?.change;
  return (
    <>
      {change && (
        <>
          <Typography.Title level={5}>变更内容</Typography.Title>
          <ChangeTable def={def} change={change} />
          {change.opinion && <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>审核意见：{change.opinion}</Typography.Paragraph>}
          <Typography.Title level={5} style={{ marginTop: 16 }}>当前生效的{def.title}信息</Typography.Title>
        </>
      )}
      {q.data && <Descriptions bordered size="small" column={1} styles={{ label: { width: 150 } }} items={detailItems(def, q.data.row, ctx)} />}
      {q.data?.applicant && (
        <Descriptions title="申请人（企业管理员）" bordered size="small" column={1} style={{ marginTop: 16 }} styles={{ label: { width: 150 } }}
          items={[
            { key: 'u', label: '管理员账号', children: q.data.applicant.username },
            { key: 'n', label: '联系人', children: q.data.applicant.name },
            { key: 'm', label: '手机', children: q.data.applicant.mobile ?? '-' },
            { key: 's', label: '账号状态', children: q.data.applicant.status === '1' ? <Tag color="success">已启用</Tag> : <Tag>待审核通过后启用</Tag> },
          ]} />
      )}
      <WorkflowTimeline base={`/audit/${row.type}`} id={row.id} />
      {decisions.length > 0 && (
        <Space style={{ marginTop: 16 }}>
          {decisions.map((mode) => (
            <Button key={mode} type={mode === 'pass' ? 'primary' : undefined} danger={mode === 'reject'} icon={mode === 'pass' ? <CheckOutlined /> : <CloseOutlined />}
              onClick={() => onDecide({ mode, row })}>{stepOf(row.type, mode).label}</Button>
          ))}
        </Space>
      )}
    </>
  );
}

export default function AuditPage() {
  const queryClient = useQueryClient();
  const { regionName } = useRegions();
  const decisionsOf = useDecisions();
  // status, type, keyword and page in the URL: a reload, 后退 or a shared link shows the same list (待审核 and 全部 unsaid)
  const list = usePagedList<AuditRow, AuditList>('audit', {
    queryKey: ({ page, size, filters }) => ['audit', 'list', { page, size, filters }],
    request: ({ page, size, filters }) => listPending(page, size, { ...filters, auditStatus: (filters.auditStatus as AuditStatus | undefined) ?? '待审核' }),
  });
  const searched = list.filters;
  const status = (searched.auditStatus as AuditStatus | undefined) ?? '待审核';
  const type = (searched.type as AuditType | undefined) ?? 'all';
  const keyword = typeof searched.keyword === 'string' ? searched.keyword : '';
  const search = (f: { auditStatus?: AuditStatus; type?: AuditType | 'all'; keyword?: string }) => {
    const next = { ...searched, ...f };
    list.search(Object.fromEntries(Object.entries({
      auditStatus: next.auditStatus === '待审核' ? undefined : next.auditStatus, type: next.type === 'all' ? undefined : next.type, keyword: next.keyword || undefined,
    }).filter(([, v]) => v !== undefined)));
  };
  const [viewing, setViewing] = useState<AuditRow | null>(null);
  const [decision, setDecision] = useState<Decision | null>(null);
  const counts = list.query.data?.counts;

  const columns: PagedColumn<AuditRow>[] = [
    { key: 'type', title: '类型', dataIndex: 'type', width: 100, valueEnum: TYPE_ENUM },
    { key: 'title', title: '名称 / 车牌 / 罐体编号', dataIndex: 'title', width: 240, ellipsis: { showTitle: true } },
    { key: 'status', title: '审核状态', dataIndex: 'auditStatus', width: 100, valueEnum: STATUS_ENUM },
    { key: 'detail', title: '证照 / 车辆 / 变更字段', width: 240, ellipsis: { showTitle: true }, render: (_, r) => (r.detail ? <Typography.Text title={DETAIL_LABEL[r.type]}>{r.detail}</Typography.Text> : '-') },
    { key: 'enterprise', title: '所属企业', dataIndex: 'enterpriseName', width: 220, ellipsis: { showTitle: true } },
    { key: 'region', title: '所在地区', width: 200, ellipsis: { showTitle: true }, render: (_, r) => regionName(r.regionCode ?? '') },
    { key: 'submittedAt', title: status === '待审核' ? '提交时间' : '审核时间', dataIndex: 'submittedAt', width: 170, valueType: 'dateTime' },
    ...(status !== '待审核' ? [{ key: 'opinion', title: '审核意见', dataIndex: 'auditOpinion', width: 240, ellipsis: { showTitle: true } }] : []),
    {
      key: 'op', title: '操作', fixed: 'right', width: status === '待审核' ? 190 : 80, render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setViewing(r)}>详情</Button>
          {decisionsOf(r).map((mode) => (
            <Button key={mode} type="link" size="small" danger={mode === 'reject'} onClick={() => setDecision({ mode, row: r })} data-testid={`audit-${mode}`}>{stepOf(r.type, mode).label}</Button>
          ))}
        </Space>
      ),
    },
  ];

  const tabLabel = (t: AuditType | 'all') => {
    const n = !counts ? undefined : t === 'all' ? AUDIT_TYPES.reduce((sum, k) => sum + (counts[k] ?? 0), 0) : counts[t];
    return `${t === 'all' ? '全部' : AUDIT_TYPE_TITLE[t]}${n !== undefined ? `（${n}）` : ''}`;
  };

  return (
    <Card title="企业车辆审核" data-testid="audit-page"
      extra={(
        <Space wrap>
          <Segmented<AuditStatus> options={[...AUDIT_STATUSES]} value={status} onChange={(v) => search({ auditStatus: v })} />
          <Input.Search key={keyword} defaultValue={keyword} allowClear placeholder="名称、车牌、罐体编号、信用代码或企业" style={{ width: 300 }} onSearch={(v) => search({ keyword: v.trim() })} />
        </Space>
      )}>
      <Tabs activeKey={type} onChange={(k) => search({ type: k as AuditType | 'all' })}
        items={(['all', ...AUDIT_TYPES] as const).map((k) => ({ key: k, label: tabLabel(k) }))} />
      <PagedTable<AuditRow> list={list} columns={columns} rowKey={(r) => `${r.type}:${r.id}`} emptyText={status === '待审核' ? '暂无待审核事项' : '暂无数据'} />
      <Drawer open={!!viewing} size={720} title={viewing ? `${viewing.typeTitle}：${viewing.title}` : ''} onClose={() => setViewing(null)} destroyOnHidden>
        {viewing && <AuditDetail row={viewing} onDecide={setDecision} />}
      </Drawer>
      <DecisionModal decision={decision} onClose={() => setDecision(null)} onDone={() => {
        if (decision) void queryClient.invalidateQueries({ queryKey: flowKey(`/audit/${decision.row.type}`, decision.row.id) });
        setDecision(null);
        setViewing(null);
        void invalidateKeys(queryClient, ['audit']);
      }} />
    </Card>
  );
}
