/**
 * Which of the two entry pages is running: the main page with the admin token, or
 * pageB, the super-admin page with its own login, the super token and the `/api/super` prefix.
 * Set once by main.tsx / pageB.tsx before anything else reads it.
 */
export interface EntryConfig {
  kind: 'main' | 'super';
  /** cookie holding the raw JWT */
  tokenCookie: string;
  /** cookie holding the token's expiry (ms since epoch, from the JWT's exp) */
  expiresCookie: string;
  /** base of every call except /auth/* */
  apiBase: string;
  /** `type` sent to /auth/jwt/token */
  loginType: 1 | 2;
  loginTitle: string;
  /** pageB is a plain file (/pageB.html), so it routes by hash; the main page uses the history API */
  history: 'browser' | 'hash';
}

const MAIN: EntryConfig = {
  kind: 'main', tokenCookie: 'Admin-Token', expiresCookie: 'Admin-Expires', apiBase: '/api',
  loginType: 1, loginTitle: '系统登录', history: 'browser',
};
const SUPER: EntryConfig = {
  kind: 'super', tokenCookie: 'Super-Token', expiresCookie: 'Super-Expires', apiBase: '/api/super',
  loginType: 2, loginTitle: '超级管理员登录', history: 'hash',
};

let current: EntryConfig = MAIN;

export function setEntry(kind: EntryConfig['kind']): EntryConfig {
  current = kind === 'super' ? SUPER : MAIN;
  return current;
}
export const entry = (): EntryConfig => current;
export const isSuperEntry = () => current.kind === 'super';
