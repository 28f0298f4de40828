/** components/ErrorLog (vue-element-admin's): a red dot button while there are logs; a dialog (ErrorLogDialog.tsx) lists them. */
import { lazy, Suspense, useState } from 'react';
import { Badge } from 'antd';
import { BugOutlined } from '@ant-design/icons';
import { useErrorLogStore } from '../../../store/errorLog.ts';

const ErrorLogDialog = lazy(() => import('./ErrorLogDialog.tsx'));

export default function ErrorLog() {
  const count = useErrorLogStore((s) => s.logs.length);
  const [open, setOpen] = useState(false);
  if (count === 0) return null;

  return (
    <>
      <button type="button" className="right-menu-item" data-testid="error-log" onClick={() => setOpen(true)} aria-label="错误日志" title="错误日志">
        <Badge dot>
          <BugOutlined style={{ fontSize: 18, color: '#f5222d' }} />
        </Badge>
      </button>
      {open && (
        <Suspense fallback={null}>
          <ErrorLogDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
