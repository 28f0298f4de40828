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
import { MSG, RESOURCES, STATUS, columnName, makeCreditCode, opinionField, recordChange, stepFrom, tableName, type FieldDef, type ResourceDef, type Side, type StepDef } from '@dg/core';
import { checklistFlow, waybillForm } from '@dg/core/waybill';
import { testApp, uid, type TestApp, type DemoUser } from '../helpers.ts';
import { day, firstStaff } from '../danger/fixtures.ts';
import { demoEnterprises } from '../records/fixtures.ts';
import { apiRoutes } from '../security/route-table.ts';
import { makeCrew, makeTank, makeVehicle, ok, waybillIn } from '../waybill/fixtures.ts';

let t: TestApp;
let staff = '';
let enterprise = '';
let city = '';
let district = '';
beforeAll(async () => {
  t = await testApp();
  const E = await demoEnterprises(t);
  enterprise = E.a.id;
  city = E.a.regionCode.slice(0, 4) + '00';
  district = E.a.regionCode;
  staff = (await firstStaff(t, E)).a;
});

/** the demo user who acts for each side */
const ACTOR: Record<Side, DemoUser> = { enterprise: 'qiye', government: 'shiji', platform: 'admin' };

/**
 * how each workflow resource gets a row to walk (a workflow with steps and no entry here fails the walk); where each
 * unit steps only its own rows (PER_SIDE), each side walks a row made by its own actor; given the state the step starts
 * from where a row needs more than its state to take the step (a waybill to check has a crew)
 */
const MAKE: Record<string, (side: Side, from: string) => Promise<string>> = {
  waybill: async (_side, from) => (await waybillIn(t, from === '草稿' ? '草稿' : from === '待调度' ? '待调度' : from === '待检查' ? '待检查' : from === '待下发' ? '待下发' : '待装货')).w.id as string,
  hazard: async () => {
    const r = await t.call('POST', '/api/yhpc/hazard/add', { as: 'qiye', body: {
      title: uid('流程隐患'), source: '自查', foundDate: day(-3), location: '测试停车场', category: '场所', level: '重大', // 重大: the government sees it and takes its steps
      description: '测试描述', responsibleId: staff, deadline: day(5), measures: '测试整改措施',
    } });
    expect(r.body.status).toBe(200);
    return r.body.data.id as string;
  },
  // a self-check of the demo template with one failed item
  selfCheck: async () => {
    const model = ok(await t.call('POST', '/api/yhpc/checkModel/list', { as: 'qiye', body: { filters: { name: '车辆罐体日常检查表' } } })).content[0];
    const results = model.itemIds.map((itemId: string, i: number) => ({ itemId, result: i === 0 ? '不合格' : '合格', remark: i === 0 ? '按流程测试不合格' : null }));
    return ok(await t.call('POST', '/api/yhpc/selfCheck/run', { as: 'qiye', body: { checkModelId: model.id, checkDate: day(0), inspector: '张安全', results } })).id as string;
  },
  // planned by another officer than the one who acts for the government here (one person never plans and approves)
  checkPlan: async () => {
    const r = await t.call('POST', '/api/aqjc/checkPlan/add', { as: 'zhengfu', body: {
      name: uid('检查计划'), periodStart: day(0), periodEnd: day(20), regionCode: city, samplePercent: 100, checkItems: '安全管理制度', inspectors: '王监管',
    } });
    expect(r.body.status).toBe(200);
    return r.body.data.id as string;
  },
  // a 核查单 the city's officer issues for an 异常运单 of the enterprise's waybill
  checklist: async () => {
    const { w } = await waybillIn(t, '待调度');
    const ab = ok(await t.call('POST', '/api/ydjg/abnormal/report', { as: 'shiji', body: { waybillId: w.id, detail: '按流程测试异常' } }));
    return ok(await t.call('POST', '/api/ydjg/checklist/issue', { as: 'shiji', body: { abnormalId: ab.id, problem: '按流程测试核查问题', replyBy: day(7) } })).id as string;
  },
  rectNotice: async () => {
    const r = await t.call('POST', '/api/zggl/rectNotice/add', { as: 'shiji', body: {
      enterpriseId: enterprise, problems: '消防通道堆放杂物', requirements: '立即清理', deadline: day(5),
    } });
    expect(r.body.status).toBe(200);
    return r.body.data.id as string;
  },
  // over the demo bank's subject, so that 发布 can draw a paper
  exam: async () => {
    const [{ id: subjectId }] = await t.sql(`select s.id from learning_subject s where s.enterprise_id = $1 and exists (select 1 from exam_question q where q.subject_id = s.id) limit 1`, [enterprise]);
    const r = await t.call('POST', '/api/exam/exam/add', { as: 'qiye', body: {
      title: uid('流程考试'), subjectId, startAt: `${day(0)} 00:00:00`, endAt: `${day(5)} 00:00:00`, duration: 30, passScore: 6, maxAttempts: 1, paperMode: '固定',
      singleCount: 2, singleScore: 5, multiCount: 0, multiScore: 0, judgeCount: 0, judgeScore: 0, candidatePosts: ['驾驶员'],
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
  // the enterprise borrows its own closed record, so either side may return it and the government approves
  rectBorrow: async () => {
    const n = await t.call('POST', '/api/zggl/rectNotice/add', { as: 'zhengfu', body: { enterpriseId: enterprise, problems: uid('借阅问题'), requirements: '整改', deadline: day(5) } });
    await t.sql(`update rect_notice set state = '合格' where id = $1`, [n.body.data.id]);
    const r = await t.call('POST', '/api/zggl/rectBorrow/add', { as: 'qiye', body: { recordId: n.body.data.id, purpose: '流程测试查阅', until: day(5) } });
    expect(r.body.status).toBe(200);
    return r.body.data.id as string;
  },
  regimeDoc: async () => {
    const r = await t.call('POST', '/api/aqzd/regimeDoc/add', { as: 'qiye', body: {
      title: uid('流程制度'), docType: '安全会议制度', effectiveDate: day(0), content: '<p>按流程测试</p>', readerIds: [staff],
    } });
    expect(r.body.status).toBe(200);
    return r.body.data.id as string;
  },
  notice: async (side) => {
    const r = await t.call('POST', '/api/tzgg/notice/add', { as: ACTOR[side], body: { title: uid('流程通知'), noticeType: '通知', content: '<p>按流程测试</p>', audience: 'all' } });
    expect(r.body.status).toBe(200);
    return r.body.data.id as string;
  },
  staffNotice: async () => {
    const r = await t.call('POST', '/api/tzgg/staffNotice/add', { as: 'qiye', body: { title: uid('流程人员通知'), content: '按流程测试', readerIds: [staff] } });
    expect(r.body.status).toBe(200);
    return r.body.data.id as string;
  },
  assessTask: async () => (await assessTask()).id,
  assessment: async () => {
    const task = await assessTask();
    const issued = await t.call('POST', `/api/aqkh/assessTask/issue/${task.id}`, { as: 'shiji', body: { version: task.version } });
    expect(issued.body.status).toBe(200);
    const [row] = await t.sql('select id from assessment where task_id = $1 and enterprise_id = $2', [task.id, enterprise]);
    return row.id as string;
  },
  // 企业车辆审核: a registration in the city's district (as the public form makes it), a vehicle, a tank, a change of an approved vehicle
  enterprise: async () => {
    const u = uid();
    const [e] = await t.sql(`insert into enterprise (name, credit_code, licence_no, business_scope, region_code, address, phone, status, audit_status)
      values ($1, $2, $3, '{3}', $4, '流程路1号', '13900001111', '正常', '待审核') returning id`,
    [`流程${u}运输有限公司`, makeCreditCode(`91${district}${u.slice(0, 9).toUpperCase()}`), `流程许可${u}`, district]);
    return e.id as string;
  },
  vehicle: async () => (await makeVehicle(t, enterprise)).id,
  tank: async () => (await makeTank(t, enterprise)).id,
  recordChange: async () => {
    const v = await makeVehicle(t, enterprise);
    const [c] = await t.sql(`insert into record_change (resource, record_id, enterprise_id, old_values, new_values) values ('vehicle', $1, $2, $3, $4) returning id`,
      [v.id, enterprise, JSON.stringify({ transportCertExpiry: day(100) }), JSON.stringify({ transportCertExpiry: day(400) })]);
    return c.id as string;
  },
  supervise: async () => {
    const r = await t.call('POST', '/api/zgdb/supervise/add', { as: 'shiji', body: {
      title: uid('流程督办'), enterpriseId: enterprise, level: '市级', deadline: day(5), requirement: '按期整改',
    } });
    expect(r.body.status).toBe(200);
    return r.body.data.id as string;
  },
};

const PER_SIDE = ['notice'];

/** a 考核下发 of the city's government to the walk's enterprise, its group led by the government's actor */
async function assessTask() {
  const indicator = await t.call('POST', '/api/aqkh/assessIndicator/add', { as: 'zhengfu', body: { category: '运输安全', name: uid('流程指标'), maxScore: 100, rule: '按规则扣分' } });
  const model = await t.call('POST', '/api/aqkh/assessModel/add', { as: 'zhengfu', body: { name: uid('流程模型'), modelVersion: 1, totalScore: 100,
    items: [{ indicatorId: indicator.body.data.id, weight: 100 }] } });
  const group = await t.call('POST', '/api/aqkh/assessGroup/add', { as: 'shiji', body: { name: uid('流程考核组'), leaderName: 'shiji', memberNames: 'shiji' } });
  const r = await t.call('POST', '/api/aqkh/assessTask/add', { as: 'shiji', body: { name: uid('流程考核'), year: 2025, modelId: model.body.data.id, groupId: group.body.data.id,
    regionCode: city, enterpriseIds: [enterprise], deadline: day(5) } });
  expect(r.body.status, JSON.stringify([indicator.body, model.body, group.body, r.body])).toBe(200);
  return r.body.data as { id: string; version: number };
}

/** what a step takes beyond its declaration's opinion and required fields: every indicator's score */
const EXTRA: Record<string, (id: string) => Promise<Record<string, unknown>>> = {
  'assessment.submit': async (id) => ({ items: (await indicatorsOf(id)).map((indicatorId) => ({ indicatorId, selfScore: 90 })) }),
  'assessment.score': async (id) => ({ items: (await indicatorsOf(id)).map((indicatorId) => ({ indicatorId, groupScore: 90 })) }),
};
const indicatorsOf = async (id: string) => ((await t.sql('select items from assessment where id = $1', [id]))[0].items as { indicatorId: string }[]).map((i) => i.indicatorId);

/** a step whose hook wants another user of the side than the usual one (提级督办 is the province's) */
const ACTOR_OF: Record<string, Partial<Record<Side, DemoUser>>> = { 'supervise.raise': { government: 'zhengfu' } };
const actor = (def: ResourceDef, step: string, side: Side) => ACTOR_OF[`${def.key}.${step}`]?.[side] ?? ACTOR[side];

/** the body of a step whose route takes more than the declaration says: what its screen sends */
const BODY: Record<string, (step: string, id: string, version: number) => Promise<Record<string, unknown>>> = {
  waybill: async (step, id, version) => {
    const reason = '按流程测试原因';
    switch (step) {
      case 'dispatch': return { version, ...(await makeCrew(t, ok(await t.call('GET', `/api/dzyd/waybill/info/${id}`, { as: 'qiye' })).enterpriseId)).body };
      case 'check': {
        const form = ok(await t.call('GET', `/api/dzyd/waybill/checkForm/${id}`, { as: 'qiye' }));
        return { version, answers: form.items.map((i: { id: string }) => ({ itemId: i.id, result: '合格' })), driverNotified: true, escortNotified: true };
      }
      case 'load': {
        const w = ok(await t.call('GET', `/api/dzyd/waybill/info/${id}`, { as: 'qiye' }));
        const checks = { vehicleCert: true, crewQualification: true, inspectionValid: true, goodsMatch: true, tankMedia: true };
        return { version, checks, goods: w.goods.map((g: { id: string; quantity: number }) => ({ lineId: g.id, actualQuantity: g.quantity })) };
      }
      case 'unload': return { version, signer: '王签收' };
      case 'change': return { version, reason, consigneePhone: `0571-8${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}` };
      case 'cancel': case 'close': return { version, reason };
      default: return { version };
    }
  },
  selfCheck: async (_step, _id, version) => ({ version, responsibleId: staff, deadline: day(7) }),
};

/**
 * steps whose route is the module's own (下发 of several waybills at once, 企业车辆审核's product paths): the route as
 * registered, its URL and body for one row
 */
const OWN_ROUTE: Record<string, { route: string; url: (id: string) => string; body: (id: string, body: Record<string, unknown>) => Record<string, unknown> }> = {
  'waybill.distribute': { route: '/api/dzyd/waybill/distribute', url: () => '/api/dzyd/waybill/distribute', body: (id, b) => ({ ids: [id], versions: { [id]: b.version } }) },
  ...Object.fromEntries((['enterprise', 'vehicle', 'tank', 'recordChange'] as const).flatMap((key) => (['pass', 'reject'] as const).map((step) => [`${key}.${step}`, {
    route: `/api/audit/${step}/:type/:id`, url: (id: string) => `/api/audit/${step}/${key === 'recordChange' ? 'vehicleChange' : key}/${id}`, body: (_id: string, b: Record<string, unknown>) => b,
  }]))),
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

// the waybill and its 核查单 are not registered resources (their tables and routes are the spec's) but run on the engine,
// and so do 企业车辆审核's decisions on a change of an approved record
const defs = [...RESOURCES, waybillForm, checklistFlow, recordChange].filter((d) => d.workflow?.steps);
const stateCol = (def: ResourceDef) => def.workflow!.stateField ?? 'state';
/** the state's column (审核状态 is audit_status) */
const stateColumn = (def: ResourceDef) => columnName(stateCol(def));
const put = async (def: ResourceDef, id: string, state: string) => {
  if (def.key !== 'waybill') return t.sql(`update ${tableName(def)} set ${stateColumn(def)} = $1 where id = $2`, [state, id]);
  // the waybill's state counts are rollups other files read while this one runs: a state set by hand moves them as a
  // step would, in the same statement, so no reader ever sees the table and the counts disagree
  await t.sql(`with old as (select state, enterprise_id, carrier_region from waybill where id = $2 and state <> $1 for update),
    upd as (update waybill set state = $1 where id = $2 and exists (select 1 from old)),
    moves as (select old.enterprise_id, old.carrier_region, m.state, m.n from old cross join lateral (values (old.state, -1), ($1, 1)) m(state, n)),
    ent as (insert into waybill_state_count (enterprise_id, state, n) select enterprise_id, state, n from moves
      on conflict (enterprise_id, state) do update set n = waybill_state_count.n + excluded.n)
    insert into waybill_region_state_count (carrier_region, state, n) select carrier_region, state, n from moves
      on conflict (carrier_region, state) do update set n = waybill_region_state_count.n + excluded.n`, [state, id]);
};
const read = async (def: ResourceDef, id: string) => (await t.sql(`select ${stateColumn(def)} as state, version from ${tableName(def)} where id = $1`, [id]))[0] as { state: string; version: number };
/** a row's timeline rows: work_flow, or the timeline of a workflow with its own store */
const OWN_TIMELINE: Record<string, string> = {
  waybill: 'select count(*)::int as n from waybill_transition where waybill_id = $1',
  checklist: 'select count(*)::int as n from checklist_step where checklist_id = $1',
};
const steps = async (id: string, def?: ResourceDef) =>
  Number((await t.sql(OWN_TIMELINE[def?.key ?? ''] ?? 'select count(*)::int as n from work_flow where subject_id = $1', [id]))[0].n);

/** the row put in the state the step starts from, and a check that nothing moved it or its timeline since */
async function startAt(def: ResourceDef, id: string, from: string) {
  await put(def, id, from);
  const at = await read(def, id);
  const timeline = await steps(id, def);
  return {
    at, timeline,
    unchanged: async () => {
      expect(await read(def, id)).toEqual(at);
      expect(await steps(id, def)).toBe(timeline);
    },
  };
}

function bodyOf(def: ResourceDef, step: StepDef, version: number): Record<string, unknown> {
  const body: Record<string, unknown> = { version };
  if (step.opinion) body[opinionField(step)] = '按流程测试意见';
  for (const [name, required] of Object.entries(step.fields ?? {})) if (required) body[name] = valueOf(def.fields[name]!);
  for (const [name, f] of Object.entries(step.inputs ?? {})) if (f.required) body[name] = valueOf(f);
  return body;
}

/**
 * steps an applicant takes without a session on the module's public route (a rejected registration's 重新提交): the
 * route, a row and the body that proves the application's account and password
 */
const APPLICANT: Record<string, { route: string; make: () => Promise<{ id: string; body: Record<string, unknown> }> }> = {
  'enterprise.resubmit': {
    route: '/api/public/register/revise',
    make: async () => {
      const u = uid();
      const body = {
        name: `流程${u}注册运输有限公司`, creditCode: makeCreditCode(`91${district}${u.slice(0, 9).toUpperCase()}`), licenceNo: `流程注册许可${u}`,
        businessScope: ['3', '8'], regionCode: district, address: '流程路2号', contact: '王申请', phone: '13900002222', username: `flow${u}`, password: 'abc12345',
      };
      return { id: ok(await t.call('POST', '/api/public/register', { body })).enterpriseId as string, body };
    },
  },
};

/** an applicant's step: a public route, no element code; a wrong password and every other state refused; one timeline row */
async function walkApplicant(def: ResourceDef, name: string, step: StepDef) {
  const a = APPLICANT[`${def.key}.${name}`];
  expect(a, `${def.key}.${name}: no applicant walk`).toBeDefined();
  const route = apiRoutes(t).find((r) => r.method === 'POST' && r.url === a!.route);
  expect(route?.access.public).toBe(true);
  expect(step.elements).toEqual([]);
  const { id, body } = await a!.make();
  const call = (b: Record<string, unknown>) => t.call('POST', a!.route, { body: b }).then((r) => r.body);
  const from = stepFrom(step, 'enterprise')[0]!;
  const { at, timeline, unchanged } = await startAt(def, id, from);
  expect((await call({ ...body, password: 'wrong12345' }))).toMatchObject({ status: STATUS.BAD_INPUT, message: MSG.badCredentials });
  await unchanged();
  for (const wrong of Object.keys(def.workflow!.states!).filter((st) => !stepFrom(step, 'enterprise').includes(st))) {
    await put(def, id, wrong);
    const r = await call(body);
    expect(r.status, `from ${wrong}`).toBe(STATUS.BAD_INPUT);
    expect(r.message).toContain(wrong);
    await put(def, id, from);
  }
  await unchanged();
  // the applicant has no version to give: the step acts on the one it reads
  expect((await call(body)).status).toBe(200);
  expect(await read(def, id)).toEqual({ state: step.to, version: at.version + 1 });
  expect(await steps(id, def)).toBe(timeline + 1);
}

describe('every declared workflow step', () => {
  it('is walked: every resource with steps has a row to walk', () => {
    expect(defs.map((d) => d.key)).toEqual(expect.arrayContaining(['hazard', 'rectNotice', 'checkPlan', 'waybill', 'checklist', 'enterprise', 'vehicle', 'tank', 'recordChange']));
    for (const d of defs) expect(MAKE[d.key], `${d.key}: no row to walk`).toBeTypeOf('function');
  });

  for (const def of defs) {
    for (const [name, step] of Object.entries(def.workflow!.steps!)) {
      it(`${def.key}.${name}: route, element, side, state, version, one timeline row`, { timeout: 60_000 }, async () => {
        if (step.applicant) return walkApplicant(def, name, step);
        const own = OWN_ROUTE[`${def.key}.${name}`];
        const url = `/api/${def.area}/${def.key}/${name}`;
        const route = apiRoutes(t).find((r) => r.method === 'POST' && r.url === (own ? own.route : `${url}/:id`));
        expect(route, own ? own.route : `${url}/:id`).toBeDefined();
        // one element code, or any of several where two screens offer the step
        const codes = route!.access.element ? [route!.access.element] : route!.access.anyElement ?? [];
        expect(codes.length).toBeGreaterThan(0);
        for (const c of codes) expect(step.elements).toContain(c);

        const side = step.sides[0]!;
        const from = stepFrom(step, side)[0]!;
        const id = await MAKE[def.key]!(side, from);
        const extra = (await EXTRA[`${def.key}.${name}`]?.(id)) ?? {};
        /** the row `s` walks: its own where each unit steps only its own rows */
        const rowOf = async (s: Side) => (PER_SIDE.includes(def.key) && s !== side ? MAKE[def.key]!(s, from) : id);
        const bodyFor = (row: string, version: number) => (BODY[def.key] ? BODY[def.key]!(name, row, version) : Promise.resolve(bodyOf(def, step, version)));
        const call = async (as: DemoUser, body: Record<string, unknown> | Promise<Record<string, unknown>>, row = id) => {
          const b = { ...extra, ...(await body) };
          return t.call('POST', own ? own.url(row) : `${url}/${row}`, { as, body: own ? own.body(row, b) : b }).then((r) => r.body);
        };
        const { at, unchanged } = await startAt(def, id, from);

        // without the element code
        expect((await call('wuquanxian', bodyFor(id, at.version))).status).toBe(STATUS.FORBIDDEN);
        await unchanged();
        // a side the step does not name
        for (const other of (['enterprise', 'government', 'platform'] as Side[]).filter((s) => !step.sides.includes(s))) {
          expect((await call(ACTOR[other], bodyFor(id, at.version))).status, other).toBe(STATUS.FORBIDDEN);
          await unchanged();
        }
        // every state the step does not start from, for each side that takes it, is refused — most by naming the row's
        // state; a state the side does not see at all (an enterprise's 草稿) is not found; a module may say it its way
        // (a 重大 hazard 已由企业验收)
        for (const s of step.sides) {
          const named: string[] = [];
          const row = await rowOf(s);
          const version = (await read(def, row)).version;
          for (const wrong of Object.keys(def.workflow!.states!).filter((st) => !stepFrom(step, s).includes(st))) {
            await put(def, row, wrong);
            const r = await call(actor(def, name, s), bodyFor(row, version), row);
            expect(r.status, `${s} from ${wrong}`).toBe(STATUS.BAD_INPUT);
            expect(r.message).not.toBe(MSG.staleVersion);
            if (r.message.includes(wrong)) named.push(wrong);
          }
          expect(named.length, `${s}: no wrong state refused naming it`).toBeGreaterThan(0);
          await put(def, id, from);
          await unchanged();
        }
        // a stale version
        const stale = await call(actor(def, name, side), bodyFor(id, at.version - 1));
        expect(stale).toMatchObject({ status: STATUS.BAD_INPUT, message: MSG.staleVersion });
        await unchanged();
        // the step as declared, by each side that takes it
        for (const s of step.sides) {
          const start = stepFrom(step, s)[0]!;
          const row = await rowOf(s);
          await put(def, row, start);
          const before = await read(def, row);
          const count = await steps(row, def);
          const done = await call(actor(def, name, s), bodyFor(row, before.version), row);
          expect(done.status, `${s}: ${JSON.stringify(done)}`).toBe(200);
          const now = await read(def, row);
          const to = step.to === null ? [start] : typeof step.to === 'string' ? [step.to] : step.to;
          expect(to).toContain(now.state);
          expect(now).toEqual({ state: now.state, version: before.version + 1 });
          // the route answers the row (出车检查 answers it beside its outcome, 不合格项转隐患 beside the hazards made; 下发 of
          // several rows answers their numbers)
          if (!own) expect(done.data[stateCol(def)] ?? done.data.waybill?.[stateCol(def)] ?? done.data.check?.[stateCol(def)]).toBe(now.state);
          expect(await steps(row, def)).toBe(count + 1);
        }
      });
    }
  }
});
