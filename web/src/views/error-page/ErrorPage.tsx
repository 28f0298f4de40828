/** /404 and /401. */
import { Button, Result, Space } from 'antd';
import { useNavigate } from 'react-router';
import { getToken } from '../../utils/auth.ts';

export function NotFound() {
  const navigate = useNavigate();
  return (
    <div className="page-center" data-testid="page-404">
      <Result
        status="404"
        title="404"
        subTitle="抱歉，您访问的页面不存在，或您没有访问该页面的权限。"
        extra={<Button type="primary" onClick={() => navigate(getToken() ? '/dashboard' : '/login', { replace: true })}>返回首页</Button>}
      />
    </div>
  );
}

export function Unauthorized() {
  const navigate = useNavigate();
  return (
    <div className="page-center" data-testid="page-401">
      <Result
        status="403"
        title="401"
        subTitle="抱歉，您无权访问该页面。如需访问，请联系管理员分配权限。"
        extra={
          <Space>
            <Button type="primary" onClick={() => navigate('/dashboard', { replace: true })}>返回首页</Button>
            <Button onClick={() => navigate('/login', { replace: true })}>重新登录</Button>
          </Space>
        }
      />
    </div>
  );
}
