/**
 * 人员档案 (staffManager): the generic list; 详情 opens 一人一档; 办理入职 looks a person up by certificate;
 * 离职 (for people 在职) records the leave — the person's record is kept.
 */
import { useState } from 'react';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { ResourceForm, ResourcePage, useCan, type Row } from '../../components/resource';
import { infoPath } from './common';
import { EntryButton } from './EntryForm';

export function LeaveButton({ row }: { row: Row }) {
  const allowed = useCan('staffLeaveManager:btn_add');
  const [open, setOpen] = useState(false);
  if (!allowed || row.status !== '在职') return null;
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)}>离职</Button>
      {open && <ResourceForm resourceKey="staffLeave" open mode="add" presets={{ staffId: row.id }} title={`办理离职：${String(row.name ?? '')}`} onClose={() => setOpen(false)} />}
    </>
  );
}

export default function StaffPage() {
  const navigate = useNavigate();
  return (
    <ResourcePage
      resourceKey="staff"
      onDetail={(row) => navigate(infoPath('staffManager', row.id))}
      toolbarExtra={<EntryButton />}
      extraActions={(row) => (row.status === '离职' ? <EntryButton type="link" label="再入职" certificate={String(row.idCard ?? '')} /> : <LeaveButton row={row} />)}
    />
  );
}
