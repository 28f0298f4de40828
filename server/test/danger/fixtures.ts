/** What the 隐患排查治理 / 安全检查 / 整改 tests share: a day in China, calls that answer the envelope or its data. */
import type { TestApp, DemoUser } from '../helpers.ts';

/** today + n days, as the business calendar (China) writes it */
export const day = (n: number) => new Date(Date.now() + 8 * 3600_000 + n * 86400_000).toISOString().slice(0, 10);

export function caller(get: () => TestApp) {
  const call = async (method: string, url: string, as: DemoUser, body?: unknown) => (await get().call(method, url, { as, body })).body;
  const okData = async (method: string, url: string, as: DemoUser, body?: unknown) => {
    const r = await call(method, url, as, body);
    if (r?.status !== 200) throw new Error(`${method} ${url} as ${as}: ${JSON.stringify(r)}`);
    return r.data;
  };
  /** a workflow step on the row's current version (read by `reader`, who may see it when `as` may not) */
  const step = async (base: string, name: string, id: string, as: DemoUser, body: Record<string, unknown> = {}, reader: DemoUser = as) => {
    const cur = await okData('GET', `${base}/info/${id}`, reader);
    return call('POST', `${base}/${name}/${id}`, as, { version: cur.version, ...body });
  };
  return { call, okData, step };
}

/** the first serving member of staff of each demo enterprise (a 责任人, 违章人员, 参会人员 to pick) */
export async function firstStaff(t: TestApp, E: { a: { id: string }; b: { id: string } }): Promise<Record<'a' | 'b', string>> {
  const out = { a: '', b: '' };
  for (const s of ['a', 'b'] as const) {
    const [r] = await t.sql(`select id from staff where enterprise_id = $1 and status = '在职' order by created_at limit 1`, [E[s].id]);
    out[s] = r.id;
  }
  return out;
}
