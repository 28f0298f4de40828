/** 车辆基本信息 (vehicleBasicManager): the generic list, with 详情 opening 一车一档 and 提交审核 on drafts. */
import { useNavigate } from 'react-router';
import { ResourcePage } from '../../components/resource';
import { SubmitAuditButton, infoPath } from './common';

export default function VehiclePage() {
  const navigate = useNavigate();
  return (
    <ResourcePage
      resourceKey="vehicle"
      onDetail={(row) => navigate(infoPath('vehicleBasicManager', row.id))}
      extraActions={(row) => <SubmitAuditButton resourceKey="vehicle" row={row} />}
    />
  );
}
