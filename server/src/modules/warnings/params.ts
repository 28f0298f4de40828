/**
 * 参数设置 (zydXxkbManager/paramSettingManager): the rows of param_setting, each
 * value checked by its own rule before anything is written. Reading needs the menu, saving its
 * 编辑 element (paramSettingManager:btn_edit), like every other write. The parameters hold for the
 * whole province (there are no city-level values): only the province's government or the platform
 * changes them, and each read says whether the reader may (`editable`).
 */
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WARNING_WINDOWS } from '@dg/core/warnings';
import { DEFAULT_WARNING_DAYS, DEFAULT_LEARNING_YEAR_HOURS, LEARNING_HOURS_PARAM, warningAnswers } from '@dg/core';
import type { App } from '../../platform/context.ts';
import type { SessionUser } from '../../platform/access.ts';
import { ok, badInput, forbidden } from '../../platform/errors.ts';
import { answer } from '../../platform/answers.ts';

type Check = (v: unknown) => string | null;
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const intIn = (label: string, min: number, max: number): Check => (v) => (isInt(v) && v >= min && v <= max ? null : `${label}：请输入${min}到${max}之间的整数`);
const numIn = (label: string, min: number, max: number, places: number): Check => (v) =>
  typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max && Math.abs(v * 10 ** places - Math.round(v * 10 ** places)) < 1e-9
    ? null : `${label}：请输入${min}到${max}之间的数字，最多${places}位小数`;

const WINDOW_KEYS = new Set<string>(WARNING_WINDOWS.map((w) => w.key));

/**
 * 安全生产费用 of dangerous-goods transport is drawn at 1.5 % of revenue at least (财资〔2022〕136号 第二十四条); a local
 * rate below the national one is raised to it (第五十条), so no setting goes lower
 */
export const MIN_SAFETY_FUND_RATE = 1.5;
const fundRate: Check = (v) => numIn('安全生产费用提取比例', 0, 100, 2)(v)
  ?? ((v as number) < MIN_SAFETY_FUND_RATE ? `安全生产费用提取比例：不得低于${MIN_SAFETY_FUND_RATE}%（财资〔2022〕136号）` : null);

/** province-wide values: changed by the province's government (its jurisdiction is the province) or the platform */
export const changesParams = (user: SessionUser, provinceCode: string) =>
  user.side === 'platform' || (user.side === 'government' && user.regionCode === provinceCode);

/** key → label, default and rule. Keys seeded by seedBase keep their stored label. */
export const PARAM_RULES: Record<string, { label: string; default: unknown; check: Check }> = {
  warningDays: { label: '证照到期预警天数', default: DEFAULT_WARNING_DAYS, check: intIn('证照到期预警天数', 1, 365) },
  warningDaysByKind: {
    label: '各类证件预警天数（未设置的按证照到期预警天数）', default: {},
    check: (v) => {
      if (!v || typeof v !== 'object' || Array.isArray(v)) return '各类证件预警天数：格式不正确';
      for (const [k, d] of Object.entries(v)) {
        const w = WARNING_WINDOWS.find((x) => x.key === k);
        if (!WINDOW_KEYS.has(k) || !w) return `各类证件预警天数：未知的证件类型“${k}”`;
        if (d !== null && !(isInt(d) && d >= 1 && d <= 365)) return `${w.title}预警天数：请输入1到365之间的整数`;
      }
      return null;
    },
  },
  inTransitOverdueFactor: { label: '在途超时倍数（相对线路预计时长）', default: 2, check: numIn('在途超时倍数', 1, 10, 1) },
  fillRateThreshold: { label: '运单填报率预警阈值（%）', default: 80, check: intIn('运单填报率预警阈值', 0, 100) },
  safetyFundRate: { label: '安全生产费用提取比例（%）', default: MIN_SAFETY_FUND_RATE, check: fundRate },
  assessGrades: {
    label: '考核等级分数线（AAA/AA/A）', default: { AAA: 900, AA: 750, A: 600 },
    check: (v) => {
      const g = v as Record<string, unknown> | null;
      if (!g || typeof g !== 'object' || Array.isArray(g)) return '考核等级分数线：格式不正确';
      for (const k of ['AAA', 'AA', 'A']) if (!(isInt(g[k]) && (g[k] as number) >= 0 && (g[k] as number) <= 1000)) return `考核等级分数线：${k}请输入0到1000之间的整数`;
      if (Object.keys(g).some((k) => !['AAA', 'AA', 'A'].includes(k))) return '考核等级分数线：只能设置AAA、AA、A';
      if (!((g.AAA as number) > (g.AA as number) && (g.AA as number) > (g.A as number))) return '考核等级分数线：应满足AAA高于AA，AA高于A';
      return null;
    },
  },
  fusionToleranceMinutes: { label: '数据融合时间容差（分钟）', default: 60, check: intIn('数据融合时间容差', 1, 1440) },
  [LEARNING_HOURS_PARAM]: { label: '从业人员年度安全培训学时（小时）', default: DEFAULT_LEARNING_YEAR_HOURS, check: intIn('从业人员年度安全培训学时', 1, 200) },
};

export const paramRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const app = fastify as unknown as App;
  const db = () => app.ctx.database.db;
  const tags = ['参数设置'];
  const read = async (editable: boolean) => {
    const r = await db().execute<{ key: string; value: unknown; label: string | null; updated_at: Date }>(sql`select key, value, label, updated_at from param_setting`);
    const stored = new Map(r.rows.map((x) => [x.key, x]));
    // every known parameter, stored or at its default, then any other stored ones (read-only here)
    const known = Object.entries(PARAM_RULES).map(([key, p]) => {
      const s = stored.get(key);
      return { key, label: s?.label ?? p.label, value: s ? s.value : p.default, updatedAt: s?.updated_at ?? null, editable };
    });
    const other = r.rows.filter((x) => !PARAM_RULES[x.key]).map((x) => ({ key: x.key, label: x.label ?? x.key, value: x.value, updatedAt: x.updated_at, editable: false }));
    return [...known, ...other];
  };

  const mayChange = (user: SessionUser) => changesParams(user, app.ctx.config.provinceCode);
  app.get('/zyd/param', { config: { access: { menu: 'paramSettingManager' } }, schema: { tags, summary: '参数设置', response: answer(warningAnswers.params) } }, async (req) => ok(await read(mayChange(req.user!))));

  app.put('/zyd/param', {
    config: { access: { element: 'paramSettingManager:btn_edit', opt: '修改参数设置' } },
    schema: { tags, summary: '保存参数设置（只写请求中出现的参数）', body: z.record(z.string(), z.unknown(), { error: '请求内容格式不正确' }), response: answer(warningAnswers.params) },
  }, async (req) => {
    if (!mayChange(req.user!)) throw forbidden('参数设置：全省统一参数，由省级监管部门修改');
    const body = req.body;
    const keys = Object.keys(body);
    if (!keys.length) throw badInput('没有需要保存的参数');
    for (const key of keys) {
      const rule = PARAM_RULES[key];
      if (!rule) throw badInput(`未知参数：${key}`);
      const problem = rule.check(body[key]);
      if (problem) throw badInput(problem);
    }
    // a per-type window set to null goes back to the general one
    if (body.warningDaysByKind) body.warningDaysByKind = Object.fromEntries(Object.entries(body.warningDaysByKind as object).filter(([, d]) => d !== null));
    const before = await read(true);
    await db().transaction(async (tx) => {
      for (const key of keys) {
        await tx.execute(sql`insert into param_setting (key, value, label, updated_at, updated_by) values (${key}, ${JSON.stringify(body[key])}::jsonb, ${PARAM_RULES[key]!.label}, now(), ${req.user!.id})
          on conflict (key) do update set value = excluded.value, updated_at = now(), updated_by = excluded.updated_by`);
      }
    });
    const after = await read(true);
    req.audit = { before: before.filter((p) => keys.includes(p.key)), after: after.filter((p) => keys.includes(p.key)) };
    return ok(after);
  });
};
