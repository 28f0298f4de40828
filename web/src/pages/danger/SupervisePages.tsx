/**
 * 整改督办 (aqjczgdbManager): the 督办 items — made by themselves from overdue notices and open 重大 hazards, or added by
 * hand — with their progress reports, 提级督办 by the province and 销号 by the item's level (a 重大 hazard's item
 * closes with the hazard's 复核); and the enterprise's side in 业务大厅 整改反馈, where it reports progress on the items
 * it is responsible for.
 */
import { useState } from 'react';
import { Alert, Button, Card, Empty, Form, Input, Modal, Skeleton, Space, Table, Tabs } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { supervise } from '@dg/core';
import { ResourceDetail, ResourcePage, useCan } from '../../components/resource';
import { useRow } from '../../components/resource/api';
import { useUserSide } from '../../components/resource/permission';
import type { Row } from '../../components/resource/types';
import { fmtMinute } from '../waybill/common';
import { useQueryParam } from '../../utils/pageNav';
import { useUserStore } from '../../store/user';
import { stepSupervise } from './api';
import { Decision, WorkflowState, WorkflowTimeline, useStepWrite } from '../../components/workflow';
import { INSPECTION_PATHS as PATHS } from './paths';
import { LobbyNotices } from './RectificationPages';
import { valuesAfterUploads } from '../../components/Upload';

const BASE = '/zgdb/supervise';
interface Report { at: string; by: string; side?: string; content: string }

const useSuperviseStep = (then?: (saved: Row) => void) =>
  useStepWrite(supervise, (a: { step: 'report' | 'feedback' | 'raise' | 'close'; row: Row; content?: string; opinion?: string | null }) =>
    stepSupervise(a.step, a.row.id, { version: a.row.version as number, content: a.content, opinion: a.opinion ?? null }), then);

/** 进展报告: a dialog with the progress, from the supervisor (`report`) or the enterprise (`feedback`) */
function ReportButton({ row, step, link }: { row: Row; step: 'report' | 'feedback'; link?: boolean }) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ content: string }>();
  const { save, saving } = useSuperviseStep(() => setOpen(false));
  const ok = async () => {
    let v: { content: string };
    try {
      v = await valuesAfterUploads(form);
    } catch {
      return;
    }
    await save({ step, row, content: v.content });
  };
  return (
    <>
      <Button type={link ? 'link' : 'default'} size={link ? 'small' : undefined} onClick={() => setOpen(true)}>进展报告</Button>
      <Modal open={open} title={`进展报告：${String(row.title)}`} okText="提交" cancelText="取消" confirmLoading={saving} onOk={ok} onCancel={() => setOpen(false)} destroyOnHidden>
        <Form form={form} name="supervise_report" layout="vertical">
          <Form.Item name="content" label="进展情况" rules={[{ required: true, whitespace: true, message: '请输入进展情况' }, { max: 1000, message: '进展情况不能超过1000个字符' }]}>
            <Input.TextArea rows={4} maxLength={1000} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** 提级督办: the province raises an item below 省级 to its own level, with the reason */
function RaiseButton({ row }: { row: Row }) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ opinion: string }>();
  const { save, saving } = useSuperviseStep(() => setOpen(false));
  const ok = async () => {
    let v: { opinion: string };
    try {
      v = await valuesAfterUploads(form);
    } catch {
      return;
    }
    await save({ step: 'raise', row, opinion: v.opinion });
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>提级督办</Button>
      <Modal open={open} title={`提级为省级督办：${String(row.title)}`} okText="提级" cancelText="取消" confirmLoading={saving} onOk={ok} onCancel={() => setOpen(false)} destroyOnHidden>
        <Form form={form} name="supervise_raise" layout="vertical">
          <Form.Item name="opinion" label="提级理由" rules={[{ required: true, whitespace: true, message: '请输入提级督办的理由' }, { max: 500, message: '提级理由不能超过500个字符' }]}>
            <Input.TextArea rows={3} maxLength={500} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

export function SuperviseList() {
  const navigate = useNavigate();
  const canReport = useCan('superviseManager:btn_report');
  return (
    <ResourcePage resourceKey="supervise" rowEditable={(r) => r.state === '督办中' && r.sourceType === '人工'} onDetail={(r) => navigate(PATHS.supervise(r.id))}
      extraActions={(row) => (canReport && row.state === '督办中' ? <ReportButton row={row} step="report" link /> : null)} />
  );
}

function Reports({ row }: { row: Row }) {
  const reports = (row.reports ?? []) as Report[];
  return (
    <Card size="small" title={`进展报告（${reports.length}）`} style={{ marginTop: 16 }}>
      <Table<Report> rowKey="at" size="small" pagination={false} dataSource={reports} locale={{ emptyText: '暂无进展报告' }} columns={[
        { title: '时间', dataIndex: 'at', width: 160, render: (v: string) => fmtMinute(v) },
        { title: '报告人', dataIndex: 'by', width: 140, render: (v: string, r) => `${v}（${r.side === 'enterprise' ? '责任单位' : '监管部门'}）` },
        { title: '进展情况', dataIndex: 'content' },
      ]} />
    </Card>
  );
}

export function SuperviseInfo() {
  const id = useQueryParam('id');
  const navigate = useNavigate();
  const side = useUserSide();
  const canReport = useCan('superviseManager:btn_report');
  const canClose = useCan('superviseManager:btn_close');
  const canRaise = useCan('superviseManager:btn_raise');
  const province = useUserStore((u) => /^\d{2}0000$/.test(u.info?.regionCode ?? ''));
  const row = useRow(supervise, id, { fresh: true });
  const { save, saving } = useSuperviseStep();
  if (row.isLoading) return <Card><Skeleton active /></Card>;
  if (!row.data) return <Card><Empty description="数据不存在或无权访问" /></Card>;
  const s = row.data;
  const open = s.state === '督办中';
  return (
    <Card title="督办事项详情" data-testid="supervise-info" extra={<Space><WorkflowState def={supervise} row={s} />{open && canReport && <ReportButton row={s} step="report" />}
      {open && canRaise && province && s.level !== '省级' && <RaiseButton row={s} />}</Space>}>
      <ResourceDetail resourceKey="supervise" id={id} row={s} />
      <Reports row={s} />
      <WorkflowTimeline base={BASE} id={id} />
      {open && s.sourceType === '重大隐患' ? (
        <>
          <Alert type="info" showIcon style={{ marginTop: 16 }} message={`重大隐患督办事项在隐患复核通过时一并销号（由${String(s.level)}监管部门复核）`} />
          <Button style={{ marginTop: 16 }} onClick={() => navigate(PATHS.superviseList)}>返回列表</Button>
        </>
      ) : open && canClose && side === 'government' ? (
        <Decision name="supervise_close" label="销号意见" saving={saving} yes="销号" onBack={() => navigate(PATHS.superviseList)}
          onDecide={(_yes, opinion) => save({ step: 'close', row: s, opinion })} />
      ) : <Button style={{ marginTop: 16 }} onClick={() => navigate(PATHS.superviseList)}>返回列表</Button>}
    </Card>
  );
}

/** 业务大厅 · 整改反馈: the notices in hand and the 督办 items the enterprise reports on */
export function LobbyFeedback() {
  const [params, setParams] = useSearchParams();
  const canReport = useCan('lobbyFeedbackManager:btn_report');
  const tab = params.get('tab') === 'supervise' ? 'supervise' : 'notices';
  return (
    <Tabs activeKey={tab} onChange={(k) => setParams(k === 'supervise' ? { tab: k } : {})} items={[
      { key: 'notices', label: '整改通知', children: <LobbyNotices /> },
      {
        key: 'supervise', label: '督办事项', children: (
          <ResourcePage resourceKey="supervise" title="督办事项" noWrite fixedFilters={{ state: ['督办中'] }}
            extraActions={(row) => (canReport ? <ReportButton row={row} step="feedback" link /> : null)} />
        ),
      },
    ]} />
  );
}
