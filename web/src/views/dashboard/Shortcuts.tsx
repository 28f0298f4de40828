/** pageB's home: the super admin has no business figures, so the home page lists the pages they hold. */
import { Card, Col, Empty, Row, Typography } from 'antd';
import { Link } from 'react-router';
import { MenuIcon } from '../../layout/components/Sidebar/icons.tsx';
import { usePermissionStore } from '../../store/permission.ts';
import { useUserStore } from '../../store/user.ts';

export default function Shortcuts() {
  const routes = usePermissionStore((s) => s.routes).filter((r) => !r.isDir && !r.hidden);
  const name = useUserStore((s) => s.name);
  return (
    <Card title={`欢迎，${name}`} data-testid="dashboard-shortcuts">
      <Typography.Paragraph type="secondary">超级管理员控制台：菜单与元素、角色类型、组织机构、服务管理与监控。</Typography.Paragraph>
      {routes.length === 0 ? (
        <Empty description="暂无可用功能" />
      ) : (
        <Row gutter={[16, 16]}>
          {routes.map((r) => (
            <Col key={r.code} xs={12} sm={8} md={6} xl={4}>
              <Link to={r.path}>
                <Card hoverable size="small" styles={{ body: { textAlign: 'center', padding: 16 } }}>
                  <div style={{ fontSize: 28 }}><MenuIcon name={r.icon} /></div>
                  <div style={{ marginTop: 8 }}>{r.title}</div>
                </Card>
              </Link>
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}
