/**
 * The navigation guard (vue-element-admin src/permission.js), run
 * as the root route's loader on every navigation:
 * - no token: public paths pass, everything else goes to /login?redirect=<path>
 * - token and /login: go home
 * - token and no user yet: user info → routes → dictionaries and regions, then proceed; on
 *   failure clear the token, show the error and go to /login?redirect=<path>
 */
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { message } from './antdStatic.tsx';
import { clearSession, ensureSession, sessionReady } from './session.ts';
import { getToken } from '../utils/auth.ts';

/** the paths reachable without login */
export const PUBLIC_PATHS = ['/login', '/auth-redirect', '/transportInfo-qyd', '/userRegister', '/404', '/401'];

export const isPublicPath = (path: string) => PUBLIC_PATHS.includes(path.length > 1 ? path.replace(/\/+$/, '') : path);

/** `/login?redirect=/a/b` — the path stays readable, a query inside it is encoded */
export function loginRedirect(target: string): string {
  if (!target || target === '/' || target.startsWith('/login')) return '/login';
  return '/login?redirect=' + encodeURIComponent(target).replace(/%2F/gi, '/');
}

/** the path and query of the navigation, without the router's basename */
function targetOf(request: Request): { path: string; full: string } {
  const url = new URL(request.url);
  return { path: url.pathname || '/', full: (url.pathname || '/') + url.search };
}

export async function guardLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const { path, full } = targetOf(request);
  if (!getToken()) {
    if (isPublicPath(path)) return null;
    throw redirect(loginRedirect(full));
  }
  if (path === '/login') throw redirect('/');
  if (sessionReady()) return null;
  try {
    await ensureSession();
    return null;
  } catch (e) {
    clearSession();
    if (isPublicPath(path)) return null;
    message().error((e as Error)?.message || 'Has Error');
    throw redirect(loginRedirect(full));
  }
}
