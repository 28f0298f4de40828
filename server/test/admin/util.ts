/** Helpers of the admin API tests: demo ids, throw-away users, multipart bodies, the built-in roles' grants. */
import { flattenMenus } from '@dg/core';
import { hashPassword } from '../../src/platform/crud/write.ts';
import { uid, type TestApp, type DemoUser } from '../helpers.ts';

export const RANDOM_ID = '00000000-0000-4000-8000-000000000000';

export async function demoIds(t: TestApp) {
  const rows = await t.sql<{ username: string; id: string; enterprise_id: string | null; org_id: string | null }>(
    `select username, id, enterprise_id, org_id from base_user where username = any($1)`, [['admin', 'qiye', 'qiye2', 'zhengfu', 'shiji', 'wuquanxian']]);
  const by = Object.fromEntries(rows.map((r) => [r.username, r]));
  return {
    users: Object.fromEntries(rows.map((r) => [r.username, r.id])) as Record<string, string>,
    enterpriseA: by.qiye!.enterprise_id!, enterpriseB: by.qiye2!.enterprise_id!,
    orgProvince: by.zhengfu!.org_id!, orgCityA: by.shiji!.org_id!,
  };
}

/** a throw-away user inserted directly (with an optional built-in role) */
export async function makeUser(t: TestApp, opts: { side: 'enterprise' | 'government' | 'platform'; enterpriseId?: string; orgId?: string; role?: string; password?: string }) {
  const username = uid('t');
  const password = opts.password ?? 'pass1234';
  const [u] = await t.sql(`insert into base_user (name, username, password, side, enterprise_id, org_id, status) values ('测试用户', $1, $2, $3, $4, $5, '1') returning id`,
    [username, await hashPassword(password), opts.side, opts.enterpriseId ?? null, opts.orgId ?? null]);
  if (opts.role) await t.sql(`insert into base_group_member (group_id, user_id) select id, $1 from base_group where code = $2`, [u.id, opts.role]);
  return { id: u.id as string, username, password };
}

export async function tokenOf(t: TestApp, username: string, password: string) {
  const r = await t.login(username, password);
  if (r.status !== 200) throw new Error(`login ${username}: ${r.message}`);
  return r.data;
}

/** a multipart/form-data body with one file under `field` */
export function multipart(filename: string, content: Buffer | string, field = 'file') {
  const boundary = '----dgtest' + uid();
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head, 'utf8'), Buffer.isBuffer(content) ? content : Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function upload(t: TestApp, as: DemoUser | { token: string }, filename: string, content: Buffer | string) {
  const token = typeof as === 'string' ? await t.token(as) : as.token;
  const { payload, headers } = multipart(filename, content);
  const r = await t.app.inject({ method: 'POST', url: '/api/zxxx/file/add', headers: { ...headers, authorization: token }, payload });
  return r.json();
}

/**
 * The grants of a demo account as seed-base gives its built-in role: every menu whose `sides` include the role's
 * side, with the menus above it and all their elements; the platform administrator holds everything.
 */
export const ROLE_SIDE: Record<string, 'all' | 'enterprise' | 'government' | null> = {
  admin: 'all', qiye: 'enterprise', qiye2: 'enterprise', zhengfu: 'government', shiji: 'government', wuquanxian: null,
};
export function grantsOf(username: string): { menus: Set<string>; elements: Set<string> } {
  const side = ROLE_SIDE[username];
  const flat = flattenMenus();
  const menus = new Set<string>();
  if (side) {
    for (const m of flat) {
      if (side !== 'all' && !(m.sides ?? []).includes(side)) continue;
      menus.add(m.code);
      for (let p = m.parentCode; p; p = flat.find((x) => x.code === p)?.parentCode ?? null) menus.add(p);
    }
  }
  const elements = new Set(flat.filter((m) => menus.has(m.code)).flatMap((m) => (m.elements ?? []).map((e) => e.code)));
  return { menus, elements };
}

/** rows of a query once there are some (the operation log is written after the answer is sent) */
export async function eventually<T = any>(t: TestApp, text: string, params: unknown[] = [], min = 1): Promise<T[]> {
  for (let i = 0; ; i++) {
    const rows = await t.sql<T>(text, params);
    if (rows.length >= min || i >= 40) return rows;
    await new Promise((r) => setTimeout(r, 50));
  }
}
