/**
 * A list page reads the labels of its references in its own statement (platform/crud/query.ts labelColumns); every
 * other reader (an export, a detail) attaches them after reading the rows. Both must show the same: for every resource
 * and every side, the labels of a page equal those attached to the same rows afterwards — a list of references keeps
 * its order, with '' for one that is not found. The same for a resource's virtual fields computed in SQL (用户's 角色).
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { randomUUID } from 'node:crypto';
import { RESOURCES } from '@dg/core';
import { decorate, listRows } from '../../src/platform/crud/query.ts';
import { hooksOf, type Row } from '../../src/platform/crud/hooks.ts';
import { testApp, uid, sessionOf, type TestApp } from '../helpers.ts';

let t: TestApp;
beforeAll(async () => { t = await testApp(); });

/** the labels, and a resource's virtual fields computed in SQL (hooks `columns`: read the same two ways) */
const labelKeys = (key: string, row: Row) => {
  const computed = Object.keys(hooksOf(key).columns?.() ?? {});
  return Object.keys(row).filter((k) => k.endsWith('Label') || k === 'enterpriseName' || computed.includes(k));
};

describe('the labels of a list page', () => {
  it('equal the labels attached to the same rows afterwards, for every resource and side', { timeout: 120_000 }, async () => {
    const db = t.app.ctx.database.db;
    let compared = 0;
    let computedCompared = 0;
    for (const who of ['qiye', 'zhengfu', 'admin'] as const) {
      const user = await sessionOf(t, who);
      for (const def of RESOURCES) {
        const { content } = await listRows(db, def, user, { page: 1, size: 50 });
        if (!content.length) continue;
        const keys = labelKeys(def.key, content[0]!);
        // the same rows without their labels, labelled as an export labels them
        const bare: Row[] = content.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !keys.includes(k))));
        await decorate(db, def, user, bare);
        for (const k of keys) {
          const read = content.map((r) => r[k]);
          const attached = bare.map((r) => r[k]);
          // attaching leaves the label out where no row of the page holds a reference; the statement says null (or an
          // empty list for an empty list of references)
          if (attached.every((v) => v === undefined)) expect(read.every((v) => v === null || (Array.isArray(v) && !v.length)), `${who} ${def.key}.${k}`).toBe(true);
          else expect(read, `${who} ${def.key}.${k}`).toEqual(attached);
          if (content.some((r) => r[k])) compared++;
          if (content.some((r) => Array.isArray(r[k]) && r[k].length) && k === 'groupIds') computedCompared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(20);
    expect(computedCompared, 'the roles of users, read both ways').toBeGreaterThan(0);
  });

  it('of a list of references keep its order, with an empty label for one not found', async () => {
    const staff = await t.sql<{ id: string; name: string }>(
      `select s.id, s.name from staff s join base_user u on u.enterprise_id = s.enterprise_id where u.username = 'qiye' order by s.created_at limit 2`);
    expect(staff).toHaveLength(2);
    const topic = uid('会议');
    const add = await t.call('POST', '/api/yhpc/meeting/add', { as: 'qiye', body: { meetingDate: '2026-11-01', topic, meetingType: '专题会议', host: '张三', attendeeIds: [staff[1]!.id, staff[0]!.id], minutes: '纪要' } });
    expect(add.body.status).toBe(200);
    // a staff member removed since (as an old row may hold): between the two
    await t.sql(`update danger_meeting set attendee_ids = array[$1::uuid, $2::uuid, $3::uuid] where id = $4`, [staff[1]!.id, randomUUID(), staff[0]!.id, add.body.data.id]);
    const list = await t.call('POST', '/api/yhpc/meeting/list', { as: 'qiye', body: { filters: { topic } } });
    expect(list.body.data.content.map((r: Row) => r.attendeeIdsLabel)).toEqual([[staff[1]!.name, '', staff[0]!.name]]);
  });
});
