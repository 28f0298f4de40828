/** The request client's rules (session, calls, error catalogue), with the network, cookies and toasts replaced. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';

const toasts: { type: string; content: string; duration?: number }[] = [];
const dialogs: { title?: unknown; content?: unknown; onOk?: () => unknown; afterClose?: () => void }[] = [];
const tokenBox: { token?: string; expires?: number } = {};
const loading = { count: 0, max: 0 };

vi.mock('../app/antdStatic.tsx', () => {
  const toast = (type: string) => (arg: string | { content: string; duration?: number }) =>
    toasts.push(typeof arg === 'string' ? { type, content: arg } : { type, content: arg.content, duration: arg.duration });
  const api = { error: toast('error'), warning: toast('warning'), success: toast('success'), info: toast('info') };
  return {
    message: () => api,
    modal: () => ({ confirm: (p: { title?: unknown; content?: unknown; onOk?: () => unknown; afterClose?: () => void }) => { dialogs.push(p); } }),
  };
});
vi.mock('../utils/auth.ts', () => ({
  getToken: () => tokenBox.token,
  setToken: (t: string) => { tokenBox.token = t; tokenBox.expires = Date.now() + 4 * 3600_000; },
  removeToken: () => { delete tokenBox.token; delete tokenBox.expires; },
  tokenRemainingMs: () => (tokenBox.expires == null ? null : tokenBox.expires - Date.now()),
}));
vi.mock('../store/app.ts', () => ({
  useAppStore: { getState: () => ({ startLoading: () => { loading.count++; loading.max = Math.max(loading.max, loading.count); }, endLoading: () => { loading.count--; } }) },
}));

const { request, service, apiUrl, showsLoading, download } = await import('./request.ts');
const { setEntry } = await import('../app/entry.ts');

type Reply = { status?: number; data: unknown; headers?: Record<string, string> };
let calls: InternalAxiosRequestConfig[] = [];
function answer(fn: (c: InternalAxiosRequestConfig) => Reply | Promise<Reply>) {
  const adapter: AxiosAdapter = async (config) => {
    calls.push(config);
    const r = await fn(config);
    return { data: r.data, status: r.status ?? 200, statusText: '', headers: r.headers ?? {}, config };
  };
  service.defaults.adapter = adapter;
}

beforeEach(() => {
  // the user closes whatever dialog the previous test opened
  for (const d of dialogs) d.afterClose?.();
  toasts.length = 0;
  dialogs.length = 0;
  calls = [];
  loading.count = 0;
  loading.max = 0;
  tokenBox.token = 'T1';
  tokenBox.expires = Date.now() + 3 * 3600_000;
  setEntry('main');
  (globalThis as { window?: unknown }).window = { location: { reload: vi.fn() } };
});

describe('paths', () => {
  it('puts calls under /api on the main page and under /api/super on pageB, except /auth and the public calls', () => {
    expect(apiUrl('/admin/user/front/info?token=x')).toBe('/api/admin/user/front/info?token=x');
    expect(apiUrl('/api/admin/dict/getAll')).toBe('/api/admin/dict/getAll');
    setEntry('super');
    expect(apiUrl('/admin/dict/getAll')).toBe('/api/super/admin/dict/getAll');
    expect(apiUrl('/auth/jwt/token')).toBe('/api/auth/jwt/token');
    expect(apiUrl('/public/config')).toBe('/api/public/config');
    expect(apiUrl('/admin/user/getVerify')).toBe('/api/admin/user/getVerify');
  });
  it('shows the overlay for add/edit/save/update but not for assessResult/addAssessResult', () => {
    expect(showsLoading('/waybill/base/add')).toBe(true);
    expect(showsLoading('/admin/dict/updateDict')).toBe(true);
    expect(showsLoading('/x/saveDraft')).toBe(true);
    expect(showsLoading('/safety/assessResult/addAssessResult')).toBe(false);
    expect(showsLoading('/waybill/base/list')).toBe(false);
  });
});

describe('answers', () => {
  it('resolves the envelope data and sends the raw token', async () => {
    answer(() => ({ data: { status: 200, message: 'success', data: { a: 1 } } }));
    await expect(request({ url: '/x/list', method: 'POST' })).resolves.toEqual({ a: 1 });
    expect(calls[0]!.headers.Authorization).toBe('T1');
    expect(calls[0]!.timeout).toBe(50000);
  });
  it('resolves a raw body without status (front/info)', async () => {
    answer(() => ({ data: { id: '1', menus: [] } }));
    await expect(request({ url: '/admin/user/front/info' })).resolves.toEqual({ id: '1', menus: [] });
  });
  it('40001 → warning with the server message, rejected', async () => {
    answer(() => ({ data: { status: 40001, message: '账户或密码错误！' } }));
    await expect(request({ url: '/auth/jwt/token', method: 'POST' })).rejects.toMatchObject({ status: 40001, handled: true });
    expect(toasts).toEqual([{ type: 'warning', content: '账户或密码错误！', duration: 5 }]);
  });
  it('500 → errmsg, or 服务器连接错误！; dzyd add paths show message; the labour contract lookup is quiet', async () => {
    answer(() => ({ data: { status: 500, message: 'm', errmsg: 'e' } }));
    await expect(request({ url: '/x/y' })).rejects.toBeTruthy();
    answer(() => ({ data: { status: 500, message: 'm' } }));
    await expect(request({ url: '/x/y' })).rejects.toBeTruthy();
    answer(() => ({ data: { status: 500, message: '绑定失败', errmsg: 'e' } }));
    await expect(request({ url: '/dzyd/bind/addBind', method: 'POST' })).rejects.toBeTruthy();
    answer(() => ({ data: { status: 500, message: 'm', errmsg: 'e' } }));
    await expect(request({ url: '/xxda/laborContract/getCmpsnByCertificate' })).rejects.toBeTruthy();
    expect(toasts.map((t) => `${t.type}:${t.content}`)).toEqual(['warning:e', 'warning:服务器连接错误！', 'warning:绑定失败']);
  });
  it('450 → warning for 2 s; other statuses → error for 5 s', async () => {
    answer(() => ({ data: { status: 450, message: '请注意' } }));
    await expect(request({ url: '/x' })).rejects.toBeTruthy();
    answer(() => ({ data: { status: 40499, message: '其他错误' } }));
    await expect(request({ url: '/x' })).rejects.toBeTruthy();
    expect(toasts).toEqual([{ type: 'warning', content: '请注意', duration: 2 }, { type: 'error', content: '其他错误', duration: 5 }]);
  });
  it('40301 → the 当前用户无相关操作权限！ dialog, once for simultaneous calls', async () => {
    answer(() => ({ data: { status: 40301, message: 'User Forbidden!' } }));
    await Promise.allSettled([request({ url: '/a' }), request({ url: '/b' })]);
    expect(dialogs).toHaveLength(1);
    expect(dialogs[0]!.content).toBe('当前用户无相关操作权限！');
  });
  it('silent calls show nothing', async () => {
    answer(() => ({ data: { status: 40001, message: 'x' } }));
    await expect(request({ url: '/x', silent: true })).rejects.toMatchObject({ handled: false });
    expect(toasts).toHaveLength(0);
  });
});

describe('transport errors', () => {
  it('timeout → 连接超时！', async () => {
    service.defaults.adapter = async () => { throw Object.assign(new Error('timeout of 50000ms exceeded'), { code: 'ECONNABORTED' }); };
    await expect(request({ url: '/x' })).rejects.toMatchObject({ message: '连接超时！' });
    expect(toasts[0]).toMatchObject({ type: 'error', content: '连接超时！' });
  });
  it('HTTP 500 → 服务器或网络连接错误！ unless the body says 40402', async () => {
    answer(() => ({ status: 500, data: { status: 500, errmsg: 'boom' } }));
    await expect(request({ url: '/x' })).rejects.toBeTruthy();
    answer(() => ({ status: 500, data: { status: 40402, message: '远端服务不可用' } }));
    await expect(request({ url: '/x' })).rejects.toBeTruthy();
    expect(toasts.map((t) => `${t.type}:${t.content}`)).toEqual(['error:服务器或网络连接错误！', 'warning:远端服务不可用']);
  });
});

describe('token refresh', () => {
  it('refreshes once before calls when under 10 minutes remain', async () => {
    tokenBox.expires = Date.now() + 5 * 60_000;
    answer((c) => (c.url!.endsWith('/auth/jwt/refresh') ? { data: { status: 200, data: 'T2' } } : { data: { status: 200, data: c.headers.Authorization } }));
    const got = await Promise.all([request({ url: '/a' }), request({ url: '/b' }), request({ url: '/c' })]);
    expect(got).toEqual(['T2', 'T2', 'T2']);
    expect(calls.filter((c) => c.url!.endsWith('/auth/jwt/refresh'))).toHaveLength(1);
  });
  it('on 40101 refreshes once and retries the waiting calls with the new token', async () => {
    answer((c) => {
      if (c.url!.endsWith('/auth/jwt/refresh')) return { data: { status: 200, data: 'T2' } };
      return c.headers.Authorization === 'T2' ? { data: { status: 200, data: 'ok' } } : { status: 401, data: { status: 40101, message: 'User token expired!' } };
    });
    await expect(Promise.all([request({ url: '/a' }), request({ url: '/b' })])).resolves.toEqual(['ok', 'ok']);
    expect(calls.filter((c) => c.url!.endsWith('/auth/jwt/refresh'))).toHaveLength(1);
    expect(dialogs).toHaveLength(0);
  });
  it('a retry that still gets 40101 opens the 你已被登出 dialog', async () => {
    answer((c) => (c.url!.endsWith('/auth/jwt/refresh') ? { data: { status: 200, data: 'T2' } } : { status: 401, data: { status: 40101, message: 'x' } }));
    await expect(request({ url: '/a' })).rejects.toMatchObject({ status: 40101 });
    expect(dialogs).toHaveLength(1);
    expect(dialogs[0]).toMatchObject({ title: '确定登出', content: '你已被登出，可以取消继续留在该页面，或者重新登录' });
  });
  it('a failed refresh toasts 刷新token出错 and reloads', async () => {
    vi.useFakeTimers();
    answer(() => ({ status: 401, data: { status: 40101, message: 'x' } }));
    await expect(request({ url: '/a' })).rejects.toMatchObject({ message: '刷新token出错' });
    expect(toasts[0]).toMatchObject({ type: 'error', content: '刷新token出错' });
    vi.runAllTimers();
    expect((window.location.reload as ReturnType<typeof vi.fn>)).toHaveBeenCalled();
    vi.useRealTimers();
  });
});

describe('overlay and files', () => {
  it('the overlay is up while an add call is out and down after an error', async () => {
    answer(() => ({ data: { status: 40001, message: '名称不能为空' } }));
    await expect(request({ url: '/x/add', method: 'POST' })).rejects.toBeTruthy();
    expect(loading).toEqual({ count: 0, max: 1 });
  });
  it('download reports an envelope answer instead of saving it', async () => {
    answer(() => ({ data: new Blob([JSON.stringify({ status: 40301, message: 'no' })], { type: 'application/json' }), headers: { 'content-type': 'application/json' } }));
    await expect(download('/x/export', {})).rejects.toBeTruthy();
    expect(dialogs).toHaveLength(1);
  });
});
