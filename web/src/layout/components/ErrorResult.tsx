/** What ErrorBoundary shows in place of a failed page. */
import { Button, Result } from 'antd';

export default function ErrorResult({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Result
      status="error"
      title="页面出错了"
      subTitle={message}
      extra={
        <Button type="primary" onClick={onRetry}>
          重试
        </Button>
      }
    />
  );
}
