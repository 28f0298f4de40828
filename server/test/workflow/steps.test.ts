/**
 * Every workflow declared in core, walked step by step through the routes the engine derives from it: each step's
 * route exists behind its element code (a user without it is refused), a side the step does not name is refused, a
 * state the step does not start from is refused, a stale version is refused — each refusal changing nothing — and
 * the step taken as declared moves the row to a declared state and writes exactly one timeline row.
 *
 * A row to walk is made through the resource's own add route; the state each case starts from is set on that row
 * directly, so every state is tried whatever path the demo data would take to reach it.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { MSG, RESOURCES, STATUS, stepFrom, tableName, type FieldDef, type ResourceDef, type Side, type StepDef } from '@dg/core';
import { testApp, uid, type TestApp, type DemoUser } from '../helpers.ts';
import { day, firstStaff } from '../danger/fixtures.ts';
import { demoEnterprises } from '../records/fixtures.ts';
import { apiRoutes } from '../security/route-table.ts';

let t: TestApp;
let staff = '';
let enterprise = '';
let city = '';
beforeAll(async () => {
  t = await testApp();
  const E = await demoEnterprises(t);
  enterprise = E.a.id;
  city = E.a.regionCode.slice(0, 4) + '00';
  staff = (await firstStaff(t, E)).a;
});

/** the demo user who acts for each side */
const ACTOR: Record<Side, DemoUser> = { enterprise: 'qiye', government: 'shiji', platform: 'admin' };

/** how each workflow resource gets a row to walk (a workflow with steps and no entry here fails the walk) */
const MAKE: Record<string, () => Promise<string>> = {
  hazard: async () => {
    const r = await t.call('POST', '/api/yhpc/hazard/add', { as: 'qiye', body: {
      title: uid('流程隐患'), source: '自查', foundDate: day(-3), location: '测试停车场', category: '场所', level: '重大', // 重大: the government sees it and takes its steps
      description: '测试描述', responsibleId: staff, deadline: day(5), measures: '测试整改措施',
    } });
    expect(r.body.status).toBe(200);
    return r.body.data.id as string;
  },
  // planned by another officer than the one who acts for the government here (one person never plans and approves)
  checkPlan: async () => {
    const r = await t.call('POST', '/api/aqjc/checkPlan/add', { as: 'zhengfu', body: {
      name: uid('检查计划'), periodStart: day(0), periodEnd: day(20), regionCode: city, samplePercent: 100, checkItems: '安全管理制度', inspectors: '王监管',
    } });
    expect(r.body.status).toBe(200);
    return r.body.data.id as string;
  },
  rectNotice: async () => {
    const r = await t.call('POST', '/api/zggl/rectNotice/add', { as: 'shiji', body: {
      enterpriseId: enterprise, problems: '消防通道堆放杂物', requirements: '立即清理', deadline: day(5),
    } });
    expect(r.body.status).toBe(200);
    return r.body.data.id as string;
  },
  // a task whose lease an instance elsewhere holds: the walk's 运行比对 leaves it to that instance, so no job moves it on
  fusionTask: async () => {
    const r = await t.call('POST', '/api/sjrh/fusionTask/add', { as: 'shiji', body: { name: uid('比对任务'), dateFrom: day(-1), dateTo: day(0) } });
    expect(r.body.status).toBe(200);
    await t.sql(`update fusion_task set lease_until = 'infinity' where id = $1`, [r.body.data.id]);
    return r.body.data.id as string;
  },
  // a comparison's suspected 无运单运输 in the city (results are written by the job only)
  fusionResult: async () => {
    const [row] = await t.sql(`insert into fusion_result (result_class, handling, plate_no, score, reason, record_kind, record_time, station, region_code)
      values ('疑似无运单运输', '未处理', '浙A00000', 0, '容差60分钟内无该车运单', '卡口通行', now(), '流程测试站', $1) returning id`, [city]);
    return row.id as string;
  },
};

/** a valid value of a step's field, by its type */
function valueOf(f: FieldDef): unknown {
  switch (f.type) {
    case 'date': return day(0);
    case 'number': case 'integer': case 'money': return 1;
    case 'file': return [];
    default: return '按流程测试填写';
  }
}

/**
 * Workflows whose steps still run through their module's own routes (flow.ts stepRow with the declaration's refusal)
 * rather than the engine: a step there needs a scored indicator list and a group membership the generic walk cannot
 * give, and server/test/assessment walks them. Moving them onto the engine removes them from this list.
 */
const OWN_ROUTES = ['assessTask', 'assessment'];
const defs = RESOURCES.filter((d) => d.workflow?.steps && !OWN_ROUTES.includes(d.key));
const stateCol = (def: ResourceDef) => def.workflow!.stateField ?? 'state';
const put = (def: ResourceDef, id: string, state: string) => t.sql(`update ${tableName(def)} set ${stateCol(def)} = $1 where id = $2`, [state, id]);
const read = async (def: ResourceDef, id: string) => (await t.sql(`select ${stateCol(def)} as state, version from ${tableName(def)} where id = $1`, [id]))[0] as { state: string; version: number };
const steps = async (id: string) => Number((await t.sql('select count(*)::int as n from work_flow where subject_id = $1', [id]))[0].n);

function bodyOf(def: ResourceDef, step: StepDef, version: number): Record<string, unknown> {
  const body: Record<string, unknown> = { version };
  if (step.opinion) body.opinion = '按流程测试意见';
  for (const [name, required] of Object.entries(step.fields ?? {})) if (required) body[name] = valueOf(def.fields[name]!);
  return body;
}

describe('every declared workflow step', () => {
  it('is walked: every resource with steps has a row to walk', () => {
    expect(defs.map((d) => d.key)).toEqual(expect.arrayContaining(['hazard', 'rectNotice', 'checkPlan']));
    for (const d of defs) expect(MAKE[d.key], `${d.key}: no row to walk`).toBeTypeOf('function');
    for (const k of OWN_ROUTES) expect(RESOURCES.find((d) => d.key === k)?.workflow?.steps, `${k} is still a workflow`).toBeDefined();
  });

  for (const def of defs) {
    for (const [name, step] of Object.entries(def.workflow!.steps!)) {
      it(`${def.key}.${name}: route, element, side, state, version, one timeline row`, { timeout: 60_000 }, async () => {
        const url = `/api/${def.area}/${def.key}/${name}`;
        const route = apiRoutes(t).find((r) => r.method === 'POST' && r.url === `${url}/:id`);
        expect(route, `${url}/:id`).toBeDefined();
        expect(step.elements).toContain(route!.access.element);

        const id = await MAKE[def.key]!();
        const call = (as: DemoUser, body: Record<string, unknown>) => t.call('POST', `${url}/${id}`, { as, body }).then((r) => r.body);
        const side = step.sides[0]!;
        const from = stepFrom(step, side)[0]!;
        await put(def, id, from);
        const at = await read(def, id);
        const timeline = await steps(id);
        const unchanged = async () => {
          expect(await read(def, id)).toEqual(at);
          expect(await steps(id)).toBe(timeline);
        };

        // without the element code
        expect((await call('wuquanxian', bodyOf(def, step, at.version))).status).toBe(STATUS.FORBIDDEN);
        await unchanged();
        // a side the step does not name
        for (const other of (['enterprise', 'government', 'platform'] as Side[]).filter((s) => !step.sides.includes(s))) {
          expect((await call(ACTOR[other], bodyOf(def, step, at.version))).status, other).toBe(STATUS.FORBIDDEN);
          await unchanged();
        }
        // every state the step does not start from, for each side that takes it, is refused — most by naming the row's
        // state; a state the side does not see at all (an enterprise's 草稿) is not found; a module may say it its way
        // (a 重大 hazard 已由企业验收)
        for (const s of step.sides) {
          const named: string[] = [];
          for (const wrong of Object.keys(def.workflow!.states!).filter((st) => !stepFrom(step, s).includes(st))) {
            await put(def, id, wrong);
            const r = await call(ACTOR[s], bodyOf(def, step, at.version));
            expect(r.status, `${s} from ${wrong}`).toBe(STATUS.BAD_INPUT);
            expect(r.message).not.toBe(MSG.staleVersion);
            if (r.message.includes(wrong)) named.push(wrong);
          }
          expect(named.length, `${s}: no wrong state refused naming it`).toBeGreaterThan(0);
          await put(def, id, from);
          await unchanged();
        }
        // a stale version
        const stale = await call(ACTOR[side], bodyOf(def, step, at.version - 1));
        expect(stale).toMatchObject({ status: STATUS.BAD_INPUT, message: MSG.staleVersion });
        await unchanged();
        // the step as declared, by each side that takes it
        for (const s of step.sides) {
          const start = stepFrom(step, s)[0]!;
          await put(def, id, start);
          const before = await read(def, id);
          const count = await steps(id);
          const done = await call(ACTOR[s], bodyOf(def, step, before.version));
          expect(done.status, `${s}: ${JSON.stringify(done)}`).toBe(200);
          const to = step.to === null ? [start] : typeof step.to === 'string' ? [step.to] : step.to;
          expect(to).toContain(done.data[stateCol(def)]);
          expect(await read(def, id)).toEqual({ state: done.data[stateCol(def)], version: before.version + 1 });
          expect(await steps(id)).toBe(count + 1);
        }
      });
    }
  }
});
