/** 罐体基本信息 (tankBasicManager): the generic list, with 详情 opening the tank's file and 提交审核 on drafts. */
import { useNavigate } from 'react-router';
import { ResourcePage } from '../../components/resource';
import { SubmitAuditButton, infoPath } from './common';

export default function TankPage() {
  const navigate = useNavigate();
  return (
    <ResourcePage
      resourceKey="tank"
      onDetail={(row) => navigate(infoPath('tankBasicManager', row.id))}
      extraActions={(row) => <SubmitAuditButton resourceKey="tank" row={row} />}
    />
  );
}
