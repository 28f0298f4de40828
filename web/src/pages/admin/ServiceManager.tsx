/**
 * 服务管理: API clients of integrations. The secret is shown once — after 新增 and after
 * 重置密钥 (serviceManager:btn_resetSecret); the server keeps only its hash.
 */
import { useState } from 'react';
import { Button, Popconfirm } from 'antd';
import { useCan } from '../../components/resource/permission';
import { ResourcePage, useSave } from '../../components/resource';
import SecretDialog from './SecretDialog';
import { resetSecret } from './api';

export default function ServiceManager() {
  const canReset = useCan('serviceManager:btn_resetSecret');
  const [shown, setShown] = useState<{ code: string; secret: string } | null>(null);
  const { save: reset } = useSave(({ id }: { id: string; refresh: () => Promise<void> }) => resetSecret(id), {
    refresh: (r, { refresh }) => { setShown({ code: r.code, secret: r.secret }); return refresh(); },
  });

  return (
    <>
      <ResourcePage
        resourceKey="serviceClient"
        onSaved={(row, mode) => {
          if (mode === 'add' && typeof row.secret === 'string') setShown({ code: String(row.code), secret: row.secret });
        }}
        extraActions={canReset ? (row, refresh) => (
          <Popconfirm title="重置密钥" description="重置后旧密钥和用它取得的令牌立即失效，确定重置？" okText="确定" cancelText="取消"
            onConfirm={() => reset({ id: row.id, refresh })}>
            <Button type="link" size="small">重置密钥</Button>
          </Popconfirm>
        ) : undefined}
      />
      {shown && <SecretDialog code={shown.code} secret={shown.secret} onClose={() => setShown(null)} />}
    </>
  );
}
