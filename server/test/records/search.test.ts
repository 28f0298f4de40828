/**
 * 'Contains' searches of one or two characters (a surname, two letters of a plate) go through the character indexes
 * (records migration 0003) and must answer exactly what ILIKE alone answers: every row holding the characters
 * together and in that order, whatever their case, and no other.
 */
import { describe, expect, it } from 'vitest';
import { recordsApp, demoEnterprises, ok, staffBody, vehicleBody } from './fixtures.ts';

const t = await recordsApp();
const { a } = await demoEnterprises(t);

const ids = (page: { content: { id: string }[] }) => page.content.map((r) => r.id).sort();
/** what ILIKE alone selects in enterprise A */
const likeIds = async (table: string, column: string, pattern: string) =>
  (await t.sql(`select id from ${table} where enterprise_id = $1 and ${column} ilike $2`, [a.id, `%${pattern}%`])).map((r) => r.id as string).sort();

describe('one- and two-character contains searches', () => {
  it('a surname finds every name holding it, anywhere; two characters only together and in order', async () => {
    // 龘 and 靐 appear in no other name of the demo data
    const made = [];
    for (const name of ['龘明', '李龘', '龘靐', '靐龘']) made.push((await ok(t, 'POST', '/api/xxda/staff/add', 'qiye', staffBody(a.regionCode, { name }))).id as string);
    const search = async (name: string) => ok(t, 'POST', '/api/xxda/staff/list', 'qiye', { page: 1, size: 100, filters: { name } });

    expect(ids(await search('龘'))).toEqual([...made].sort());
    expect(ids(await search('龘靐'))).toEqual([made[2]]);
    expect(ids(await search('靐龘'))).toEqual([made[3]]);
    expect(ids(await search('明龘'))).toEqual([]);
    for (const p of ['龘', '龘靐', '王', '李']) expect(ids(await search(p))).toEqual((await likeIds('staff', 'name', p)).slice(0, 100));
  });

  it('two letters of a plate, typed in either case, find the plates that hold them together', async () => {
    const v = await ok(t, 'POST', '/api/xxda/vehicle/add', 'qiye', vehicleBody(a.regionCode));
    const pair = (v.plateNo as string).slice(3, 5);
    for (const p of [pair, pair.toLowerCase(), (v.plateNo as string).slice(0, 2)]) {
      const page = await ok(t, 'POST', '/api/xxda/vehicle/list', 'qiye', { page: 1, size: 500, filters: { plateNo: p } });
      const expected = await likeIds('vehicle', 'plate_no', p);
      expect(page.content.map((r: { id: string }) => r.id).sort()).toEqual(expected.slice(0, 500).sort());
      if (p !== (v.plateNo as string).slice(0, 2)) expect(ids(page)).toContain(v.id);
    }
  });
});
