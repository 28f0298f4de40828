/**
 * /login (spec §2, §5; MODULES.md §0): 账号, 密码, 验证码 (image from getVerify, click to refresh, its
 * id goes back as verifyId; hidden when the server's config says captcha is off). The username is
 * trimmed; `?redirect=` is honoured; a user without any menu is told 没有权限，请联系管理员！.
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { getVerify, type Verify } from '../../api/auth.ts';
import { message } from '../../app/antdStatic.tsx';
import { entry, isSuperEntry } from '../../app/entry.ts';
import { clearSession, ensureSession, loadPublicConfig } from '../../app/session.ts';
import { useSettingsStore } from '../../store/settings.ts';
import { useUserStore } from '../../store/user.ts';
import { enterpriseLogo, governmentLogo } from '../../assets/logos.ts';
import './login.css';

interface LoginValues {
  username: string;
  password: string;
  verifyCode?: string;
}

/** only same-app paths, never back to /login or to another origin */
export function safeRedirect(raw: string | null): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/login')) return '/';
  return raw;
}

export default function Login() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<LoginValues>();
  const title = useSettingsStore((s) => s.title);
  const config = useSettingsStore((s) => s.config);
  const [configLoaded, setConfigLoaded] = useState(false);
  const [verify, setVerify] = useState<Verify | null>(null);
  const [verifyFailed, setVerifyFailed] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const login = useUserStore((s) => s.login);
  const captcha = configLoaded && config?.captcha !== false;

  useEffect(() => {
    void loadPublicConfig().finally(() => setConfigLoaded(true));
  }, []);

  const refreshVerify = useCallback(async () => {
    try {
      setVerify(await getVerify());
      setVerifyFailed(false);
    } catch {
      setVerify(null);
      setVerifyFailed(true);
    }
    form.setFieldValue('verifyCode', '');
  }, [form]);

  useEffect(() => {
    if (captcha) void refreshVerify();
  }, [captcha, refreshVerify]);

  const onFinish = async (values: LoginValues) => {
    setLoading(true);
    setError('');
    try {
      await login({
        username: values.username.trim(),
        password: values.password,
        ...(captcha ? { verifyId: verify?.verifyId ?? '', verifyCode: (values.verifyCode ?? '').trim() } : {}),
      });
      try {
        await ensureSession();
      } catch (e) {
        clearSession();
        throw e;
      }
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (e) {
      const msg = (e as Error)?.message || '登录失败';
      setError(msg);
      // the request client has already toasted server answers; other failures (no menu) are shown here
      if (!(e as { handled?: boolean }).handled) {
        message().error(msg);
      }
      if (captcha) void refreshVerify();
    } finally {
      setLoading(false);
    }
  };

  const superEntry = isSuperEntry();
  return (
    <div className="login-container" data-testid="login-page">
      <div className="login-box">
        <div className="login-head">
          <img src={superEntry ? governmentLogo : enterpriseLogo} alt="" />
          <div>
            <h1 data-testid="login-product-title">{title}</h1>
            <h2 data-testid="login-title">{entry().loginTitle}</h2>
          </div>
        </div>
        <Card>
          <Form<LoginValues> form={form} size="large" onFinish={onFinish} autoComplete="on" data-testid="login-form" requiredMark={false}>
            <Form.Item name="username" rules={[{ required: true, whitespace: true, message: '请输入账号' }]}>
              <Input prefix={<UserOutlined />} placeholder="账号" autoComplete="username" data-testid="login-username" aria-label="账号" />
            </Form.Item>
            <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
              <Input.Password prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password" data-testid="login-password" aria-label="密码" />
            </Form.Item>
            {captcha && (
              <Form.Item>
                <div className="login-captcha">
                  <Form.Item name="verifyCode" noStyle rules={[{ required: true, whitespace: true, message: '请输入验证码' }]}>
                    <Input prefix={<SafetyOutlined />} placeholder="验证码" maxLength={8} autoComplete="off" data-testid="login-captcha" aria-label="验证码" />
                  </Form.Item>
                  {verify ? (
                    <img src={verify.img} alt="验证码" title="看不清？点击刷新" data-testid="login-captcha-img" onClick={() => void refreshVerify()} />
                  ) : (
                    <span className="captcha-placeholder" data-testid="login-captcha-img" onClick={() => void refreshVerify()}>
                      {verifyFailed ? '获取失败，点击重试' : '加载中…'}
                    </span>
                  )}
                </div>
              </Form.Item>
            )}
            {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="login-error" />}
            <Button type="primary" htmlType="submit" block loading={loading} data-testid="login-submit">
              登录
            </Button>
          </Form>
        </Card>
        <div className="login-footer">
          {!superEntry && (
            <>
              还没有账号？<Link to="/userRegister" data-testid="login-register-link">企业注册</Link>
            </>
          )}
          {config?.version && <div style={{ marginTop: 8 }}>版本 {config.version}</div>}
        </div>
      </div>
    </div>
  );
}
