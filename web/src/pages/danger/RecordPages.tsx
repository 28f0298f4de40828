/**
 * The plain safety records of 隐患排查治理 (安全会议, 检查项目, 检查类型, 培训台账, 违章人员台账, 整改台账): the resource's
 * list, with 新增 / 编辑 / 详情 on their routed pages (./paths.ts). Everything else is the definition's.
 */
import { useNavigate } from 'react-router';
import { ResourcePage } from '../../components/resource';
import { ResourceEditPage, ResourceInfoPage } from '../../components/resource/ResourcePages';
import { DANGER_PATHS, type DangerScreen } from './paths';

export function recordList(key: DangerScreen, resourceKey: string = key) {
  return function RecordList() {
    const navigate = useNavigate();
    const paths = DANGER_PATHS[key];
    return <ResourcePage resourceKey={resourceKey} onAdd={() => navigate(paths.edit())} onEdit={(row) => navigate(paths.edit({ id: row.id }))}
      onDetail={(row) => navigate(paths.info(row.id))} />;
  };
}
export const recordEdit = (key: DangerScreen, resourceKey: string = key) => function RecordEdit() {
  return <ResourceEditPage resourceKey={resourceKey} paths={DANGER_PATHS[key]} />;
};
export const recordInfo = (key: DangerScreen, resourceKey: string = key) => function RecordInfo() {
  return <ResourceInfoPage resourceKey={resourceKey} paths={DANGER_PATHS[key]} />;
};
