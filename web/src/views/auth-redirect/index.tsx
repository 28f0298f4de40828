/**
 * /auth-redirect?ticket=&redirect=: exchanges a one-time login ticket for a token,
 * then opens `redirect` (or the home page). Lets the driver app or another system open the web
 * app signed in.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Result, Spin } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { exchangeTicket } from '../../api/auth.ts';
import { clearSession } from '../../app/session.ts';
import { setToken } from '../../utils/auth.ts';
import { safeRedirect } from '../login/index.tsx';

export default function AuthRedirect() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [error, setError] = useState('');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const ticket = params.get('ticket');
    if (!ticket) {
      setError('缺少登录凭证');
      return;
    }
    exchangeTicket(ticket)
      .then((token) => {
        clearSession();
        setToken(token);
        const target = safeRedirect(params.get('redirect'));
        navigate(target === '/' ? '/dashboard' : target, { replace: true });
      })
      .catch((e: Error) => setError(e?.message || '登录凭证无效或已过期'));
  }, [params, navigate]);

  return (
    <div className="page-center" data-testid="auth-redirect">
      {error ? (
        <Result status="warning" title="无法自动登录" subTitle={error} extra={<Button type="primary" onClick={() => navigate('/login', { replace: true })}>前往登录</Button>} />
      ) : (
        <Spin size="large" description="正在登录…" />
      )}
    </div>
  );
}
