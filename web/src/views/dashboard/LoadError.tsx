/** What /dashboard shows when GET /index/dashboard fails: loaded only then, outside the first load's download budget. */
import { Alert, Button } from 'antd';

export default function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert
      type="warning"
      showIcon
      title="首页数据暂时无法获取"
      action={<Button size="small" onClick={onRetry}>重试</Button>}
      data-testid="dashboard-error"
    />
  );
}
