/** 罐体档案 (/fileManagement/tankBasicManager/info/:id): the tank, a link to its vehicle, and its 定期检验 / 维修 / 保养 records. */
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { RecordInfo, SubmitAuditButton, infoPath } from './common';
import { useCan } from '../../components/resource';

export default function TankInfo() {
  const navigate = useNavigate();
  const seesVehicles = useCan('vehicleBasicManager');
  return (
    <RecordInfo
      resourceKey="tank"
      tabs={[{ resourceKey: 'tankCheck', field: 'tankId' }, { resourceKey: 'tankRepair', field: 'tankId' }, { resourceKey: 'tankMaintain', field: 'tankId' }]}
      extra={(row) => (
        <>
          {seesVehicles && typeof row.vehicleId === 'string' && row.vehicleId && (
            <Button onClick={() => navigate(infoPath('vehicleBasicManager', String(row.vehicleId)))}>所属车辆：{String(row.vehicleIdLabel ?? '')}</Button>
          )}
          <SubmitAuditButton resourceKey="tank" row={row} type="primary" />
        </>
      )}
    />
  );
}
