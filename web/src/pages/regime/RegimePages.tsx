/**
 * 制度流程 (workflowManager): the enterprise's safety regimes. A manager adopts the JT/T 912 regimes it
 * lacks as drafts, edits them (rich text), 发布 asks the chosen posts and people to read, 修订 makes the next version
 * (the old one stays readable as 已替代), and the info page lists who has read it — with 登记签阅 for paper sign-offs.
 * A member of staff signed in with a linked account sees 待我阅知 on top and confirms 已阅 on the regime's page. The
 * server decides every step (server/src/modules/regime/regimes.ts).
 */
import { useState } from 'react';
import { Button, Checkbox, Empty, Modal, Popconfirm, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ResourcePage, useCan, useSave } from '../../components/resource';
import { ResourceEditPage, ResourceInfoPage } from '../../components/resource/ResourcePages';
import { refreshAfterWrite } from '../../components/resource/api';
import type { Row } from '../../components/resource/types';
import { regimeDoc } from '@dg/core';
import { WorkflowState, useStepWrite } from '../../components/workflow';
import { adoptRegimes, publishRegime, regimeTemplates, reviseRegime } from './api';
import { AcknowledgeButton, MyStaffReads, StaffReadsCard } from '../../components/StaffReads';
import { REGIME_PATHS } from './paths';

const paths = REGIME_PATHS.workflow;
const BASE = '/aqzd/regimeDoc';

function PublishButton({ row, link }: { row: Row; link?: boolean }) {
  const { save, saving } = useStepWrite(regimeDoc, publishRegime);
  return (
    <Popconfirm title="发布后将请所选岗位和人员阅知，且不能再修改。确定发布？" okText="发布" onConfirm={() => save(row)}>
      <Button type={link ? 'link' : 'primary'} size={link ? 'small' : undefined} loading={saving} data-testid={`publish-${row.id}`}>发布</Button>
    </Popconfirm>
  );
}

function ReviseButton({ row, link }: { row: Row; link?: boolean }) {
  const navigate = useNavigate();
  const { save, saving } = useStepWrite(regimeDoc, reviseRegime, (draft) => navigate(paths.edit({ id: draft.id })));
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

export function RegimeList() {
  const navigate = useNavigate();
  const canPublish = useCan('workflowManager:btn_publish');
  const canAdd = useCan('workflowManager:btn_add');
  return (
    <>
      <MyStaffReads base={BASE} title="待我阅知的制度" infoPath={paths.info} extraColumns={[
        { title: '版本', dataIndex: 'revision', width: 80, render: (v: number) => `第${v}版` },
        { title: '生效日期', dataIndex: 'effectiveDate', width: 120 },
      ]} />
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

export function RegimeInfo() {
  const canPublish = useCan('workflowManager:btn_publish');
  const canAdd = useCan('workflowManager:btn_add');
  return (
    <ResourceInfoPage resourceKey="regimeDoc" paths={paths} title="制度详情" editable={(r) => r.state === '草稿'}
      extra={(row) => (
        <>
          <WorkflowState def={regimeDoc} row={row} />
          <AcknowledgeButton row={row} base={BASE} resourceKey="regimeDoc" what="制度" />
          {canPublish && row.state === '草稿' && <PublishButton row={row} />}
          {canAdd && row.state === '已发布' && <ReviseButton row={row} />}
        </>
      )}>
      {(row) => <StaffReadsCard row={row} base={BASE} menu="workflowManager" resourceKey="regimeDoc"
        draftHint="草稿尚未发布：发布时将请“阅知岗位”的全部在职人员和“阅知人员”阅读。" />}
    </ResourceInfoPage>
  );
}

