/**
 * Review finding 3: the fields a workflow owns (ResourceDef.workflow — state, level, issuer, the record a row belongs to,
 * who and when of each step, a draw's seed) are not written through the generic add and update. The rule: a body that
 * would set one on add, or change one on update, is refused with 40001 naming the field, and nothing of it is stored;
 * the stored value sent back unchanged (a client returning the row it read) is no change.
 *
 * The walk covers every definition that declares such fields, each field through its update route, as a demo user
 * who may update that resource (a read-only resource has no update route: 404).
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { randomUUID } from 'node:crypto';
import { RESOURCES, columnName, elementCode, tableName, type FieldDef, type ResourceDef } from '@dg/core';
import { testApp, uid, sessionOf, type TestApp, type DemoUser } from '../helpers.ts';
import { canWrite } from '../../src/platform/crud/write.ts';
import { holdsElement } from '../../src/platform/access.ts';
import { day, firstStaff } from '../danger/fixtures.ts';
import { demoEnterprises, type DemoEnterprises } from '../records/fixtures.ts';

let t: TestApp;
let E: DemoEnterprises;
beforeAll(async () => {
  t = await testApp();
  E = await demoEnterprises(t);
});

const WRITERS: DemoUser[] = ['qiye', 'zhengfu', 'shiji', 'admin'];
const base = (def: ResourceDef) => `/api/${def.area}/${def.key}`;
const owned = (def: ResourceDef) => [...def.workflow!.owns, ...(def.workflow!.givenOnAdd ?? [])];
/** a stored column as comparable text (a Date, a json value, a number alike) */
const stored = async (def: ResourceDef, id: string, field: string) => {
  const [r] = await t.sql(`select to_jsonb("${columnName(field)}")::text as v from ${tableName(def)} where id = $1`, [id]);
  return r.v as string;
};

/** a value of the field's type that differs from the stored one */
function another(f: FieldDef, now: unknown): unknown {
  switch (f.type) {
    case 'enum': return f.options!.find((o) => (f.multiple ? !(now as string[] | null)?.includes(o.value) : o.value !== now))!.value;
    case 'number': case 'integer': case 'money': return Number(now ?? 0) + 7;
    case 'date': return now === '2001-01-01' ? '2001-01-02' : '2001-01-01';
    case 'datetime': return '2001-01-01T00:00:00.000Z';
    case 'bool': return !now;
    case 'ref': return f.multiple ? [randomUUID()] : randomUUID();
    case 'file': return [{ id: randomUUID(), name: '伪造.pdf' }];
    case 'json': return [{ forged: uid() }];
    case 'region': return now === '110000' ? '120000' : '110000';
    default: return f.multiple ? [uid('X')] : uid('X');
  }
}

describe('流程字段 through the generic write', () => {
  it('every workflow-owned field of every resource: an update changing it is refused naming the field, and nothing changes', { timeout: 120_000 }, async () => {
    const defs = RESOURCES.filter((d) => d.workflow);
    // the resources the review named, each with its workflow's fields declared
    expect(defs.map((d) => d.key)).toEqual(expect.arrayContaining(['hazard', 'selfCheck', 'checkPlan', 'checkRecord', 'rectNotice', 'rectBorrow', 'supervise',
      'enterprise', 'vehicle', 'tank', 'regimeDoc', 'notice', 'staffNotice', 'article', 'policy']));
    const sessions = Object.fromEntries(await Promise.all(WRITERS.map(async (u) => [u, await sessionOf(t, u)] as const)));
    // the demo data has no article or policy: one of each to try
    for (const key of ['article', 'policy']) {
      const def = RESOURCES.find((d) => d.key === key)!;
      const add = await t.call('POST', `${base(def)}/add`, { as: 'zhengfu', body: { title: uid('流程'), category: def.fields.category!.options![0]!.value, content: '<p>正文</p>' } });
      expect(add.body.status).toBe(200);
    }
    // nor a comparison task or result (the results are the job's): one of each
    const task = await t.call('POST', '/api/sjrh/fusionTask/add', { as: 'zhengfu', body: { name: uid('流程'), dateFrom: '2025-01-01', dateTo: '2025-01-01' } });
    expect(task.body.status).toBe(200);
    await t.sql(`insert into fusion_result (task_id, result_class, handling, plate_no, score, record_kind, record_time, region_code)
      values ($1, '疑似无运单运输', '未处理', '浙A00000', 0, '卡口通行', now(), '330100')`, [task.body.data.id]);
    const faults: string[] = [];
    let tried = 0;
    for (const def of defs) {
      const writer = WRITERS.find((u) => holdsElement(sessions[u]!, elementCode(def, 'edit')) && canWrite(def, sessions[u]!));
      if (!writer && !def.readOnly) { faults.push(`${def.key}: no demo user may update it`); continue; }
      const reader = writer ?? WRITERS.find((u) => sessions[u]!.menus.has(def.menu))!;
      const list = await t.call('POST', `${base(def)}/list`, { as: reader, body: { page: 1, size: 1 } });
      const row = list.body.data?.content?.[0];
      if (!row) { faults.push(`${def.key}: ${reader} sees no row to try`); continue; }
      for (const name of owned(def)) {
        const f = def.fields[name]!;
        const [{ now }] = await t.sql(`select to_jsonb("${columnName(name)}") as now from ${tableName(def)} where id = $1`, [row.id]);
        const before = await stored(def, row.id, name);
        const as = writer ?? reader;
        const r = await t.call('PUT', `${base(def)}/update`, { as, body: { id: row.id, version: row.version, [name]: another(f, now) } });
        tried++;
        // a read-only resource has no update route; otherwise the field is named
        const expected = def.readOnly ? { http: 404, status: 404, message: r.body.message } : { http: 200, status: 40001, message: `${f.label}：由办理流程确定，不能直接修改` };
        if (r.http !== expected.http || r.body.status !== expected.status || r.body.message !== expected.message) {
          faults.push(`${def.key}.${name} as ${as}: ${r.http} ${r.body.status} ${r.body.message}`);
        }
        if (await stored(def, row.id, name) !== before) faults.push(`${def.key}.${name}: stored value changed`);
      }
    }
    expect(faults).toEqual([]);
    expect(tried).toBeGreaterThan(60);
  });

  it('the stored value sent back is no change; an add setting a workflow field is refused', async () => {
    const staff = await firstStaff(t, E);
    const body = { title: uid('流程字段'), source: '自查', foundDate: day(-1), location: '停车场', category: '场所', level: '一般', description: '测试',
      responsibleId: staff.a, deadline: day(5), measures: '整改' };
    // 状态 and 隐患编号 are the workflow's from the first moment
    const forged = await t.call('POST', '/api/yhpc/hazard/add', { as: 'qiye', body: { ...body, state: '已销号' } });
    expect(forged.body).toMatchObject({ status: 40001, message: '状态：由办理流程确定，不能直接修改' });
    expect(await t.sql(`select 1 from hazard where title = $1`, [body.title])).toEqual([]);
    const draft = (await t.call('POST', '/api/yhpc/hazard/add', { as: 'qiye', body })).body.data;
    // the row as read, sent back with one editable change: saved
    const info = (await t.call('GET', `/api/yhpc/hazard/info/${draft.id}`, { as: 'qiye' })).body.data;
    const saved = await t.call('PUT', '/api/yhpc/hazard/update', { as: 'qiye', body: { ...info, location: '改后地点' } });
    expect(saved.body.status).toBe(200);
    expect(saved.body.data).toMatchObject({ location: '改后地点', state: '草稿', hazardNo: draft.hazardNo });
    // a 督办 item's level is given when it is added, fixed afterwards
    const item = await t.call('POST', '/api/zgdb/supervise/add', { as: 'shiji', body: { title: uid('督办'), enterpriseId: E.a.id, level: '市级', deadline: day(5), requirement: '整改', state: '已销号' } });
    expect(item.body).toMatchObject({ status: 40001, message: '状态：由办理流程确定，不能直接修改' });
    // a plan's seed is never the planner's
    const plan = await t.call('POST', '/api/aqjc/checkPlan/add', { as: 'shiji', body: { name: uid('计划'), periodStart: day(0), periodEnd: day(9),
      regionCode: E.a.regionCode.slice(0, 4) + '00', samplePercent: 50, checkItems: '制度', inspectors: '赵运管', seed: 'chosen-by-planner' } });
    expect(plan.body).toMatchObject({ status: 40001, message: '随机种子：由办理流程确定，不能直接修改' });
  });
});
