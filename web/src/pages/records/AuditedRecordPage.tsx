/**
 * 车辆基本信息 (vehicleBasicManager) and 罐体基本信息 (tankBasicManager): the generic list, with 详情
 * opening the record's file (一车一档 / 罐体档案) and 提交审核 on drafts and rejected rows.
 */
import { useNavigate } from 'react-router';
import { ResourcePage } from '../../components/resource';
import { SubmitAuditButton, infoPath } from './common';

export function auditedRecordPage(resourceKey: 'vehicle' | 'tank', menu: string) {
  return function AuditedRecordPage() {
    const navigate = useNavigate();
    return (
      <ResourcePage
        resourceKey={resourceKey}
        onDetail={(row) => navigate(infoPath(menu, row.id))}
        extraActions={(row) => <SubmitAuditButton resourceKey={resourceKey} row={row} />}
      />
    );
  };
}

export const VehiclePage = auditedRecordPage('vehicle', 'vehicleBasicManager');
export const TankPage = auditedRecordPage('tank', 'tankBasicManager');
