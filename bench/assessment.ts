/**
 * 安全考核 at province scale, loaded straight into the database and measured through the API:
 * - 考核统计 (`GET /api/aqkh/assessStat?year=`) over 5,000 enterprises × 5 years of published results, as the province
 *   (zhengfu) and as a city (shiji);
 * - the scoring list of one assessment issued to 1,000 enterprises (`POST /api/aqkh/assessment/list` by its 考核下发,
 *   20 a page, first and a later page) as the province.
 * Prints a table; asserts nothing.
 */
import pg from 'pg';
import { provinceTree } from '../server/src/platform/regions.ts';
import { load, post, request } from './load.ts';

export interface AssessmentBenchContext { baseUrl: string; databaseUrl?: string; token(user: string, password: string): Promise<string>; label?: string; seconds?: number }

const ENTERPRISES = 5_000;
const YEARS = 5;
const ISSUED = 1_000;
const GRADES = ['AAA', 'AA', 'A', 'B'];

export async function benchAssessment(c: AssessmentBenchContext) {
  if (!c.databaseUrl) { console.log('\nassessment: skipped (needs the database URL)'); return; }
  const db = new pg.Client({ connectionString: c.databaseUrl });
  await db.connect();
  try {
    const [province] = (await db.query(`select o.region_code from base_user u join base_org o on o.id = u.org_id where u.username = 'zhengfu'`)).rows;
    const cities = (provinceTree(province.region_code)[0]?.children ?? []).map((n) => n.id);
    const [model] = (await db.query(`select id from assess_model order by created_at limit 1`)).rows;
    const [group] = (await db.query(`select id from assess_group order by created_at limit 1`)).rows;
    const t0 = Date.now();
    // 5 years of published results of 5,000 enterprises (ids of their own: the statistic reads the region each carries)
    await db.query(`insert into assessment (title, enterprise_id, region_code, year, model_id, group_id, deadline, state, late, items, group_total, grade, published_at)
      select '压测考核', gen_random_uuid(), ($1::text[])[1 + (e % array_length($1::text[], 1))], extract(year from current_date)::int - y, $2, $3, current_date,
        '已发布', false, '[]'::jsonb, 500 + (e * 7 + y * 13) % 500, ($4::text[])[1 + ((e * 7 + y * 13) % 4)], now()
      from generate_series(1, ${ENTERPRISES}) e, generate_series(1, ${YEARS}) y`, [cities, model.id, group.id, GRADES]);
    // one assessment issued to 1,000 enterprises of the province (copies of the demo enterprise A), all submitted
    const [a] = (await db.query(`select e.id from enterprise e join base_user u on u.enterprise_id = e.id where u.username = 'qiye'`)).rows;
    const ids = (await db.query(`insert into enterprise select (jsonb_populate_record(null::enterprise, to_jsonb(e) || jsonb_build_object(
        'id', gen_random_uuid(), 'name', e.name || '压测' || i, 'credit_code', lpad(i::text, 18, 'B')))).* from enterprise e, generate_series(1, ${ISSUED}) i
      where e.id = $1 returning id, region_code`, [a.id])).rows;
    const [task] = (await db.query(`insert into assess_task (name, year, model_id, group_id, region_code, deadline, state, enterprise_count)
      values ('压测考核下发', extract(year from current_date)::int, $1, $2, $3, current_date + 10, '已下发', ${ISSUED}) returning id`, [model.id, group.id, province.region_code])).rows;
    const [items] = (await db.query(`select items from assess_model where id = $1`, [model.id])).rows;
    await db.query(`insert into assessment (title, task_id, enterprise_id, region_code, year, model_id, group_id, deadline, state, late, items, self_total, submitted_at)
      select '压测考核下发', $1, x.id, x.region_code, extract(year from current_date)::int, $2, $3, current_date + 10, '已提交', false, $4::jsonb, 900, now()
      from jsonb_to_recordset($5::jsonb) as x(id uuid, region_code text)`, [task.id, model.id, group.id, JSON.stringify(items.items), JSON.stringify(ids)]);
    await db.query('vacuum analyze assessment');
    await db.query('vacuum analyze enterprise');
    const loadSeconds = (Date.now() - t0) / 1000;

    const zhengfu = await c.token('zhengfu', 'zhengfu123');
    const shiji = await c.token('shiji', 'zhengfu123');
    const year = new Date().getFullYear() - 2;
    const seconds = c.seconds ?? 3;
    const stat = (token: string) => async () => (await request(`${c.baseUrl}/api/aqkh/assessStat?year=${year}`, { token })).status === 200;
    const page = (n: number) => async () => (await post(`${c.baseUrl}/api/aqkh/assessment/list`, { page: n, size: 20, filters: { taskId: task.id } }, zhengfu)).status === 200;
    const rows: Record<string, unknown>[] = [];
    for (const [what, fn] of [['考核统计 省 (5,000 企业 × 5 年)', stat(zhengfu)], ['考核统计 市', stat(shiji)], ['评分列表 第1页 (1,000 企业)', page(1)], ['评分列表 第30页', page(30)]] as const) {
      const r = await load(fn, { concurrency: 4, seconds });
      rows.push({ what, p50: r.p50, p99: r.p99, rps: Math.round(r.rps), errors: r.errors });
    }
    console.log(`\n安全考核 — ${c.label ?? ''} (loaded ${ENTERPRISES * YEARS + ISSUED} assessments in ${loadSeconds.toFixed(1)} s)`);
    console.table(rows);
  } finally {
    await db.end();
  }
}
