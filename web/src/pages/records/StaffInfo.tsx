/** 一人一档 (/fileManagement/staffManager/info/:id): the person, with their 入职 (labour contracts) and 离职 history. */
import { RecordInfo } from './common';
import { EntryButton } from './EntryForm';
import { LeaveButton } from './StaffPage';

export default function StaffInfo() {
  return (
    <RecordInfo
      resourceKey="staff"
      tabs={[{ resourceKey: 'staffEntry', label: '入职记录', field: 'staffId' }, { resourceKey: 'staffLeave', label: '离职记录', field: 'staffId' }]}
      extra={(row) => (row.status === '离职' ? <EntryButton label="再入职" certificate={String(row.idCard ?? '')} /> : <LeaveButton row={row} />)}
    />
  );
}
