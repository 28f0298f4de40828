/**
 * 整改管理: the notices (a government writes one by hand or a check issues it), the enterprise's
 * 提交整改 and the government's 合格 / 退回 on /rectificationManager/commitRecsInfor/{uuid}/{type}, the archive of
 * closed ones (整改记录, /rectificationManager/rectificationRecordInfor/{uuid}) and the enterprise's 业务大厅 整改反馈.
 */
import { Alert, Button, Card, Col, Empty, Form, Row as GridRow, Skeleton, Space } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { rectNotice } from '@dg/core';
import { ResourceDetail, ResourcePage, useHasElement } from '../../components/resource';
import { useRow } from '../../components/resource/api';
import { buildRules } from '../../components/resource/formRules';
import { valuesAfterUploads } from '../../components/Upload';
import { toPayload, type FormField } from '../../components/resource/payload';
import { useUserSide } from '../../components/resource/permission';
import { formWidget } from '../../components/resource/widgets';
import type { Row } from '../../components/resource/types';
import { useLeave } from '../../utils/pageNav';
import { stepNotice, type NoticeStep } from './api';
import { Decision, FlowTimeline, StateTags, useFlowStep } from './FlowTimeline';
import { INSPECTION_PATHS as PATHS } from './paths';

const BASE = '/zggl/rectNotice';
const STATE_COLOR: Record<string, string> = { 待整改: 'orange', 待审核: 'gold', 已退回: 'error', 合格: 'success' };
export const NoticeState = ({ row }: { row: Row }) => <StateTags row={row} colors={STATE_COLOR} />;

/** what the user may do to a notice now (the server decides the same) */
function useNoticeSteps() {
  const side = useUserSide();
  const commit = useHasElement('rectificationNoticeManager:btn_commit');
  const pass = useHasElement('rectificationNoticeManager:btn_pass');
  const ret = useHasElement('rectificationNoticeManager:btn_return');
  return {
    commit: (r: Row) => commit && side === 'enterprise' && (r.state === '待整改' || r.state === '已退回'),
    review: (r: Row) => (pass || ret) && side === 'government' && r.state === '待审核',
    pass, ret,
  };
}

function NoticeActions({ row }: { row: Row }) {
  const navigate = useNavigate();
  const can = useNoticeSteps();
  if (can.commit(row)) return <Button type="link" size="small" onClick={() => navigate(PATHS.notice(row.id, 'commit'))}>提交整改</Button>;
  if (can.review(row)) return <Button type="link" size="small" onClick={() => navigate(PATHS.notice(row.id, 'review'))}>审核</Button>;
  return null;
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
  const can = useNoticeSteps();
  const navigate = useNavigate();
  const leave = useLeave();
  const [form] = Form.useForm();
  const { save, saving } = useFlowStep('rectNotice', BASE, (a: { step: NoticeStep; body: Record<string, unknown> }) => stepNotice(a.step, uuid, { version: row.data!.version as number, ...a.body }),
    (saved) => leave(PATHS.notice(saved.id, 'info')));
  if (row.isLoading) return <Card><Skeleton active /></Card>;
  if (!row.data) return <Card><Empty description="数据不存在或无权访问" /></Card>;
  const n = row.data;
  const committing = type === 'commit' && can.commit(n);
  const reviewing = type === 'review' && can.review(n);
  const commit = async () => {
    let v: Record<string, unknown>;
    try {
      v = await valuesAfterUploads(form);
    } catch {
      return;
    }
    await save({ step: 'commit', body: toPayload(COMMIT, v) });
  };
  return (
    <Card title={committing ? '提交整改' : reviewing ? '整改审核' : '整改通知详情'} data-testid="notice-page"
      extra={<Space><NoticeState row={n} />
        {!committing && can.commit(n) && <Button type="primary" onClick={() => navigate(PATHS.notice(n.id, 'commit'))}>提交整改</Button>}
        {!reviewing && can.review(n) && <Button type="primary" onClick={() => navigate(PATHS.notice(n.id, 'review'))}>审核</Button>}
      </Space>}>
      {n.state === '已退回' && Boolean(n.reviewOpinion) && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={`退回意见：${String(n.reviewOpinion)}`} />}
      <ResourceDetail resourceKey="rectNotice" id={uuid} row={n} />
      <FlowTimeline base={BASE} id={uuid} />
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
        <Decision name="notice_review" label="审核意见" saving={saving} yes={can.pass ? '合格' : undefined} no={can.ret ? '退回' : undefined}
          onBack={() => navigate(-1)} onDecide={(yes, opinion) => save({ step: yes ? 'pass' : 'return', body: { opinion } })} />
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
      <FlowTimeline base={BASE} id={uuid} />
    </Card>
  );
}
