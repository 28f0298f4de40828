/**
 * 数据融合比对 on the server: the import's row report and plate normalisation, each class of the comparison on
 * hand-built records against demo waybills, a city's results, cancel, a run taken over after its instance died, a run
 * again from nought (its charts' counts too), and a suspected 无运单运输 made an abnormal waybill found on 异常运单.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { testApp, uid, type TestApp, type DemoUser } from '../helpers.ts';
import { multipart } from '../warnings/app.ts';
import { regionName } from '../../src/platform/regions.ts';

let t: TestApp;
beforeAll(async () => { t = await testApp(); });

const HEADER = '数据类型,车牌号码,挂车号牌,开始时间,结束时间,卡口站点,方向,所在地区,外部编号';
/** a China-time instant as the csv writes it */
const at = (day: string, hm: string) => `${day}T${hm}:00+08:00`;
const line = (r: { kind?: string; plate: string; trailer?: string; start: string; end?: string; station?: string; region: string; no?: string }) =>
  [r.kind ?? '卡口通行', r.plate, r.trailer ?? '', r.start, r.end ?? '', r.station ?? '', '上行', regionName(r.region), r.no ?? uid('X')].join(',');

async function importCsv(rows: string[], validOnly: boolean, as: DemoUser = 'zhengfu') {
  const m = multipart('passages.csv', Buffer.from([HEADER, ...rows].join('\n')));
  const r = await t.app.inject({ method: 'POST', url: `/api/sjrh/fusionRecord/import?validOnly=${validOnly ? 1 : 0}`, payload: m.payload, headers: { ...m.headers, authorization: await t.token(as) } });
  return r.json();
}

async function runTask(as: DemoUser, day: string, name = uid('比对')) {
  const add = await t.call('POST', '/api/sjrh/fusionTask/add', { as, body: { name, dateFrom: day, dateTo: day } });
  expect(add.body.status, JSON.stringify(add.body)).toBe(200);
  const run = await t.call('POST', `/api/sjrh/fusionTask/run/${add.body.data.id}`, { as, body: { version: add.body.data.version } });
  expect(run.body.status, JSON.stringify(run.body)).toBe(200);
  expect(run.body.data.state).toBe('运行中');
  return finished(as, add.body.data.id);
}

/** the task once its run has ended (a beforeAll cannot use expect.poll) */
async function finished(as: DemoUser, id: string) {
  const until = Date.now() + 150_000;
  for (;;) {
    const task = (await t.call('GET', `/api/sjrh/fusionTask/info/${id}`, { as })).body.data;
    if (task.state !== '运行中') return task;
    if (Date.now() > until) throw new Error(`比对任务仍在运行：${JSON.stringify(task)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

async function resultsOf(as: DemoUser, taskId: string) {
  const r = await t.call('POST', '/api/sjrh/fusionResult/list', { as, body: { page: 1, size: 500, filters: { taskId } } });
  expect(r.body.status).toBe(200);
  return r.body.data.content as any[];
}

const recordIds = async (plates: string[]) =>
  new Map((await t.sql<{ id: string; plate_no: string }>(`select id, plate_no from fusion_record where plate_no = any($1)`, [plates])).map((x) => [x.plate_no, x.id]));

describe('import of external records', () => {
  it('reports a bad row by number and field and writes nothing; with 只导入正确行 the others come in with their plates normalised', async () => {
    const day = '2026-03-03';
    const serial = uid().slice(0, 4).toUpperCase().replace(/[IO]/g, 'X');
    const rows = [
      line({ plate: `浙Ａ${serial}１`, start: at(day, '08:00'), station: '杭州东站', region: '330102' }),
      line({ plate: `浙a ${serial}2`, start: at(day, '09:00'), station: '杭州东站', region: '330102' }),
      line({ kind: 'GPS轨迹', plate: `浙A·${serial}3`, trailer: `浙A${serial}挂车`, start: at(day, '09:00'), end: at(day, '12:00'), region: '330102' }),
      line({ plate: 'ABC', start: at(day, '10:00'), region: '330102' }),
    ];
    const all = await importCsv(rows, false);
    expect(all.status).toBe(200);
    expect(all.data.imported).toBe(0);
    expect(all.data.errors).toEqual([{ row: 5, field: '车牌号码', message: '车牌号码：请输入正确的车牌号码' }]);
    const some = await importCsv(rows, true);
    expect(some.data.imported).toBe(3);
    const stored = await t.sql(`select plate_no, trailer_plate_no from fusion_record where plate_no like $1 order by plate_no`, [`浙A${serial}%`]);
    expect(stored).toEqual([
      { plate_no: `浙A${serial}1`, trailer_plate_no: null },
      { plate_no: `浙A${serial}2`, trailer_plate_no: null },
      { plate_no: `浙A${serial}3`, trailer_plate_no: `浙A${serial}挂` },
    ]);
  });

  it('refuses a record outside the importer\'s jurisdiction, naming the field', async () => {
    const other = (await t.sql<{ region_code: string }>(`select region_code from enterprise e join base_user u on u.enterprise_id = e.id where u.username = 'qiye2'`))[0]!.region_code;
    const r = await importCsv([line({ plate: '浙A12345', start: at('2026-03-03', '08:00'), region: other })], false, 'shiji');
    expect(r.data.errors[0]).toMatchObject({ row: 2, message: '所在地区：不在本单位辖区内' });
  });
});

describe('the comparison', () => {
  let w: any, w2: any, day: string, plates: { exact: string; late: string; trailer: string; none: string };
  let task: any, results: any[];
  beforeAll(async () => {
    [w] = await t.sql(`select id, waybill_no, plate_no, trailer_plate_no, start_date::text as day, origin_region, carrier_region from waybill
      where trailer_plate_no is not null and waybill_no is not null and state not in ('草稿', '已作废') and deleted_at is null
        -- its period ends at the end of its day (one completed or closed later reaches the LATE record)
        and completed_at is null and closed_at is null
        -- a vehicle with no other waybill that day or the next (other files make waybills with the demo fleet), so the
        -- LATE record past the period has this waybill alone to be measured against
        and not exists (select 1 from waybill o where o.id <> waybill.id and o.deleted_at is null and o.state <> '已作废'
          and (o.plate_no in (waybill.plate_no, waybill.trailer_plate_no) or o.trailer_plate_no in (waybill.plate_no, waybill.trailer_plate_no))
          and o.start_date between waybill.start_date and waybill.start_date + 1)
      order by created_at, id limit 1`);
    expect(w).toBeDefined();
    day = w.day;
    // demo rows share their created_at: the id breaks the tie, so a run picks the same waybills every time
    [w2] = await t.sql(`select id, waybill_no, plate_no from waybill where start_date = $1 and waybill_no is not null and state not in ('草稿', '已作废')
      and deleted_at is null and plate_no <> $2 and coalesce(trailer_plate_no, '') <> $3 order by created_at, id limit 1`, [day, w.plate_no, w.trailer_plate_no]);
    expect(w2).toBeDefined();
    const next = new Date(Date.parse(day) + 86400_000).toISOString().slice(0, 10);
    plates = { exact: w.plate_no, late: w.plate_no, trailer: w.trailer_plate_no, none: `浙B${uid().slice(0, 4).toUpperCase().replace(/[IO]/g, 'X')}9` };
    const imported = await importCsv([
      line({ plate: w.plate_no, start: at(day, '10:00'), station: '匹配站', region: w.origin_region, no: 'EXACT' }),
      // the waybill's day ends at midnight; 30 minutes past it is inside the 60-minute tolerance, not inside the period
      line({ plate: w.plate_no, start: at(next, '00:30'), station: '晚到站', region: w.origin_region, no: 'LATE' }),
      line({ plate: w.trailer_plate_no, start: at(day, '11:00'), station: '挂车站', region: w.origin_region, no: 'TRAILER' }),
      line({ plate: plates.none, start: at(day, '12:00'), station: '无单站', region: w.origin_region, no: 'NONE' }),
    ], false);
    expect(imported.data.imported).toBe(4);
    task = await runTask('zhengfu', day);
    // the period is the waybill's day: the LATE record's day is the next one, so a second task covers both
    results = await resultsOf('zhengfu', task.id);
  });

  it('runs to 已完成 with its counts and progress', () => {
    expect(task.state).toBe('已完成');
    expect(task.done).toBe(task.total);
    expect(task.matched + task.partial + task.noWaybill).toBe(task.total);
    expect(task.noTrace).toBe(results.filter((r) => r.resultClass === '运单无外部记录').length);
  });

  it('classifies each record: exact, trailer only, no waybill; and lists a waybill no record reached', () => {
    const byStation = (s: string) => results.find((r) => r.station === s);
    expect(byStation('匹配站')).toMatchObject({ resultClass: '匹配', score: 100, plateNo: w.plate_no, reason: null });
    expect(byStation('挂车站')).toMatchObject({ resultClass: '部分匹配', score: 80, reason: '仅挂车号牌一致', waybillNo: w.waybill_no });
    expect(byStation('无单站')).toMatchObject({ resultClass: '疑似无运单运输', score: 0, reason: '容差60分钟内无该车运单', handling: '未处理' });
    expect(results.filter((r) => r.resultClass === '运单无外部记录').map((r) => r.waybillNo)).toContain(w2.waybill_no);
    expect(results.filter((r) => r.resultClass === '运单无外部记录').map((r) => r.waybillNo)).not.toContain(w.waybill_no);
  });

  it('gives a record half an hour past the waybill\'s period 部分匹配 with the reason', async () => {
    const next = new Date(Date.parse(day) + 86400_000).toISOString().slice(0, 10);
    const add = await t.call('POST', '/api/sjrh/fusionTask/add', { as: 'zhengfu', body: { name: uid('次日'), dateFrom: next, dateTo: next } });
    await t.call('POST', `/api/sjrh/fusionTask/run/${add.body.data.id}`, { as: 'zhengfu', body: { version: add.body.data.version } });
    await finished('zhengfu', add.body.data.id);
    const late = (await resultsOf('zhengfu', add.body.data.id)).find((r) => r.station === '晚到站');
    expect(late).toMatchObject({ resultClass: '部分匹配', reason: '时间不在运单期间内', waybillNo: expect.any(String) });
    expect(late.score).toBeGreaterThanOrEqual(70);
    expect(late.score).toBeLessThan(100);
  });

  it('turns a suspected 无运单运输 into an abnormal waybill once, found on 异常运单; a matched row is refused', async () => {
    const none = results.find((r) => r.station === '无单站');
    const matched = results.find((r) => r.station === '匹配站');
    const refused = await t.call('POST', `/api/sjrh/fusionResult/abnormal/${matched.id}`, { as: 'zhengfu', body: { version: matched.version } });
    expect(refused.body).toMatchObject({ status: 40001, message: '只有疑似无运单运输的记录可以生成异常运单' });
    const made = await t.call('POST', `/api/sjrh/fusionResult/abnormal/${none.id}`, { as: 'zhengfu', body: { version: none.version } });
    expect(made.body.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data.handling).toBe('已生成异常运单');
    const again = await t.call('POST', `/api/sjrh/fusionResult/abnormal/${none.id}`, { as: 'zhengfu', body: { version: made.body.data.version } });
    expect(again.body.status).toBe(40001);
    const list = await t.call('POST', '/api/ydjg/abnormal/list', { as: 'zhengfu', body: { page: 1, size: 10, filters: { plateNo: plates.none } } });
    expect(list.body.data.content).toHaveLength(1);
    expect(list.body.data.content[0]).toMatchObject({ rule: '疑似无运单运输', source: '数据融合', status: '待处理' });
    expect(list.body.data.content[0].detail).toContain('无单站');
  });

  it('shows a city only its own results, and the charts count by class and city', { timeout: 200_000 }, async () => {
    const city = (await t.sql<{ region_code: string }>(`select o.region_code from base_user u join base_org o on o.id = u.org_id where u.username = 'shiji'`))[0]!.region_code;
    // the province's task as the city sees it: the rows in the city only
    const mine = await resultsOf('shiji', task.id);
    for (const r of mine) expect(r.regionCode.slice(0, 4)).toBe(city.slice(0, 4));
    expect(mine.length).toBe(results.filter((r) => r.regionCode.slice(0, 4) === city.slice(0, 4)).length);
    // the pager's totals, read from the counts the comparison wrote (task, class) or from the rows (any other filter)
    const total = async (filters: Record<string, unknown>) => {
      const r = await t.call('POST', '/api/sjrh/fusionResult/list', { as: 'shiji', body: { page: 1, size: 1, filters: { taskId: task.id, ...filters } } });
      return { total: r.body.data.total, capped: r.body.data.totalCapped };
    };
    expect(await total({})).toEqual({ total: mine.length, capped: false });
    for (const cls of ['匹配', '部分匹配', '疑似无运单运输', '运单无外部记录']) {
      expect(await total({ resultClass: cls })).toEqual({ total: mine.filter((r) => r.resultClass === cls).length, capped: false });
    }
    const plate = mine[0]!.plateNo as string;
    expect(await total({ plateNo: plate })).toEqual({ total: mine.filter((r) => r.plateNo === plate).length, capped: false });
    // a passage of the city's own on that day (which waybill the comparison measured, and so its city, depends on the
    // other files' waybills): the city's task has at least that row
    const inCity = (await t.sql<{ region_code: string }>(`select e.region_code from enterprise e join base_user u on u.enterprise_id = e.id where u.username = 'qiye'`))[0]!.region_code;
    expect(inCity.slice(0, 4)).toBe(city.slice(0, 4));
    const passage = await importCsv([line({ plate: `浙A${uid().slice(0, 4).toUpperCase().replace(/[IO]/g, 'X')}8`, start: at(day, '13:00'), station: '市内站', region: inCity })], false, 'shiji');
    expect(passage.data.imported, JSON.stringify(passage)).toBe(1);
    const own = await runTask('shiji', day);
    expect(own.state, JSON.stringify(own)).toBe('已完成');
    const rows = await resultsOf('shiji', own.id);
    expect(rows.filter((r) => r.station === '市内站')).toHaveLength(1);
    for (const r of rows) expect(r.regionCode.slice(0, 4)).toBe(city.slice(0, 4));
    const stats = await t.call('POST', '/api/sjrh/fusionResult/stats', { as: 'zhengfu', body: { taskId: task.id } });
    const counted = Object.fromEntries(stats.body.data.byClass.map((c: any) => [c.resultClass, c.count]));
    expect(counted).toEqual({ 匹配: task.matched, 部分匹配: task.partial, 疑似无运单运输: task.noWaybill, 运单无外部记录: task.noTrace });
    expect(stats.body.data.byCity.reduce((s: number, c: any) => s + Object.values(c.counts as Record<string, number>).reduce((a, b) => a + b, 0), 0)).toBe(results.length);
  });
});

describe('the demo file', () => {
  it('is made from the jurisdiction\'s waybills, imports whole, and its comparison gives rows of every class', async () => {
    const file = await t.call('GET', '/api/sjrh/fusionRecord/demoFile', { as: 'zhengfu' });
    expect(file.http).toBe(200);
    const text = file.raw.toString('utf8');
    const lines = text.trim().split(/\r\n/);
    expect(lines.length - 1).toBeGreaterThanOrEqual(100);
    const m = multipart('demo.csv', file.raw);
    const imported = (await t.app.inject({ method: 'POST', url: '/api/sjrh/fusionRecord/import?validOnly=0', payload: m.payload, headers: { ...m.headers, authorization: await t.token('zhengfu') } })).json();
    expect(imported.data).toMatchObject({ total: lines.length - 1, imported: lines.length - 1, errors: [] });
    const days = lines.slice(1).map((l) => l.split(',')[3]!.slice(0, 10)).sort();
    const add = await t.call('POST', '/api/sjrh/fusionTask/add', { as: 'zhengfu', body: { name: uid('演示'), dateFrom: days[0], dateTo: days[days.length - 1] } });
    await t.call('POST', `/api/sjrh/fusionTask/run/${add.body.data.id}`, { as: 'zhengfu', body: { version: add.body.data.version } });
    const task = await finished('zhengfu', add.body.data.id);
    expect(task.state).toBe('已完成');
    expect(task.matched).toBeGreaterThan(0);
    expect(task.partial).toBeGreaterThan(0);
    expect(task.noWaybill).toBeGreaterThan(0);
    expect(task.noTrace).toBeGreaterThan(0);
  });

  it('is the importer\'s: a user without 外部数据导入\'s 导入 may not have it', async () => {
    expect((await t.call('GET', '/api/sjrh/fusionRecord/demoFile', { as: 'qiye' })).body.status).toBe(40301);
  });
});

describe('the job', () => {
  /** a task left 运行中 by an instance that is gone: its lease as given, its cursor where it stopped */
  async function stranded(day: string, lease: string, cursor: string | null) {
    const add = await t.call('POST', '/api/sjrh/fusionTask/add', { as: 'zhengfu', body: { name: uid('中断'), dateFrom: day, dateTo: day } });
    await t.sql(`update fusion_task set state = '运行中', run_no = 1, tolerance_minutes = 60, started_at = now(), lease_until = now() + $2::interval,
      cursor = $3, total = null, done = 0, matched = 0, partial = 0, no_waybill = 0, no_trace = 0 where id = $1`, [add.body.data.id, lease, cursor]);
    return add.body.data.id as string;
  }

  it('resumes a run whose instance died from the chunk it had reached, once its lease expires', async () => {
    const day = '2025-02-0' + (1 + Math.floor(Math.random() * 8));
    const serial = uid().slice(0, 3).toUpperCase().replace(/[IO]/g, 'X');
    const rows = Array.from({ length: 6 }, (_, i) => line({ plate: `浙C${serial}${i}0`, start: at(day, `0${i}:00`), station: `续跑${i}`, region: '330102' }));
    expect((await importCsv(rows, false)).data.imported).toBe(6);
    const ids = [...(await recordIds(Array.from({ length: 6 }, (_, i) => `浙C${serial}${i}0`))).values()].sort();
    // the dead instance had written the results of the records up to the third (its cursor)
    const id = await stranded(day, '-1 second', ids[2]!);
    const task = await finished('zhengfu', id);
    expect(task.state).toBe('已完成');
    const got = (await resultsOf('zhengfu', id)).filter((r) => String(r.station).startsWith('续跑'));
    const compared = (await t.sql<{ record_id: string }>(`select record_id from fusion_result where task_id = $1 and record_id is not null`, [id])).map((r) => r.record_id).sort();
    expect(compared).toEqual(ids.filter((x) => x > ids[2]!).sort().filter((x) => compared.includes(x)));
    for (const x of ids.slice(3)) expect(compared).toContain(x);
    for (const x of ids.slice(0, 3)) expect(compared).not.toContain(x);
    expect(got).toHaveLength(3);
  });

  it('cancels a running task: the queue does not go on with it, and it may run again', async () => {
    const id = await stranded('2025-01-15', '1 hour', null);
    const info = (await t.call('GET', `/api/sjrh/fusionTask/info/${id}`, { as: 'zhengfu' })).body.data;
    const edit = await t.call('PUT', '/api/sjrh/fusionTask/update', { as: 'zhengfu', body: { ...info, name: uid('改名') } });
    expect(edit.body.status).toBe(40001);
    const cancel = await t.call('POST', `/api/sjrh/fusionTask/cancel/${id}`, { as: 'zhengfu', body: { version: info.version } });
    expect(cancel.body.status, JSON.stringify(cancel.body)).toBe(200);
    expect(cancel.body.data.state).toBe('已取消');
    await t.sql(`update fusion_task set lease_until = null where id = $1`, [id]);
    const twice = await t.call('POST', `/api/sjrh/fusionTask/cancel/${id}`, { as: 'zhengfu', body: { version: cancel.body.data.version } });
    expect(twice.body).toMatchObject({ status: 40001, message: '比对任务当前为已取消，不能取消' });
    const again = await t.call('POST', `/api/sjrh/fusionTask/run/${id}`, { as: 'zhengfu', body: { version: cancel.body.data.version } });
    expect(again.body.data.state).toBe('运行中');
    expect((await finished('zhengfu', id)).state).toBe('已完成');
  });

  it('runs again from nought: the results and the charts\' counts of the run before are gone', async () => {
    const day = '2025-03-1' + Math.floor(Math.random() * 10);
    const serial = uid().slice(0, 3).toUpperCase().replace(/[IO]/g, 'X');
    expect((await importCsv([0, 1].map((i) => line({ plate: `浙D${serial}${i}9`, start: at(day, `1${i}:00`), station: `重跑${i}`, region: '330102' })), false)).data.imported).toBe(2);
    const first = await runTask('zhengfu', day);
    const again = await t.call('POST', `/api/sjrh/fusionTask/run/${first.id}`, { as: 'zhengfu', body: { version: first.version } });
    expect(again.body.status, JSON.stringify(again.body)).toBe(200);
    const task = await finished('zhengfu', again.body.data.id);
    expect(task.state).toBe('已完成');
    expect(task.noWaybill).toBeGreaterThanOrEqual(2);
    const stats = (await t.call('POST', '/api/sjrh/fusionResult/stats', { as: 'zhengfu', body: { taskId: task.id } })).body.data;
    expect(Object.fromEntries(stats.byClass.map((c: any) => [c.resultClass, c.count]))).toEqual({ 匹配: task.matched, 部分匹配: task.partial, 疑似无运单运输: task.noWaybill, 运单无外部记录: task.noTrace });
    expect((await resultsOf('zhengfu', task.id)).length).toBe(task.matched + task.partial + task.noWaybill + task.noTrace);
  });

  it('is the government\'s: an enterprise user may neither list nor run tasks', async () => {
    const r = await t.call('POST', '/api/sjrh/fusionTask/list', { as: 'qiye', body: {} });
    expect(r.body.status).toBe(40301);
  });
});
