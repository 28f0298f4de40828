/**
 * The request client: the ONLY place that knows the envelope `{ status, message, errmsg, data }`
 * and the error catalogue (vue-element-admin's request.js, AG-Admin's statuses). Pages call the
 * typed functions in src/api/*, which call `request`, `download` or `upload` here.
 *
 * - base `/api` on the main page, `/api/super` on pageB except `/auth/*` (always `/api`)
 * - timeout REQUEST_TIMEOUT_MS; `Authorization: <raw token>` when signed in
 * - full-screen loading for paths containing add/edit/save/update, except assessResult/addAssessResult
 * - token refresh: before a call when 0 < remaining < REFRESH_BEFORE_MS, and once on
 *   401/40101, retrying the waiting calls with the new token (single flight)
 */
import axios, { type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { MSG, REFRESH_BEFORE_MS, REQUEST_TIMEOUT_MS, STATUS, TOAST_450_MS, TOAST_ERROR_MS } from '@dg/core';
import { entry } from '../app/entry.ts';
import { message, modal } from '../app/antdStatic.tsx';
import { useAppStore } from '../store/app.ts';
import { getToken, removeToken, setToken, tokenRemainingMs } from '../utils/auth.ts';

export interface RequestConfig extends AxiosRequestConfig {
  /** no toast and no dialog for a failed call (the caller reports it); refresh still happens */
  silent?: boolean;
}
interface InternalConfig extends RequestConfig {
  _retried?: boolean;
}

/** A rejected call. `status` is the body status (or HTTP status for transport errors). */
export class RequestError extends Error {
  constructor(
    message: string,
    public status?: number,
    public body?: unknown,
    /** already shown to the user (toast or dialog), so the error log does not record it again */
    public handled = false,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

interface Envelope {
  status: number | string;
  message?: string | null;
  errmsg?: string | null;
  data?: unknown;
}

/** the axios instance (exported for tests, which swap its adapter) */
export const service = axios.create({ timeout: REQUEST_TIMEOUT_MS, validateStatus: () => true });

const SECONDS = (ms: number) => ms / 1000;
/** §8: for these three calls a 500 shows `message` instead of `errmsg` */
const DZYD_ADD_PATHS = ['/dzyd/bind/addBind', '/dzyd/goods/addGoods', '/dzyd/loading/addLoading'];
/** §8: the certificate lookup fails quietly (the form simply is not pre-filled) */
const QUIET_500_PATHS = ['/xxda/laborContract/getCmpsnByCertificate'];

// ---------------------------------------------------------------------------
// paths
// ---------------------------------------------------------------------------

/** the API path without the `/api` (or `/api/super`) prefix, without query */
export function apiPath(url: string | undefined): string {
  let p = (url ?? '').split('?')[0] ?? '';
  if (/^https?:\/\//.test(p)) return p;
  if (!p.startsWith('/')) p = '/' + p;
  if (p.startsWith('/api/super/')) p = p.slice('/api/super'.length);
  else if (p.startsWith('/api/')) p = p.slice('/api'.length);
  return p;
}

/** calls that are the same for both entry pages: sign-in and what the login page needs before it */
const UNPREFIXED = [/^\/auth\//, /^\/public\//, /^\/admin\/user\/getVerify$/];

/** full URL of an API path for this entry page: `/auth/*` (and the public calls) are never under /api/super */
export function apiUrl(url: string | undefined): string {
  const raw = url ?? '';
  if (/^https?:\/\//.test(raw)) return raw;
  const q = raw.includes('?') ? raw.slice(raw.indexOf('?')) : '';
  const p = apiPath(raw);
  return (UNPREFIXED.some((re) => re.test(p)) ? '/api' : entry().apiBase) + p + q;
}

/** add/edit/save/update show the overlay; assessResult/addAssessResult does not */
export function showsLoading(path: string): boolean {
  if (path.includes('assessResult/addAssessResult')) return false;
  return ['add', 'edit', 'save', 'update'].some((w) => path.includes(w));
}

const isTokenCall = (path: string) => path.startsWith('/auth/jwt/');

// ---------------------------------------------------------------------------
// token refresh (single flight)
// ---------------------------------------------------------------------------

let refreshing: Promise<string> | null = null;
let preRefreshFailedAt = 0;

/** GET /auth/jwt/refresh once for everyone waiting; resolves the new token */
export function refreshToken(): Promise<string> {
  refreshing ??= (async () => {
    const token = getToken();
    if (!token) throw new RequestError(MSG.refreshFailed);
    let res: AxiosResponse<Envelope>;
    try {
      res = await service.get<Envelope>(apiUrl('/auth/jwt/refresh'), { headers: { Authorization: token } });
    } catch {
      throw new RequestError(MSG.refreshFailed);
    }
    const b = res.data;
    if (res.status >= 200 && res.status < 300 && b && Number(b.status) === STATUS.OK && typeof b.data === 'string' && b.data) {
      setToken(b.data);
      return b.data;
    }
    throw new RequestError(MSG.refreshFailed, Number(b?.status) || res.status, b);
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** refresh when more than 0 and under 10 minutes remain; a failure here is retried a minute later */
async function refreshIfExpiring(path: string): Promise<void> {
  if (isTokenCall(path) || !getToken()) return;
  const left = tokenRemainingMs();
  if (left == null || left <= 0 || left >= REFRESH_BEFORE_MS) return;
  if (!refreshing && Date.now() - preRefreshFailedAt < 60_000) return;
  try {
    await refreshToken();
  } catch {
    preRefreshFailedAt = Date.now();
  }
}

function reloadAfterRefreshFailure(): never {
  message().error({ content: MSG.refreshFailed, duration: SECONDS(TOAST_ERROR_MS) });
  // the token is dead: without it the reload lands on /login?redirect=<this page> instead of looping
  removeToken();
  setTimeout(() => window.location.reload(), 1200);
  throw new RequestError(MSG.refreshFailed, STATUS.TOKEN, undefined, true);
}

// ---------------------------------------------------------------------------
// dialogs (one at a time)
// ---------------------------------------------------------------------------

let dialogOpen = false;

/** 401 / 40101: the 你已被登出… dialog. Confirm clears the session and reloads. */
export function showLoggedOutDialog(): void {
  if (dialogOpen) return;
  dialogOpen = true;
  modal().confirm({
    title: MSG.loggedOutTitle,
    content: MSG.loggedOut,
    okText: MSG.relogin,
    cancelText: MSG.cancel,
    okButtonProps: { 'data-testid': 'relogin-confirm' },
    onOk: () => {
      removeToken();
      window.location.reload();
    },
    afterClose: () => {
      dialogOpen = false;
    },
  });
}

/** 40301: 当前用户无相关操作权限！ Confirm closes every tab, logs out and reloads. */
function showForbiddenDialog(): void {
  if (dialogOpen) return;
  dialogOpen = true;
  modal().confirm({
    title: '提示',
    content: MSG.forbidden,
    okText: MSG.relogin,
    cancelText: MSG.cancel,
    onOk: async () => {
      await logoutOnServer();
      removeToken();
      window.location.reload();
    },
    afterClose: () => {
      dialogOpen = false;
    },
  });
}

/** GET /admin/user/logout and POST /auth/jwt/invalid, best effort (the user is leaving either way) */
export async function logoutOnServer(): Promise<void> {
  const token = getToken();
  if (!token) return;
  const headers = { Authorization: token };
  await Promise.allSettled([
    service.get(apiUrl('/admin/user/logout'), { headers }),
    service.post(apiUrl('/auth/jwt/invalid'), null, { headers, params: { token } }),
  ]);
}

// ---------------------------------------------------------------------------
// the call
// ---------------------------------------------------------------------------

const hasStatus = (body: unknown): body is Envelope =>
  !!body && typeof body === 'object' && !Array.isArray(body) && 'status' in body && !(body instanceof Blob);

const isTokenFailure = (res: AxiosResponse): boolean => {
  const s = hasStatus(res.data) ? Number(res.data.status) : undefined;
  if (s === STATUS.TOKEN || s === 401) return true;
  return res.status === 401 && (s === undefined || s === STATUS.TOKEN || s === 401);
};

/** timeouts, no answer, HTTP 500: the transport errors of the catalogue */
function transportError(err: unknown, silent: boolean): RequestError {
  if (err instanceof RequestError) return err;
  const e = err as { code?: string; message?: string };
  const timedOut = e.code === 'ECONNABORTED' || e.code === 'ETIMEDOUT' || /timeout/i.test(e.message ?? '');
  const text = timedOut ? MSG.timeout : e.message || MSG.httpError;
  if (!silent) message().error({ content: text, duration: SECONDS(TOAST_ERROR_MS) });
  return new RequestError(text, undefined, undefined, !silent);
}

function httpError(res: AxiosResponse, silent: boolean): RequestError {
  const body = hasStatus(res.data) ? res.data : undefined;
  if (res.status === 500) {
    if (body && Number(body.status) === STATUS.WARN_40402) {
      const text = body.message || MSG.httpError;
      if (!silent) message().warning({ content: text, duration: SECONDS(TOAST_ERROR_MS) });
      return new RequestError(text, STATUS.WARN_40402, body, !silent);
    }
    if (!silent) message().error({ content: MSG.httpError, duration: SECONDS(TOAST_ERROR_MS) });
    return new RequestError(MSG.httpError, 500, res.data, !silent);
  }
  const text = body?.message || `请求失败（HTTP ${res.status}）`;
  if (!silent) message().error({ content: text, duration: SECONDS(TOAST_ERROR_MS) });
  return new RequestError(text, res.status, res.data, !silent);
}

/** sends with the token, refreshing it first or after a 401/40101; resolves the raw axios response */
async function send(config: InternalConfig): Promise<AxiosResponse> {
  const path = apiPath(config.url);
  await refreshIfExpiring(path);
  const token = getToken();
  const headers = { ...(config.headers as Record<string, string> | undefined) };
  if (token) headers.Authorization = token;
  const { silent: _silent, _retried, ...axiosConfig } = config;
  let res: AxiosResponse;
  try {
    res = await service.request({ ...axiosConfig, url: apiUrl(config.url), headers });
  } catch (err) {
    throw transportError(err, !!config.silent);
  }
  if (isTokenFailure(res) && token && !isTokenCall(path) && !_retried) {
    // someone else refreshed while this call was out: just retry with the newer token
    if (getToken() && getToken() !== token) return send({ ...config, _retried: true });
    try {
      await refreshToken();
    } catch (e) {
      if (config.silent) throw e instanceof RequestError ? e : new RequestError(MSG.refreshFailed, STATUS.TOKEN);
      reloadAfterRefreshFailure();
    }
    return send({ ...config, _retried: true });
  }
  return res;
}

/** reads a blob body that turned out to be JSON (an error envelope instead of a file) */
async function blobToJson(res: AxiosResponse): Promise<AxiosResponse> {
  const data: unknown = res.data;
  if (data instanceof Blob && /json/i.test(data.type || String(res.headers['content-type'] ?? ''))) {
    try {
      return { ...res, data: JSON.parse(await data.text()) as unknown };
    } catch {
      return res;
    }
  }
  return res;
}

/** maps an answer to its data or a rejection, showing what §8 says to show */
function settle<T>(res: AxiosResponse, config: RequestConfig): T {
  const silent = !!config.silent;
  const path = apiPath(config.url);
  const body: unknown = res.data;

  if (isTokenFailure(res)) {
    const text = (hasStatus(body) && body.message) || MSG.loggedOut;
    if (!silent && getToken()) showLoggedOutDialog();
    throw new RequestError(text, STATUS.TOKEN, body, !silent);
  }
  if (res.status < 200 || res.status >= 300) throw httpError(res, silent);
  // front/info, front/menus and front/menu/all answer raw (AG-Admin), as does any non-envelope body
  if (!hasStatus(body)) return body as T;

  const status = Number(body.status);
  const msg = body.message ?? '';
  switch (status) {
    case STATUS.OK:
      return body.data as T;
    case STATUS.FORBIDDEN:
      if (!silent) showForbiddenDialog();
      throw new RequestError(msg || MSG.forbidden, status, body, !silent);
    case STATUS.BAD_INPUT:
      if (!silent && msg) message().warning({ content: msg, duration: SECONDS(TOAST_ERROR_MS) });
      throw new RequestError(msg, status, body, !silent);
    case STATUS.ERROR: {
      const quiet = QUIET_500_PATHS.some((p) => path.includes(p));
      const text = DZYD_ADD_PATHS.some((p) => path.includes(p)) ? msg || MSG.serverError : body.errmsg || MSG.serverError;
      if (!silent && !quiet) message().warning({ content: text, duration: SECONDS(TOAST_ERROR_MS) });
      throw new RequestError(text, status, body, !silent && !quiet);
    }
    case STATUS.WARN:
      if (!silent) message().warning({ content: msg, duration: SECONDS(TOAST_450_MS) });
      throw new RequestError(msg, status, body, !silent);
    default: {
      const text = msg || body.errmsg || `请求失败（${status}）`;
      if (!silent) message().error({ content: text, duration: SECONDS(TOAST_ERROR_MS) });
      throw new RequestError(text, status, body, !silent);
    }
  }
}

async function withOverlay<T>(config: RequestConfig, run: () => Promise<T>): Promise<T> {
  const overlay = showsLoading(apiPath(config.url));
  if (overlay) useAppStore.getState().startLoading();
  try {
    return await run();
  } finally {
    if (overlay) useAppStore.getState().endLoading();
  }
}

/** One API call. Resolves the envelope's `data` (or the raw body when it has no `status`). */
export function request<T = any>(config: RequestConfig): Promise<T> {
  return withOverlay(config, async () => settle<T>(await send(config), config));
}

export const get = <T = any>(url: string, params?: object, extra?: RequestConfig) =>
  request<T>({ ...extra, url, method: 'GET', params });
export const post = <T = any>(url: string, data?: unknown, extra?: RequestConfig) =>
  request<T>({ ...extra, url, method: 'POST', data });
export const put = <T = any>(url: string, data?: unknown, extra?: RequestConfig) =>
  request<T>({ ...extra, url, method: 'PUT', data });
export const del = <T = any>(url: string, params?: object, extra?: RequestConfig) =>
  request<T>({ ...extra, url, method: 'DELETE', params });

/** file name from Content-Disposition (RFC 5987 `filename*=` first) */
function fileNameOf(res: AxiosResponse, fallback: string): string {
  const cd = String(res.headers['content-disposition'] ?? '');
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(cd);
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(cd);
  const raw = star?.[1] ?? plain?.[1];
  if (raw) {
    try {
      return decodeURIComponent(raw.trim().replace(/^"|"$/g, ''));
    } catch {
      return raw.trim();
    }
  }
  return /\.[a-z0-9]+$/i.test(fallback) ? fallback : `${fallback}.xlsx`;
}

export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/**
 * POSTs `body` (GET when body is undefined) and saves the answer as a file (xlsx exports,
 * templates). An envelope answer instead of a file is handled like any other call.
 */
export function download(url: string, body?: unknown, fallbackName = '列表', extra?: RequestConfig): Promise<string> {
  const config: RequestConfig = {
    ...extra,
    url,
    method: body === undefined ? 'GET' : 'POST',
    data: body,
    responseType: 'blob',
  };
  return withOverlay(config, async () => {
    const res = await blobToJson(await send(config));
    if (!(res.data instanceof Blob) || res.status < 200 || res.status >= 300) {
      settle(res, config);
      throw new RequestError('下载失败', res.status, res.data);
    }
    const name = fileNameOf(res, fallbackName);
    saveBlob(res.data, name);
    return name;
  });
}

/** multipart upload of one file as `file`, with extra form fields */
export function upload<T = any>(url: string, file: Blob, extra?: Record<string, string | number | boolean | undefined>, config?: RequestConfig): Promise<T> {
  const form = new FormData();
  form.append('file', file, file instanceof File ? file.name : 'file');
  for (const [k, v] of Object.entries(extra ?? {})) if (v !== undefined) form.append(k, String(v));
  return request<T>({ ...config, url, method: 'POST', data: form });
}

export default request;
