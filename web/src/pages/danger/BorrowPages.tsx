/**
 * 档案借阅 (rectificationBorrowManager): requests to read archived rectification records; the detail at
 * /rectificationManager/rectificationRecordBorrowApprovalInfor/{uuid}/{recordId} carries 批准 / 驳回 for a government
 * user other than the applicant, and shows the record itself only while the request is approved and not past its date.
 */
import { Alert, Button, Card, Descriptions, Empty, Popconfirm, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { rectBorrow, rectNotice } from '@dg/core';
import { ResourceDetail, ResourcePage, useCan, useFormatContext } from '../../components/resource';
import { detailItems } from '../../components/resource/ResourceDetail';
import { useRow } from '../../components/resource/api';
import { useUserSide } from '../../components/resource/permission';
import type { Row } from '../../components/resource/types';
import { useUserStore } from '../../store/user';
import { readBorrowed, stepBorrow, type BorrowStep } from './api';
import { Decision, WorkflowState, WorkflowTimeline, useStepWrite } from '../../components/workflow';
import { INSPECTION_PATHS as PATHS } from './paths';

const BASE = '/zggl/rectBorrow';
const useBorrowStep = (then?: (saved: Row) => void) =>
  useStepWrite(rectBorrow, (a: { step: BorrowStep; row: Row; opinion?: string | null }) => stepBorrow(a.step, a.row.id, { version: a.row.version as number, opinion: a.opinion ?? null }), then);

function GiveBack({ row, link }: { row: Row; link?: boolean }) {
  const { save, saving } = useBorrowStep();
  return (
    <Popconfirm title="归还" description="归还后不能再查阅该整改记录。确定归还？" okText="归还" cancelText="取消" onConfirm={() => save({ step: 'giveBack', row })}>
      <Button type={link ? 'link' : 'default'} size={link ? 'small' : undefined} loading={saving}>归还</Button>
    </Popconfirm>
  );
}

export function BorrowList() {
  const navigate = useNavigate();
  const side = useUserSide();
  const canApprove = useCan('rectificationBorrowManager:btn_approve');
  const canReturn = useCan('rectificationBorrowManager:btn_return');
  const open = (r: Row) => navigate(PATHS.borrow(r.id, String(r.recordId)));
  return (
    // the borrowings of rectification records: 安全考核's screen lists its own kind of the same rows
    <ResourcePage resourceKey="rectBorrow" fixedFilters={{ archiveKind: '整改记录' }} columns={['recordId', 'enterpriseId', 'purpose', 'until', 'state', 'readable', 'applicant']}
      rowEditable={(r) => r.state === '待审批'} onDetail={open}
      extraActions={(row) => (
        <>
          {row.readable === true && <Button type="link" size="small" onClick={() => open(row)}>查阅</Button>}
          {canApprove && side === 'government' && row.state === '待审批' && <Button type="link" size="small" onClick={() => open(row)}>审批</Button>}
          {canReturn && row.state === '已批准' && <GiveBack row={row} link />}
        </>
      )} />
  );
}

function BorrowedRecord({ id }: { id: string }) {
  const ctx = useFormatContext();
  const record = useQuery({ queryKey: ['rectBorrow', 'read', id], queryFn: () => readBorrowed(id) });
  if (record.isLoading) return <Skeleton active />;
  if (!record.data) return null;
  return (
    <Card size="small" title="借阅的整改记录" style={{ marginTop: 16 }} data-testid="borrowed-record">
      <Descriptions bordered size="small" column={2} items={detailItems(rectNotice, record.data, ctx)} />
    </Card>
  );
}

export function BorrowPage() {
  const { uuid = '' } = useParams();
  const navigate = useNavigate();
  const side = useUserSide();
  const me = useUserStore((s) => s.name);
  const canApprove = useCan('rectificationBorrowManager:btn_approve');
  const canReturn = useCan('rectificationBorrowManager:btn_return');
  const row = useRow(rectBorrow, uuid, { fresh: true });
  const { save, saving } = useBorrowStep();
  if (row.isLoading) return <Card><Skeleton active /></Card>;
  if (!row.data) return <Card><Empty description="数据不存在或无权访问" /></Card>;
  const b = row.data;
  const deciding = canApprove && side === 'government' && b.state === '待审批' && b.applicant !== me;
  return (
    <Card title="档案借阅" data-testid="borrow-page" extra={<><WorkflowState def={rectBorrow} row={b} />{canReturn && b.state === '已批准' && <GiveBack row={b} />}</>}>
      <ResourceDetail resourceKey="rectBorrow" id={uuid} row={b} />
      {b.readable === true ? <BorrowedRecord id={uuid} />
        : <Alert type="info" showIcon style={{ marginTop: 16 }} message={b.state === '已批准' ? `借阅已于${String(b.until)}到期` : `借阅申请${String(b.state)}，批准后在截止日期前可查阅整改记录`} />}
      <WorkflowTimeline base={BASE} id={uuid} />
      {deciding ? (
        <Decision name="borrow_approval" label="审批意见" saving={saving} yes="批准" no="驳回" onBack={() => navigate(PATHS.borrowList)}
          onDecide={(yes, opinion) => save({ step: yes ? 'approve' : 'reject', row: b, opinion })} />
      ) : <Button style={{ marginTop: 16 }} onClick={() => navigate(PATHS.borrowList)}>返回列表</Button>}
    </Card>
  );
}
