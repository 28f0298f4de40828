/** A service client's secret, shown once: after 新增 or 重置密钥. */
import { Alert, Button, Modal, Typography } from 'antd';

export default function SecretDialog({ code, secret, onClose }: { code: string; secret: string; onClose: () => void }) {
  return (
    <Modal open title="服务密钥" onCancel={onClose} mask={{ closable: false }} destroyOnHidden
      footer={<Button type="primary" onClick={onClose}>我已妥善保存</Button>}>
      <Alert type="warning" showIcon title="密钥只显示这一次，关闭后无法再次查看；遗失请重置密钥。" style={{ marginBottom: 16 }} />
      <p>服务编码：<Typography.Text code>{code}</Typography.Text></p>
      <p>服务密钥：</p>
      <Typography.Paragraph copyable={{ text: secret, tooltips: ['复制', '已复制'] }} code style={{ wordBreak: 'break-all' }} data-testid="service-secret">
        {secret}
      </Typography.Paragraph>
      <Typography.Text type="secondary">调用方式：POST /api/open/token {'{ code, secret }'} 取得一小时有效的服务令牌，放在 Authorization 请求头中调用开放接口。</Typography.Text>
    </Modal>
  );
}
