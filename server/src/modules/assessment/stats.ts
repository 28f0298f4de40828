/**
 * 考核统计: published grades counted by city and by year within the asker's jurisdiction, and the same as xlsx.
 *   GET  /aqkh/assessStat?year=2024   → { years, year, byCity: [{ regionCode, city, AAA, AA, A, B, total }], trend: [{ year, AAA, AA, A, B, total }] }
 *   POST /aqkh/assessStat/export      the city table of the year, then the trend beneath
 * Each published assessment carries its enterprise's region at issue, so one grouping over the assessment table answers
 * (an index on state, year and region backs it).
 */
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assessmentAnswers, type ASSESS_GRADES, type Served } from '@dg/core';
import type { App } from '../../platform/context.ts';
import { regionScope, type SessionUser } from '../../platform/access.ts';
import { badInput, ok } from '../../platform/errors.ts';
import { answer } from '../../platform/answers.ts';
import { regionShortName } from '../../platform/regions.ts';
import { xlsxDisposition, xlsxOf } from '../../platform/crud/excel.ts';
import type { Db } from '../../db/index.ts';

type Counts = Record<(typeof ASSESS_GRADES)[number], number> & { total: number };
const zero = (): Counts => ({ AAA: 0, AA: 0, A: 0, B: 0, total: 0 });

export async function assessStat(db: Db, user: SessionUser, yearRaw?: string): Promise<Served<typeof assessmentAnswers.stat>> {
  if (yearRaw !== undefined && yearRaw !== '' && !/^\d{4}$/.test(yearRaw)) throw badInput('考核年度：请输入4位年份');
  const scope = regionScope(user, sql`a.region_code`);
  const r = await db.execute<{ year: number; city: string; grade: string; n: string }>(sql`
    select a.year, left(a.region_code, 4) || '00' as city, a.grade, count(*) as n from assessment a
    where a.state = '已发布' and ${scope} group by 1, 2, 3`);
  const years = [...new Set(r.rows.map((x) => Number(x.year)))].sort((a, b) => a - b);
  const year = yearRaw ? Number(yearRaw) : years[years.length - 1] ?? new Date().getFullYear();
  const byCity = new Map<string, Counts>();
  const trend = new Map<number, Counts>(years.map((y) => [y, zero()]));
  for (const x of r.rows) {
    const g = x.grade as keyof Counts;
    const n = Number(x.n);
    const t = trend.get(Number(x.year))!;
    t[g] += n; t.total += n;
    if (Number(x.year) !== year) continue;
    const c = byCity.get(x.city) ?? zero();
    c[g] += n; c.total += n;
    byCity.set(x.city, c);
  }
  return {
    years, year,
    byCity: [...byCity].sort(([a], [b]) => a.localeCompare(b)).map(([regionCode, c]) => ({ regionCode, city: regionShortName(regionCode), ...c })),
    trend: [...trend].map(([y, c]) => ({ year: y, ...c })),
  };
}

export const statRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const app = fastify as unknown as App;
  const db = () => app.ctx.database.db;
  const tags = ['考核统计'];
  const query = z.object({ year: z.string().optional().describe('考核年度（默认最近一年）') });
  app.get('/aqkh/assessStat', { config: { access: { menu: 'assessStatManager' } }, schema: { tags, summary: '考核等级：按地市、按年度', querystring: query, response: answer(assessmentAnswers.stat) } },
    async (req) => ok(await assessStat(db(), req.user!, req.query.year)));
  app.post('/aqkh/assessStat/export', { config: { access: { element: 'assessStatManager:btn_export', opt: '导出考核统计' } }, schema: { tags, summary: '导出考核统计', body: query } },
    async (req, reply) => {
      const s = await assessStat(db(), req.user!, req.body.year);
      const rows: (string | number)[][] = s.byCity.map((c) => [c.city, c.AAA, c.AA, c.A, c.B, c.total]);
      rows.push([], ['年度', 'AAA', 'AA', 'A', 'B', '合计'], ...s.trend.map((t) => [String(t.year), t.AAA, t.AA, t.A, t.B, t.total]));
      reply.header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').header('Content-Disposition', xlsxDisposition(`${s.year}年考核等级统计`));
      return reply.send(xlsxOf([`地市（${s.year}年）`, 'AAA', 'AA', 'A', 'B', '合计'], rows));
    });
};
