/**
 * /profile/index 个人中心: name, mobile, email; 修改密码 (old, new with the password
 * rule, confirm); my last 20 logins.
 */
import { useEffect } from 'react';
import { Avatar, Button, Card, Col, Descriptions, Form, Input, Row, Table, Tabs, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import { DATE_FORMAT } from '@dg/core';
import { changePassword, getProfile, updateProfile, type LoginRecord, type Profile as ProfileData } from '../../api/user.ts';
import { message } from '../../app/antdStatic.tsx';
import { clearSession } from '../../app/session.ts';
import { useThemeColor } from '../../app/theme.ts';
import { useUserStore } from '../../store/user.ts';
import { required, ruleOf } from '../../utils/validate.ts';
import { setToken } from '../../utils/auth.ts';

const SIDE_LABEL: Record<string, string> = { enterprise: '企业用户', government: '政府用户', platform: '平台用户' };

const loginTime = (r: LoginRecord): string => dayjs(r.at).format(DATE_FORMAT);
const loginOk = (r: LoginRecord): boolean => /^(ok|success|成功|1)$/i.test(r.result);

/** the profile, or until (or unless) it answers what front/info already told */
type Shown = Pick<ProfileData, 'id' | 'username' | 'name' | 'side' | 'enterpriseName' | 'orgName'> & Partial<ProfileData>;

function BasicForm({ profile }: { profile: Shown }) {
  const [form] = Form.useForm<{ name: string; mobile?: string; email?: string }>();
  const queryClient = useQueryClient();
  useEffect(() => {
    form.setFieldsValue({ name: profile.name, mobile: profile.mobile ?? '', email: profile.email ?? '' });
  }, [form, profile]);
  const onFinish = async (v: { name: string; mobile?: string; email?: string }) => {
    await updateProfile({ name: v.name.trim(), mobile: v.mobile || undefined, email: v.email || undefined });
    useUserStore.setState({ name: v.name.trim() });
    await queryClient.invalidateQueries({ queryKey: ['profile'] });
    message().success('保存成功');
  };
  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 480 }} onFinish={(v) => void onFinish(v).catch(() => undefined)} data-testid="profile-form">
      <Form.Item label="姓名" name="name" rules={[required('姓名'), { min: 2, max: 20, message: '长度在 2 到 20 个字符' }]}>
        <Input data-testid="profile-name" />
      </Form.Item>
      <Form.Item label="手机" name="mobile" rules={[ruleOf('mobile')]}>
        <Input maxLength={11} data-testid="profile-mobile" />
      </Form.Item>
      <Form.Item label="邮箱" name="email" rules={[ruleOf('email')]}>
        <Input data-testid="profile-email" />
      </Form.Item>
      <Button type="primary" htmlType="submit" data-testid="profile-save">保存</Button>
    </Form>
  );
}

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

function PasswordForm() {
  const [form] = Form.useForm<PasswordValues>();
  const navigate = useNavigate();
  const onFinish = async (v: PasswordValues) => {
    const token = await changePassword({ oldPassword: v.oldPassword, newPassword: v.newPassword });
    // the change invalidates every earlier token; the server hands this session a new one
    if (typeof token === 'string' && token) {
      setToken(token);
      form.resetFields();
      message().success('密码修改成功');
      return;
    }
    message().success('密码已修改，请重新登录');
    await useUserStore.getState().logout().catch(() => undefined);
    clearSession();
    navigate('/login', { replace: true });
  };
  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 480 }} onFinish={(v) => void onFinish(v).catch(() => undefined)} data-testid="password-form">
      <Form.Item label="原密码" name="oldPassword" rules={[required('原密码')]}>
        <Input.Password autoComplete="current-password" data-testid="password-old" />
      </Form.Item>
      <Form.Item label="新密码" name="newPassword" rules={[required('新密码'), ruleOf('password')]}>
        <Input.Password autoComplete="new-password" data-testid="password-new" />
      </Form.Item>
      <Form.Item
        label="确认新密码"
        name="confirm"
        dependencies={['newPassword']}
        rules={[
          required('确认新密码'),
          ({ getFieldValue }) => ({
            validator: (_r, v: string) => (!v || v === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" data-testid="password-confirm" />
      </Form.Item>
      <Button type="primary" htmlType="submit" data-testid="password-save">修改密码</Button>
    </Form>
  );
}

export default function Profile() {
  const color = useThemeColor();
  const info = useUserStore((s) => s.info);
  const { data: loaded, isLoading } = useQuery({ queryKey: ['profile'], queryFn: getProfile });
  // until (or unless) the profile answers, show what front/info already told us
  const profile: Shown | undefined =
    loaded ?? (info ? { id: info.id, username: info.username, name: info.name, side: info.side, enterpriseName: info.enterpriseName, orgName: info.orgName } : undefined);
  const logins = (profile?.logins ?? []).slice(0, 20);

  return (
    <Row gutter={16} data-testid="profile-page">
      <Col xs={24} lg={8} style={{ marginBottom: 16 }}>
        <Card title="个人信息" loading={isLoading && !profile}>
          <div style={{ textAlign: 'center', marginBottom: 16 }}>
            <Avatar size={72} style={{ backgroundColor: color, fontSize: 28 }}>
              {(profile?.name ?? '?').slice(0, 1)}
            </Avatar>
            <div style={{ marginTop: 8, fontSize: 16, fontWeight: 600 }}>{profile?.name}</div>
          </div>
          <Descriptions column={1} size="small">
            <Descriptions.Item label="账号">{profile?.username}</Descriptions.Item>
            <Descriptions.Item label="用户类型">{profile?.side ? SIDE_LABEL[profile.side] ?? profile.side : ''}</Descriptions.Item>
            <Descriptions.Item label="所属单位">{profile?.enterpriseName || profile?.orgName || ''}</Descriptions.Item>
            <Descriptions.Item label="手机">{profile?.mobile ?? ''}</Descriptions.Item>
            <Descriptions.Item label="邮箱">{profile?.email ?? ''}</Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Card>
          <Tabs
            items={[
              { key: 'basic', label: '基本资料', children: profile ? <BasicForm profile={profile} /> : null },
              { key: 'password', label: '修改密码', children: <PasswordForm /> },
              {
                key: 'logins',
                label: '登录记录',
                children: (
                  <Table<LoginRecord>
                    size="small"
                    rowKey={(r) => `${r.at}-${r.ip ?? ''}-${r.result}`}
                    dataSource={logins}
                    pagination={false}
                    locale={{ emptyText: '暂无登录记录' }}
                    data-testid="profile-logins"
                    columns={[
                      { title: '时间', key: 'at', render: (_, r) => loginTime(r) },
                      { title: 'IP', key: 'ip', render: (_, r) => r.ip ?? '' },
                      {
                        title: '结果',
                        key: 'result',
                        render: (_, r) => (loginOk(r) ? <Tag color="success">成功</Tag> : <Tag color="error">{r.result || r.message || '失败'}</Tag>),
                      },
                    ]}
                  />
                ),
              },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
