/**
 * Hooks of the 隐患排查治理 resources (packages/core/src/resources/danger.ts):
 * - hazard: numbered on add; editable and deletable only as 草稿 (after 提交 the workflow routes change it);
 *   整改期限 not before 发现日期; 逾期 computed at read time from the deadline (never stored); a government sees
 *   the submitted 重大 hazards of its jurisdiction.
 * - 整改台账 (a view of the submitted hazards): the same 逾期.
 * - checkModel: 项目数.
 */
import { and, sql, type SQL } from 'drizzle-orm';
import { HAZARD_OPEN_STATES } from '@dg/core';
import { enterpriseScope, type SessionUser } from '../../platform/access.ts';
import { badInput } from '../../platform/errors.ts';
import { defineHooks, type Row } from '../../platform/crud/hooks.ts';
import { hazardFlow } from '../../db/danger-schema.ts';
import { cnDate } from '../waybill/common.ts';


/** 逾期: still open and its deadline is before today (a deadline of today is not yet overdue) */
export const isOverdue = (state: unknown, deadline: unknown, today = cnDate()) =>
  HAZARD_OPEN_STATES.includes(state as never) && typeof deadline === 'string' && deadline < today;
/** the same as SQL over a table's state and deadline columns (the session's time zone is Asia/Shanghai) */
export const overdueSql = (state: unknown, deadline: unknown): SQL =>
  sql`(${state} in (${sql.join(HAZARD_OPEN_STATES.map((s) => sql`${s}`), sql`, `)}) and ${deadline} < current_date)`;

const overdueFilter = (value: unknown, t: Record<string, any>) => {
  if (value === undefined || value === null || value === '') return undefined;
  const yes = value === true || value === 'true' || value === '1' || value === 1;
  return yes ? overdueSql(t.state, t.deadline) : sql`not ${overdueSql(t.state, t.deadline)}`;
};
const markOverdue = (rows: Row[]) => {
  const today = cnDate();
  for (const r of rows) r.overdue = isOverdue(r.state, r.deadline, today);
};

/** who sees a hazard: the enterprise its own; a government the submitted 重大 hazards inside its jurisdiction */
export function hazardScope(user: SessionUser, t: Record<string, any>): SQL {
  const own = enterpriseScope(user, sql`${t.enterpriseId}`);
  if (user.side !== 'government') return own;
  return and(own, sql`${t.level} = '重大' and ${t.state} <> '草稿'`)!;
}

defineHooks('hazard', {
  scope: hazardScope,
  async beforeWrite(c, values, mode, existing) {
    if (existing && existing.state !== '草稿') throw badInput(`隐患“${existing.title}”已提交（${existing.state}），不能再修改`);
    const found = (values.foundDate ?? existing?.foundDate) as string | undefined;
    const deadline = (values.deadline ?? existing?.deadline) as string | undefined;
    if (found && deadline && deadline < found) throw badInput('整改期限：不能早于发现日期');
    if (found && found > cnDate()) throw badInput('发现日期：不能晚于今天');
    if (mode === 'add') {
      const r = await c.tx.execute<{ no: string }>(sql`select 'YH' || to_char(current_date, 'YYYYMMDD') || lpad((nextval('hazard_no_seq') % 100000)::text, 5, '0') as no`);
      values.hazardNo = r.rows[0]!.no;
      values.state = '草稿';
    }
  },
  async afterWrite(c, row, mode) {
    // the timeline starts at 登记 (in the same transaction as the row)
    if (mode === 'add') await c.tx.insert(hazardFlow).values({ hazardId: row.id, enterpriseId: row.enterpriseId, action: '登记', fromState: null,
      toState: row.state, opinion: null, side: c.user.side, userId: c.user.id, userName: c.user.name });
  },
  async beforeDelete(c, row) {
    if (row.state !== '草稿') throw badInput(`隐患“${row.title}”已提交（${row.state}），不能删除`);
    await c.tx.delete(hazardFlow).where(sql`${hazardFlow.hazardId} = ${row.id}`);
  },
  afterRead(_c, rows) { markOverdue(rows); },
  filters: { overdue: overdueFilter },
});

defineHooks('rectificationLedger', {
  afterRead(_c, rows) { markOverdue(rows); },
  filters: { overdue: overdueFilter },
});

defineHooks('checkModel', {
  afterRead(_c, rows) {
    for (const r of rows) r.itemCount = Array.isArray(r.itemIds) ? r.itemIds.length : 0;
  },
});
