/**
 * Hooks of the 隐患排查治理 resources (packages/core/src/resources/danger.ts):
 * - hazard: numbered on add; editable and deletable only as 草稿 (after 提交 the workflow routes change it);
 *   整改期限 not before 发现日期; 逾期 computed at read time from the deadline (never stored); a government sees
 *   the submitted 重大 hazards of its jurisdiction.
 * - 整改台账 (a view of the submitted hazards): the same 逾期.
 * - checkModel: 项目数.
 */
import { and, sql, type SQL } from 'drizzle-orm';
import { HAZARD_OPEN_STATES, NOTICE_OPEN_STATES } from '@dg/core';
import { enterpriseScope, type SessionUser } from '../../platform/access.ts';
import { badInput } from '../../platform/errors.ts';
import { defineHooks, type Row } from '../../platform/crud/hooks.ts';
import { deleteSteps, recordStep } from './flow.ts';
import { cnDate } from '../waybill/common.ts';
import { nextNo } from './numbers.ts';


/** 逾期: still open (one of `open`) and its deadline is before today (a deadline of today is not yet overdue) */
export const isOverdue = (state: unknown, deadline: unknown, open: readonly string[] = HAZARD_OPEN_STATES, today = cnDate()) =>
  open.includes(state as string) && typeof deadline === 'string' && deadline < today;
/** the same as SQL over a table's state and deadline columns (the session's time zone is Asia/Shanghai) */
export const overdueSql = (state: unknown, deadline: unknown, open: readonly string[] = HAZARD_OPEN_STATES): SQL =>
  sql`(${state} in (${sql.join(open.map((s) => sql`${s}`), sql`, `)}) and ${deadline} < current_date)`;

/** the 逾期 filter and the computed column of a resource whose rows are open in `open` states */
export function overdueHooks(open: readonly string[]) {
  return {
    filter: (value: unknown, t: Record<string, any>) => {
      if (value === undefined || value === null || value === '') return undefined;
      const yes = value === true || value === 'true' || value === '1' || value === 1;
      return yes ? overdueSql(t.state, t.deadline, open) : sql`not ${overdueSql(t.state, t.deadline, open)}`;
    },
    mark: (rows: Row[]) => {
      const today = cnDate();
      for (const r of rows) r.overdue = isOverdue(r.state, r.deadline, open, today);
    },
  };
}
const hazardOverdue = overdueHooks(HAZARD_OPEN_STATES);

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
      values.hazardNo = await nextNo(c.tx, 'YH', 'hazard_no_seq');
      values.state = '草稿';
    }
  },
  async afterWrite(c, row, mode) {
    // the timeline starts at 登记 (in the same transaction as the row)
    if (mode === 'add') await recordStep(c.tx, c.user, 'hazard', row.id, { action: '登记', from: null, to: row.state, enterpriseId: row.enterpriseId });
  },
  async beforeDelete(c, row) {
    if (row.state !== '草稿') throw badInput(`隐患“${row.title}”已提交（${row.state}），不能删除`);
    await deleteSteps(c.tx, row.id);
  },
  afterRead(_c, rows) { hazardOverdue.mark(rows); },
  filters: { overdue: hazardOverdue.filter },
});

/** a notice is overdue while the enterprise owes its answer; the ledger holds hazards and notices, each by its own states */
export const noticeOverdue = overdueHooks(NOTICE_OPEN_STATES);
defineHooks('rectificationLedger', {
  afterRead(_c, rows) {
    hazardOverdue.mark(rows.filter((r) => r.kind === '隐患'));
    noticeOverdue.mark(rows.filter((r) => r.kind !== '隐患'));
  },
  filters: {
    overdue: (value, t) => {
      const h = hazardOverdue.filter(value, t);
      const n = noticeOverdue.filter(value, t);
      return h && n ? sql`((${t.kind} = '隐患' and ${h}) or (${t.kind} <> '隐患' and ${n}))` : undefined;
    },
  },
});

defineHooks('checkModel', {
  afterRead(_c, rows) {
    for (const r of rows) r.itemCount = Array.isArray(r.itemIds) ? r.itemIds.length : 0;
  },
});
