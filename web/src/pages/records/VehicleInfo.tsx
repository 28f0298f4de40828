/**
 * 一车一档 (/fileManagement/vehicleBasicManager/info/:id): the vehicle, the tanks it carries and its
 * seven technical sub-records (日常维修 … 安全设施), each an embedded list under this vehicle.
 */
import { useNavigate } from 'react-router';
import { RecordInfo, SubmitAuditButton, infoPath, type SubRecordTab } from './common';

const RECORDS = ['vehicleDailyRepair', 'vehicleLevel1', 'vehicleLevel2', 'vehicleMaintain', 'vehicleGpsRepair', 'vehicleTyre', 'vehicleFacility'];

export default function VehicleInfo() {
  const navigate = useNavigate();
  const tabs: SubRecordTab[] = [
    { resourceKey: 'tank', label: '罐体', field: 'vehicleId', onDetail: (row) => navigate(infoPath('tankBasicManager', row.id)) },
    ...RECORDS.map((resourceKey) => ({ resourceKey, field: 'vehicleId' })),
  ];
  return <RecordInfo resourceKey="vehicle" tabs={tabs} extra={(row) => <SubmitAuditButton resourceKey="vehicle" row={row} type="primary" />} />;
}
