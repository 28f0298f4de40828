/**
 * 用户管理: the generic user list and form, plus 重置密码 and 解锁
 * (userManager:btn_resetPassword, userManager:btn_unlock).
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Popconfirm } from 'antd';
import ResourcePage from '../../components/resource/ResourcePage';
import { useCan } from '../../components/resource/permission';
import { useSave } from '../../components/resource/useSave';
import { refreshAfterWrite } from '../../components/resource/api';
import type { Row } from '../../components/resource/types';
import { required, ruleOf } from '../../utils/validate';
import { resetPassword, unlockUser } from './api';

function ResetPasswordDialog({ user, onClose }: { user: Row; onClose: () => void }) {
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const { save, saving } = useSave((password: string) => resetPassword(user.id, password), { success: '密码已重置，该用户需用新密码重新登录', then: onClose });
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (v) await save(v.password);
  };
  return (
    <Modal open title={`重置密码：${String(user.name ?? '')}（${String(user.username ?? '')}）`} onCancel={onClose} onOk={submit}
      confirmLoading={saving} okText="确定" cancelText="取消" destroyOnHidden mask={{ closable: false }}>
      <Form form={form} layout="vertical" name="reset_password">
        <Form.Item label="新密码" name="password" rules={[required('新密码'), ruleOf('password')]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="确认密码" name="confirm" dependencies={['password']} rules={[required('确认密码'),
          ({ getFieldValue }) => ({ validator: (_r, v) => (!v || v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致'))) })]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function UserManager() {
  const canReset = useCan('userManager:btn_resetPassword');
  const canUnlock = useCan('userManager:btn_unlock');
  const [resetting, setResetting] = useState<Row | null>(null);

  const queryClient = useQueryClient();
  const { save: unlock } = useSave((row: Row) => unlockUser(row.id), { success: '已解锁', refresh: () => refreshAfterWrite(queryClient, 'user') });
  const locked = (row: Row) => Boolean(row.lockedUntil && new Date(String(row.lockedUntil)).getTime() > Date.now());

  return (
    <>
      <ResourcePage
        resourceKey="user"
        extraActions={canReset || canUnlock ? (row) => (
          <>
            {canReset && <Button type="link" size="small" onClick={() => setResetting(row)}>重置密码</Button>}
            {canUnlock && locked(row) && (
              <Popconfirm title="提示" description="确定解锁该账户？" okText="确定" cancelText="取消" onConfirm={() => unlock(row)}>
                <Button type="link" size="small">解锁</Button>
              </Popconfirm>
            )}
          </>
        ) : undefined}
      />
      {resetting && <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />}
    </>
  );
}
