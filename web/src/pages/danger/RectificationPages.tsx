/**
 * 整改管理: the notices (a government writes one by hand or a check issues it), the enterprise's
 * 提交整改 and the government's 合格 / 退回 on /rectificationManager/commitRecsInfor/{uuid}/{type}, the archive of
 * closed ones (整改记录, /rectificationManager/rectificationRecordInfor/{uuid}) and the enterprise's 业务大厅 整改反馈.
 */
import { Alert, Button, Card, Col, Empty, Form, Row as GridRow, Skeleton, Space } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { rectNotice } from '@dg/core';
import { ResourceDetail, ResourcePage } from '../../components/resource';
import { useRow } from '../../components/resource/api';
import { buildRules } from '../../components/resource/formRules';
import { valuesAfterUploads } from '../../components/Upload';
import { toPayload, type FormField } from '../../components/resource/payload';
import { formWidget } from '../../components/resource/widgets';
import type { Row } from '../../components/resource/types';
import { useLeave } from '../../utils/pageNav';
import { Decision, WorkflowState, WorkflowSteps, WorkflowTimeline, baseOf, useAllowedSteps, useWorkflowStep } from '../../components/workflow';
import { INSPECTION_PATHS as PATHS } from './paths';

export const NoticeState = ({ row }: { row: Row }) => <WorkflowState def={rectNotice} row={row} />;

/** a notice's allowed steps (its workflow in core decides): 提交整改 and 审核 open the notice's page for their form */
function NoticeActions({ row, link = true }: { row: Row; link?: boolean }) {
  const navigate = useNavigate();
  const open = (type: 'commit' | 'review', label: string) => (r: Row, small: boolean) =>
    <Button type={small ? 'link' : 'primary'} size={small ? 'small' : undefined} onClick={() => navigate(PATHS.notice(r.id, type))}>{label}</Button>;
  return <WorkflowSteps def={rectNotice} row={row} link={link} forms={[{ steps: ['commit'], render: open('commit', '提交整改') }, { steps: ['pass', 'return'], render: open('review', '审核') }]} />;
}

export function NoticeList() {
  const navigate = useNavigate();
  return (
    <ResourcePage resourceKey="rectNotice" rowEditable={(r) => r.state === '待整改' && !r.submittedAt} onDetail={(r) => navigate(PATHS.notice(r.id, 'info'))}
      extraActions={(row) => <NoticeActions row={row} />} />
  );
}

/** 整改记录: the closed notices, read-only */
export function ArchiveList() {
  const navigate = useNavigate();
  return <ResourcePage resourceKey="rectNotice" title="整改记录" noWrite fixedFilters={{ state: ['合格'] }} onDetail={(r) => navigate(PATHS.archived(r.id))} />;
}

/** 业务大厅 · 整改反馈's notices: the enterprise's still in hand (SupervisePages.LobbyFeedback puts them beside its 督办) */
export function LobbyNotices() {
  const navigate = useNavigate();
  return (
    <ResourcePage resourceKey="rectNotice" title="整改反馈" noWrite fixedFilters={{ state: ['待整改', '已退回', '待审核'] }} onDetail={(r) => navigate(PATHS.notice(r.id, 'info'))}
      extraActions={(row) => <NoticeActions row={row} />} />
  );
}

const COMMIT: FormField[] = (['measures', 'photos', 'documents'] as const).map((name) => ({ name, fd: { ...rectNotice.fields[name], readOnly: false, required: name === 'measures' }, disabled: false }));

/** /rectificationManager/commitRecsInfor/{uuid}/{type}: the notice, with the enterprise's answer or the government's review */
export function NoticePage() {
  const { uuid = '', type = 'info' } = useParams();
  const row = useRow(rectNotice, uuid, { fresh: true });
  const allowed = useAllowedSteps(rectNotice, row.data);
  const navigate = useNavigate();
  const leave = useLeave();
  const [form] = Form.useForm();
  const { save, saving } = useWorkflowStep(rectNotice, (saved) => leave(PATHS.notice(saved.id, 'info')));
  if (row.isLoading) return <Card><Skeleton active /></Card>;
  if (!row.data) return <Card><Empty description="数据不存在或无权访问" /></Card>;
  const n = row.data;
  const committing = type === 'commit' && allowed.includes('commit');
  const reviewing = type === 'review' && (allowed.includes('pass') || allowed.includes('return'));
  const commit = async () => {
    let v: Record<string, unknown>;
    try {
      v = await valuesAfterUploads(form);
    } catch {
      return;
    }
    await save({ step: 'commit', row: n, body: toPayload(COMMIT, v) });
  };
  return (
    <Card title={committing ? '提交整改' : reviewing ? '整改审核' : '整改通知详情'} data-testid="notice-page"
      extra={<Space><NoticeState row={n} />{!committing && !reviewing && <NoticeActions row={n} link={false} />}</Space>}>
      {n.state === '已退回' && Boolean(n.reviewOpinion) && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={`退回意见：${String(n.reviewOpinion)}`} />}
      <ResourceDetail resourceKey="rectNotice" id={uuid} row={n} />
      <WorkflowTimeline base={baseOf(rectNotice)} id={uuid} />
      {committing && (
        <>
          <Form form={form} name="notice_step" layout="vertical" disabled={saving} style={{ marginTop: 16 }}
            initialValues={{ measures: n.state === '已退回' ? n.measures : undefined }}>
            <GridRow gutter={16}>
              {COMMIT.map(({ name, fd }) => (
                <Col key={name} xs={24} md={fd.type === 'textarea' ? 24 : 12}>
                  <Form.Item name={name} label={fd.label} rules={buildRules(fd)}>{formWidget(fd)}</Form.Item>
                </Col>
              ))}
            </GridRow>
          </Form>
          <Space>
            <Button onClick={() => navigate(-1)}>返回</Button>
            <Button type="primary" loading={saving} onClick={commit}>提交整改</Button>
          </Space>
        </>
      )}
      {reviewing && (
        <Decision name="notice_review" label="审核意见" saving={saving} yes={allowed.includes('pass') ? '合格' : undefined} no={allowed.includes('return') ? '退回' : undefined}
          onBack={() => navigate(-1)} onDecide={(yes, opinion) => save({ step: yes ? 'pass' : 'return', row: n, body: { opinion } })} />
      )}
      {!committing && !reviewing && <Space style={{ marginTop: 16 }}><Button onClick={() => navigate(-1)}>返回</Button></Space>}
    </Card>
  );
}

/** /rectificationManager/rectificationRecordInfor/{uuid}: a closed notice with everything submitted and its timeline */
export function ArchivedNotice() {
  const { uuid = '' } = useParams();
  const navigate = useNavigate();
  return (
    <Card title="整改记录详情" data-testid="archived-notice" extra={<Button onClick={() => navigate(PATHS.archiveList)}>返回列表</Button>}>
      <ResourceDetail resourceKey="rectNotice" id={uuid} />
      <WorkflowTimeline base={baseOf(rectNotice)} id={uuid} />
    </Card>
  );
}
