/**
 * /login: 账号, 密码, 验证码 (image from getVerify, click to refresh, its
 * id goes back as verifyId; hidden when the server's config says captcha is off, until a refusal says this
 * sign-in needs one: after repeated failures an account asks for it even then). The username is
 * trimmed; `?redirect=` is honoured; a user without any menu is told 没有权限，请联系管理员！.
 * Plain form elements styled like antd's (login.css): the first page anyone loads carries no antd
 * (its download budget, e2e/shell/bundle.test.ts: ≤ 150 KB of compressed JavaScript); a toast loads antd's message on first use.
 */
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
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

type Errors = Partial<Record<keyof LoginValues, string>>;

const REQUIRED: [keyof LoginValues, string][] = [['username', '请输入账号'], ['password', '请输入密码'], ['verifyCode', '请输入验证码']];

/** one input with its icon and, under it, the field's message (antd Form.Item's look) */
function Field({ icon, error, children }: { icon: ReactNode; error?: string; children: ReactNode }) {
  return (
    <div className={'login-field' + (error ? ' has-error' : '')}>
      <span className="login-input">
        <span className="login-input-icon" aria-hidden>{icon}</span>
        {children}
      </span>
      {error && <div className="login-field-error" role="alert">{error}</div>}
    </div>
  );
}

const svg = (d: string) => <svg viewBox="0 0 1024 1024" width="1em" height="1em" fill="currentColor"><path d={d} /></svg>;
// outlines of antd's UserOutlined, LockOutlined, SafetyOutlined (simplified)
const ICON_USER = svg('M858.5 763.6a374 374 0 00-80.6-119.5 375.63 375.63 0 00-119.5-80.6c-.4-.2-.8-.3-1.2-.5C719.5 518 760 444.7 760 362c0-137-111-248-248-248S264 225 264 362c0 82.7 40.5 156 102.8 201.1-.4.2-.8.3-1.2.5-44.8 18.9-85 46-119.5 80.6a375.63 375.63 0 00-80.6 119.5A371.7 371.7 0 00136 901.8a8 8 0 008 8.2h60c4.4 0 7.9-3.5 8-7.8 2-77.2 33-149.5 87.8-204.3 56.7-56.7 132-87.9 212.2-87.9s155.5 31.2 212.2 87.9C779 752.7 810 825 812 902.2c.1 4.4 3.6 7.8 8 7.8h60a8 8 0 008-8.2c-1-47.8-10.9-94.3-29.5-138.2zM512 534c-45.9 0-89.1-17.9-121.6-50.4S340 407.9 340 362c0-45.9 17.9-89.1 50.4-121.6S466.1 190 512 190s89.1 17.9 121.6 50.4S684 316.1 684 362c0 45.9-17.9 89.1-50.4 121.6S557.9 534 512 534z');
const ICON_LOCK = svg('M832 464h-68V240c0-70.7-57.3-128-128-128H388c-70.7 0-128 57.3-128 128v224h-68c-17.7 0-32 14.3-32 32v384c0 17.7 14.3 32 32 32h640c17.7 0 32-14.3 32-32V496c0-17.7-14.3-32-32-32zM332 240c0-30.9 25.1-56 56-56h248c30.9 0 56 25.1 56 56v224H332V240zm460 600H232V536h560v304zM484 701v53c0 4.4 3.6 8 8 8h40c4.4 0 8-3.6 8-8v-53a48.01 48.01 0 10-56 0z');
const ICON_SAFETY = svg('M866.9 169.9L527.1 54.1C523 52.7 517.5 52 512 52s-11 .7-15.1 2.1L157.1 169.9c-8.3 2.8-15.1 12.4-15.1 21.2v482.4c0 8.8 5.7 20.4 12.6 25.9L499.3 968c3.5 2.7 8 4.1 12.6 4.1s9.2-1.4 12.6-4.1l344.7-268.6c6.9-5.4 12.6-17 12.6-25.9V191.1c.2-8.8-6.6-18.3-14.9-21.2zM810 654.3L512 886.5 214 654.3V226.7l298-101.6 298 101.6v427.6z');

/** only same-app paths, never back to /login or to another origin */
export function safeRedirect(raw: string | null): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/login')) return '/';
  return raw;
}

export default function Login() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [errors, setErrors] = useState<Errors>({});
  const [verifyCode, setVerifyCode] = useState('');
  const title = useSettingsStore((s) => s.title);
  const config = useSettingsStore((s) => s.config);
  const [configLoaded, setConfigLoaded] = useState(false);
  const [verify, setVerify] = useState<Verify | null>(null);
  const [verifyFailed, setVerifyFailed] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const login = useUserStore((s) => s.login);
  // the server asks for a captcha (data.captcha) when the account has failed too often
  const [captchaAsked, setCaptchaAsked] = useState(false);
  const captcha = configLoaded && (config?.captcha !== false || captchaAsked);

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
    setVerifyCode('');
  }, []);

  useEffect(() => {
    if (captcha) void refreshVerify();
  }, [captcha, refreshVerify]);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const values: LoginValues = { username: String(data.get('username') ?? ''), password: String(data.get('password') ?? ''), verifyCode };
    const found: Errors = {};
    for (const [k, text] of REQUIRED) {
      if (k === 'verifyCode' && !captcha) continue;
      if (!(k === 'password' ? values[k] : values[k]?.trim())) found[k] = text;
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    void onFinish(values);
  };

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
      const body = (e as { body?: { data?: { captcha?: unknown } | null } }).body;
      if (body?.data?.captcha === true) setCaptchaAsked(true);
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
        {/* a plain panel, not antd's Card: Card brings Tabs, Menu and Skeleton onto the sign-in page */}
        <div className="login-panel">
          {/* data-captcha tells a reader (and a journey) whether the form is still deciding, asks for a code, or asks none */}
          <form onSubmit={onSubmit} autoComplete="on" noValidate data-testid="login-form" data-captcha={!configLoaded ? 'pending' : captcha ? 'on' : 'off'}>
            <Field icon={ICON_USER} error={errors.username}>
              <input name="username" placeholder="账号" autoComplete="username" data-testid="login-username" aria-label="账号" />
            </Field>
            <Field icon={ICON_LOCK} error={errors.password}>
              <input name="password" type="password" placeholder="密码" autoComplete="current-password" data-testid="login-password" aria-label="密码" />
            </Field>
            {captcha && (
              <div className="login-captcha">
                <Field icon={ICON_SAFETY} error={errors.verifyCode}>
                  <input name="verifyCode" value={verifyCode} onChange={(e) => setVerifyCode(e.target.value)} placeholder="验证码" maxLength={8} autoComplete="off" data-testid="login-captcha" aria-label="验证码" />
                </Field>
                {verify ? (
                  <img src={verify.img} alt="验证码" title="看不清？点击刷新" data-testid="login-captcha-img" data-verify-id={verify.verifyId} onClick={() => void refreshVerify()} />
                ) : (
                  <span className="captcha-placeholder" data-testid="login-captcha-img" onClick={() => void refreshVerify()}>
                    {verifyFailed ? '获取失败，点击重试' : '加载中…'}
                  </span>
                )}
              </div>
            )}
            {error && <div className="login-alert" role="alert" data-testid="login-error">{error}</div>}
            <button type="submit" className="login-submit" disabled={loading} aria-busy={loading} data-testid="login-submit">
              {loading && <span className="login-spinner" aria-hidden />}登录
            </button>
          </form>
        </div>
        <div className="login-footer">
          {!superEntry && (
            <>
              还没有账号？<Link to="/userRegister" data-testid="login-register-link">企业注册</Link>
              <span style={{ margin: '0 8px' }}>|</span>
              <Link to="/userRegister?mode=status" data-testid="login-register-status-link">查询注册进度</Link>
            </>
          )}
          {config?.version && <div style={{ marginTop: 8 }}>版本 {config.version}</div>}
        </div>
      </div>
    </div>
  );
}
