/** The pages of a routed record (./routedRecords.ts): its list with 新增 / 编辑 / 详情 opening its own edit and info pages. */
import { useNavigate } from 'react-router';
import { ResourcePage } from '../components/resource';
import { ResourceEditPage, ResourceInfoPage } from '../components/resource/ResourcePages';
import { routedRecord } from './routedRecords';

export function recordList(resourceKey: string) {
  const { paths } = routedRecord(resourceKey);
  return function RecordList() {
    const navigate = useNavigate();
    return <ResourcePage resourceKey={resourceKey} onAdd={() => navigate(paths.edit())} onEdit={(row) => navigate(paths.edit({ id: row.id }))}
      onDetail={(row) => navigate(paths.info(row.id))} />;
  };
}
export const recordEdit = (resourceKey: string) => function RecordEdit() {
  return <ResourceEditPage resourceKey={resourceKey} paths={routedRecord(resourceKey).paths} />;
};
export const recordInfo = (resourceKey: string) => function RecordInfo() {
  return <ResourceInfoPage resourceKey={resourceKey} paths={routedRecord(resourceKey).paths} />;
};
