/**
 * The session token (vue-element-admin src/utils/auth.js): kept in a cookie (`Admin-Token`,
 * pageB `Super-Token`) with its expiry time stamp beside it, both ending with the session
 * (4 hours; the cookie and the expiry time stamp end together).
 */
import Cookies from 'js-cookie';
import { SESSION_MS } from '@dg/core';
import { entry } from '../app/entry.ts';

/** exp of a JWT in ms, or null when the token is not a readable JWT */
export function jwtExpiresAt(token: string): number | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '='));
    const exp = (JSON.parse(json) as { exp?: number }).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

export function getToken(): string | undefined {
  return Cookies.get(entry().tokenCookie) || undefined;
}

/** stores the token and its expiry; a token without a readable exp gets the product's session length (4 hours) */
export function setToken(token: string): void {
  const expires = jwtExpiresAt(token) ?? Date.now() + SESSION_MS;
  const attrs = { expires: new Date(expires), sameSite: 'lax' as const, path: '/' };
  Cookies.set(entry().tokenCookie, token, attrs);
  Cookies.set(entry().expiresCookie, String(expires), attrs);
}

export function removeToken(): void {
  Cookies.remove(entry().tokenCookie, { path: '/' });
  Cookies.remove(entry().expiresCookie, { path: '/' });
}

/** expiry time stamp of the current token (ms), or null */
export function getExpires(): number | null {
  const v = Number(Cookies.get(entry().expiresCookie));
  if (Number.isFinite(v) && v > 0) return v;
  const token = getToken();
  return token ? jwtExpiresAt(token) : null;
}

/** ms left before the token expires (negative when expired), or null when unknown */
export function tokenRemainingMs(now = Date.now()): number | null {
  const exp = getExpires();
  return exp == null ? null : exp - now;
}
