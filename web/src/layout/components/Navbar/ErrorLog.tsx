/** components/ErrorLog (REFERENCE-shell §4.6): a red dot button while there are logs; a dialog lists them. */
import { useState } from 'react';
import { Badge, Button, Modal, Table, Tag, Typography } from 'antd';
import { BugOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { DATE_FORMAT } from '@dg/core';
import { useErrorLogStore, type ErrorLogEntry } from '../../../store/errorLog.ts';

export default function ErrorLog() {
  const logs = useErrorLogStore((s) => s.logs);
  const clear = useErrorLogStore((s) => s.clearErrorLog);
  const [open, setOpen] = useState(false);
  if (logs.length === 0) return null;

  return (
    <>
      <button type="button" className="right-menu-item" data-testid="error-log" onClick={() => setOpen(true)} aria-label="错误日志" title="错误日志">
        <Badge dot>
          <BugOutlined style={{ fontSize: 18, color: '#f5222d' }} />
        </Badge>
      </button>
      <Modal
        open={open}
        width="80%"
        title={
          <span>
            错误日志
            <Button size="small" type="primary" danger icon={<BugOutlined />} style={{ marginLeft: 12 }} data-testid="error-log-clear" onClick={() => { setOpen(false); clear(); }}>
              清空
            </Button>
          </span>
        }
        footer={null}
        onCancel={() => setOpen(false)}
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
    </>
  );
}
