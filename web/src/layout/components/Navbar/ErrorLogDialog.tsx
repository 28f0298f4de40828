/** The dialog of the error log button (ErrorLog.tsx), loaded the first time it opens. */
import { Button, Modal, Table, Tag, Typography } from 'antd';
import { BugOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { DATE_FORMAT } from '@dg/core';
import { useErrorLogStore, type ErrorLogEntry } from '../../../store/errorLog.ts';

export default function ErrorLogDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const logs = useErrorLogStore((s) => s.logs);
  const clear = useErrorLogStore((s) => s.clearErrorLog);
  return (
    <Modal
      open={open}
      width="80%"
      title={
        <span>
          错误日志
          <Button size="small" type="primary" danger icon={<BugOutlined />} style={{ marginLeft: 12 }} data-testid="error-log-clear" onClick={() => { onClose(); clear(); }}>
            清空
          </Button>
        </span>
      }
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <Table<ErrorLogEntry>
        rowKey={(r) => `${r.time}-${r.message}`}
        dataSource={[...logs].reverse()}
        size="small"
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        data-testid="error-log-table"
        columns={[
          {
            title: '信息',
            key: 'message',
            width: '45%',
            render: (_, r) => (
              <div style={{ display: 'grid', gap: 6 }}>
                <div><Tag color="error">错误</Tag><span data-testid="error-log-message">{r.message}</span></div>
                <div><Tag color="warning">组件</Tag>{r.component}</div>
                <div><Tag color="success">地址</Tag><span style={{ wordBreak: 'break-all' }}>{r.url}</span></div>
                <div><Tag>时间</Tag>{dayjs(r.time).format(DATE_FORMAT)}</div>
              </div>
            ),
          },
          {
            title: '堆栈',
            dataIndex: 'stack',
            render: (s: string) => (
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', fontSize: 12, margin: 0, maxHeight: 240, overflow: 'auto' }}>{s}</Typography.Paragraph>
            ),
          },
        ]}
      />
    </Modal>
  );
}
