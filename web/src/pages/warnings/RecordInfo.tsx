/**
 * /alertMessgae/recordInfo/:resource/:id — the record a warning row is about (证照, 车辆, 罐体, 罐箱,
 * 人员), with a way on to its 档案管理 page. The server's info route applies the record's own
 * permission and data scope.
 */
import { Button, Card, Result, Space } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useNavigate, useParams } from 'react-router';
import { resourceByKey } from '@dg/core';
import { ResourceDetail } from '../../components/resource';
import { routeByCode } from '../../store/permission';

const ALLOWED = new Set(['enterprise', 'companyLicence', 'vehicle', 'tank', 'tankContainer', 'staff']);

export default function RecordInfo() {
  const { resource = '', id = '' } = useParams();
  const navigate = useNavigate();
  const def = ALLOWED.has(resource) ? resourceByKey(resource) : undefined;
  if (!def) return <Result status="404" title="记录不存在" />;
  const listPath = routeByCode(def.menu)?.path;
  return (
    <Card
      title={`${def.title}档案`}
      data-testid="record-info"
      extra={(
        <Space>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>返回</Button>
          {listPath && <Link to={listPath}><Button type="primary">前往{def.title}档案</Button></Link>}
        </Space>
      )}
    >
      <ResourceDetail resourceKey={def.key} id={id} />
    </Card>
  );
}
