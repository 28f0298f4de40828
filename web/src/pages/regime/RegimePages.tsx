/**
 * 制度流程 (workflowManager, MODULES.md §6): the enterprise's safety regimes. A manager adopts the JT/T 912 regimes it
 * lacks as drafts, edits them (rich text), 发布 asks the chosen posts and people to read, 修订 makes the next version
 * (the old one stays readable as 已替代), and the info page lists who has read it — with 登记签阅 for paper sign-offs.
 * A member of staff signed in with a linked account sees 待我阅知 on top and confirms 已阅 on the regime's page. The
 * server decides every step (server/src/modules/regime/regimes.ts).
 */
import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Empty, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ResourcePage, formatDateTime, useHasElement, useSave } from '../../components/resource';
import { ResourceEditPage, ResourceInfoPage } from '../../components/resource/ResourcePages';
import { queryKeys, refreshAfterWrite } from '../../components/resource/api';
import type { Row } from '../../components/resource/types';
import { emitDataChanged } from '../../utils/dataChange';
import { StateTags, useFlowStep } from '../danger/FlowTimeline';
import { adoptRegimes, myRegimes, publishRegime, readRegime, recordReads, regimeReads, regimeTemplates, reviseRegime, type RegimeRead } from './api';
import { REGIME_PATHS } from './paths';

const paths = REGIME_PATHS.workflow;
const BASE = '/aqzd/regimeDoc';
const STATE_COLOR = { 草稿: 'default', 已发布: 'success', 已替代: 'warning' };
const MINE_KEY = ['regime', 'mine'];
const readsKey = (id: string) => ['regime', 'reads', id];

function PublishButton({ row, link }: { row: Row; link?: boolean }) {
  const { save, saving } = useFlowStep('regimeDoc', BASE, publishRegime);
  return (
    <Popconfirm title="发布后将请所选岗位和人员阅知，且不能再修改。确定发布？" okText="发布" onConfirm={() => save(row)}>
      <Button type={link ? 'link' : 'primary'} size={link ? 'small' : undefined} loading={saving} data-testid={`publish-${row.id}`}>发布</Button>
    </Popconfirm>
  );
}

function ReviseButton({ row, link }: { row: Row; link?: boolean }) {
  const navigate = useNavigate();
  const { save, saving } = useFlowStep('regimeDoc', BASE, reviseRegime, (draft) => navigate(paths.edit({ id: draft.id })));
  return (
    <Popconfirm title={`以第${row.revision}版为底稿生成第${Number(row.revision) + 1}版草稿？发布新版本后本版本转为“已替代”。`} okText="修订" onConfirm={() => save(row)}>
      <Button type={link ? 'link' : 'default'} size={link ? 'small' : undefined} loading={saving}>修订</Button>
    </Popconfirm>
  );
}

/** 采用JT/T 912制度: the regimes of the standard the enterprise has not yet, as drafts to complete */
function AdoptButton() {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const queryClient = useQueryClient();
  const templates = useQuery({ queryKey: ['regime', 'templates'], queryFn: regimeTemplates, enabled: open });
  const { save, saving } = useSave(adoptRegimes, {
    success: (rows) => `已生成${rows.length}项制度草稿，请补充完善后发布`,
    refresh: async () => { await refreshAfterWrite(queryClient, 'regimeDoc'); await queryClient.invalidateQueries({ queryKey: ['regime', 'templates'] }); },
    then: () => { setOpen(false); setChosen([]); },
  });
  const list = templates.data ?? [];
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="adopt-regimes">采用JT/T 912制度</Button>
      <Modal title="采用JT/T 912-2014规定的安全生产管理制度" open={open} onCancel={() => setOpen(false)} okText="生成草稿" confirmLoading={saving}
        okButtonProps={{ disabled: !chosen.length }} onOk={() => save(chosen)} destroyOnHidden>
        <Typography.Paragraph type="secondary">《道路危险货物运输企业安全生产管理制度编写要求》要求建立的制度中，本企业尚未建立的如下。生成的草稿含制度框架，请结合本企业实际补充后发布。</Typography.Paragraph>
        {list.length ? (
          <Checkbox.Group value={chosen} onChange={(v) => setChosen(v as string[])} style={{ display: 'grid', gap: 8 }}
            options={list.map((t) => ({ label: t, value: t }))} />
        ) : <Empty description={templates.isLoading ? '加载中' : '本企业已建立JT/T 912规定的全部制度'} />}
      </Modal>
    </>
  );
}

/** what the signed-in person was asked to read */
function MyReads() {
  const navigate = useNavigate();
  const mine = useQuery({ queryKey: MINE_KEY, queryFn: myRegimes });
  const rows = mine.data?.rows ?? [];
  if (!mine.data?.linked || !rows.length) return null;
  const unread = rows.filter((r) => !r.readAt).length;
  return (
    <Card size="small" title={<Space>待我阅知的制度{unread > 0 && <Tag color="error">{unread}项未阅</Tag>}</Space>} style={{ marginBottom: 16 }} data-testid="my-regimes">
      <Table rowKey="id" size="small" pagination={false} dataSource={rows}
        columns={[
          { title: '制度名称', dataIndex: 'title', render: (v: string, r) => <Typography.Link onClick={() => navigate(paths.info(r.id))}>{v}</Typography.Link> },
          { title: '版本', dataIndex: 'revision', width: 80, render: (v: number) => `第${v}版` },
          { title: '生效日期', dataIndex: 'effectiveDate', width: 120 },
          { title: '阅知', dataIndex: 'readAt', width: 200, render: (v: string | null) => (v ? <Tag color="success">已阅 {formatDateTime(v)}</Tag> : <Tag color="error">未阅</Tag>) },
          { title: '操作', width: 90, render: (_: unknown, r) => <Button type="link" size="small" onClick={() => navigate(paths.info(r.id))}>{r.readAt ? '查看' : '阅读'}</Button> },
        ]} />
    </Card>
  );
}

export function RegimeList() {
  const navigate = useNavigate();
  const canPublish = useHasElement('workflowManager:btn_publish');
  const canAdd = useHasElement('workflowManager:btn_add');
  return (
    <>
      <MyReads />
      <ResourcePage resourceKey="regimeDoc" title="制度流程" rowEditable={(r) => r.state === '草稿'}
        onAdd={() => navigate(paths.edit())} onEdit={(r) => navigate(paths.edit({ id: r.id }))} onDetail={(r) => navigate(paths.info(r.id))}
        toolbarExtra={canAdd ? <AdoptButton /> : null}
        extraActions={(row) => (
          <>
            {canPublish && row.state === '草稿' && <PublishButton row={row} link />}
            {canAdd && row.state === '已发布' && <ReviseButton row={row} link />}
          </>
        )} />
    </>
  );
}

export function RegimeEdit() {
  return <ResourceEditPage resourceKey="regimeDoc" paths={paths} title={{ add: '新增制度', edit: '编辑制度' }} />;
}

/** who was asked to read it; the manager records paper sign-offs of those who have not read it in the system */
function ReadsCard({ row }: { row: Row }) {
  const canRecord = useHasElement('workflowManager:btn_edit');
  const queryClient = useQueryClient();
  const reads = useQuery({ queryKey: readsKey(row.id), queryFn: () => regimeReads(row.id), enabled: row.state !== '草稿' });
  const [picked, setPicked] = useState<string[]>([]);
  const { save, saving } = useSave((ids: string[]) => recordReads(row.id, ids), {
    success: (r) => `已登记${r.recorded}人签阅`,
    refresh: async () => { await queryClient.invalidateQueries({ queryKey: readsKey(row.id) }); await queryClient.invalidateQueries({ queryKey: queryKeys.all('regimeDoc') }); },
    then: () => setPicked([]),
  });
  if (row.state === '草稿') return <Alert type="info" showIcon message="草稿尚未发布：发布时将请“阅知岗位”的全部在职人员和“阅知人员”阅读。" style={{ marginTop: 16 }} />;
  const list = reads.data ?? [];
  const done = list.filter((r) => r.readAt).length;
  return (
    <Card size="small" style={{ marginTop: 16 }} data-testid="regime-reads"
      title={<Space>阅知情况<Tag color={done === list.length ? 'success' : 'warning'}>已阅 {done} / {list.length}</Tag></Space>}
      extra={canRecord && <Button size="small" disabled={!picked.length} loading={saving} onClick={() => save(picked)} data-testid="record-reads">登记签阅（{picked.length}）</Button>}>
      <Table<RegimeRead> rowKey="staffId" size="small" loading={reads.isLoading} dataSource={list} pagination={{ pageSize: 20, hideOnSinglePage: true }}
        rowSelection={canRecord ? { selectedRowKeys: picked, onChange: (keys) => setPicked(keys as string[]), getCheckboxProps: (r) => ({ disabled: Boolean(r.readAt) }) } : undefined}
        columns={[
          { title: '姓名', dataIndex: 'staffName' },
          { title: '岗位', dataIndex: 'post', width: 140 },
          { title: '阅知', dataIndex: 'readAt', width: 120, render: (v: string | null) => (v ? <Tag color="success">已阅</Tag> : <Tag color="error">未阅</Tag>) },
          { title: '阅知时间', dataIndex: 'readAt', width: 180, render: (v: string | null) => (v ? formatDateTime(v) : '') },
          { title: '方式', dataIndex: 'recordedBy', width: 160, render: (v: string | null, r) => (!r.readAt ? '' : v ? `纸质签阅（${v}登记）` : '系统内阅知') },
        ]} />
    </Card>
  );
}

/** 我已阅知, for a person asked to read this regime */
function AcknowledgeButton({ row }: { row: Row }) {
  const queryClient = useQueryClient();
  const mine = useQuery({ queryKey: MINE_KEY, queryFn: myRegimes });
  const me = mine.data?.rows.find((r) => r.id === row.id);
  const { save, saving } = useSave(() => readRegime(row.id), {
    success: '已确认阅知',
    refresh: async () => {
      await queryClient.invalidateQueries({ queryKey: MINE_KEY });
      await queryClient.invalidateQueries({ queryKey: readsKey(row.id) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.all('regimeDoc') }); // the 已阅 count of the row and the lists
      emitDataChanged('regimeDoc'); // the bell
    },
  });
  if (!me) return null;
  if (me.readAt) return <Tag color="success">您已于{formatDateTime(me.readAt)}阅知</Tag>;
  return (
    <Popconfirm title="确认已认真阅读本制度并遵照执行？" okText="确认" onConfirm={() => save(undefined)}>
      <Button type="primary" loading={saving} data-testid="acknowledge">我已阅知</Button>
    </Popconfirm>
  );
}

export function RegimeInfo() {
  const canPublish = useHasElement('workflowManager:btn_publish');
  const canAdd = useHasElement('workflowManager:btn_add');
  return (
    <ResourceInfoPage resourceKey="regimeDoc" paths={paths} title="制度详情" editable={(r) => r.state === '草稿'}
      extra={(row) => (
        <>
          <StateTags row={row} colors={STATE_COLOR} />
          <AcknowledgeButton row={row} />
          {canPublish && row.state === '草稿' && <PublishButton row={row} />}
          {canAdd && row.state === '已发布' && <ReviseButton row={row} />}
        </>
      )}>
      {(row) => <ReadsCard row={row} />}
    </ResourceInfoPage>
  );
}

