/**
 * 逾期 as the rules write it, in JavaScript for rows already read and in SQL for filters: a notice or a 督办 item is
 * overdue while open past its deadline; a hazard by the rule of @dg/core hazard-rules.ts. Each pair is held equal by
 * server/test/danger/overdue-rule.test.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import { chinaToday } from '@dg/core/warnings';
import { HAZARD_COMPLETED_STATES, HAZARD_RECTIFYING_STATES, isHazardOverdue } from '@dg/core';
import type { Row } from '../../platform/crud/hooks.ts';

/** 逾期 of a notice or a 督办 item: still open (one of `open`) and its deadline is before today (a deadline of today is not yet overdue) */
export const isOverdue = (state: unknown, deadline: unknown, open: readonly string[], today = chinaToday()) =>
  open.includes(state as string) && typeof deadline === 'string' && deadline < today;
/** the same as SQL over a table's state and deadline columns (the session's time zone is Asia/Shanghai) */
export const overdueSql = (state: unknown, deadline: unknown, open: readonly string[]): SQL =>
  sql`(${state} in (${sql.join(open.map((s) => sql`${s}`), sql`, `)}) and ${deadline} < current_date)`;

const inStates = (col: unknown, states: readonly string[]) => sql`${col} in (${sql.join(states.map((s) => sql`${s}`), sql`, `)})`;
/**
 * The hazard's 逾期 as SQL: the twin of `isHazardOverdue` (@dg/core hazard-rules.ts) over a table's state, deadline
 * and completed-date columns — completed after the deadline, or not completed and the deadline before today.
 * server/test/danger/overdue-rule.test.ts holds the two equal.
 */
export const hazardOverdueSql = (state: unknown, deadline: unknown, completedDate: unknown): SQL => sql`(case
  when ${inStates(state, HAZARD_COMPLETED_STATES)} then coalesce(${completedDate} > ${deadline}, false)
  when ${inStates(state, HAZARD_RECTIFYING_STATES)} then coalesce(${deadline} < current_date, false)
  else false end)`;

/** a 逾期 filter's value: true, false, or no filter */
function wanted(value: unknown): boolean | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return value === true || value === 'true' || value === '1' || value === 1;
}

/** the 逾期 filter and the computed column of a resource whose rows are open in `open` states */
export function overdueHooks(open: readonly string[]) {
  return {
    filter: (value: unknown, t: Record<string, any>) => {
      const yes = wanted(value);
      if (yes === undefined) return undefined;
      return yes ? overdueSql(t.state, t.deadline, open) : sql`not ${overdueSql(t.state, t.deadline, open)}`;
    },
    mark: (rows: Row[]) => {
      const today = chinaToday();
      for (const r of rows) r.overdue = isOverdue(r.state, r.deadline, open, today);
    },
  };
}

/** the hazard's 逾期 filter and column (the rule of hazard-rules.ts) */
export const hazardOverdue = {
  filter: (value: unknown, t: Record<string, any>) => {
    const yes = wanted(value);
    if (yes === undefined) return undefined;
    const x = hazardOverdueSql(t.state, t.deadline, t.completedDate);
    return yes ? x : sql`not ${x}`;
  },
  mark: (rows: Row[]) => {
    const today = chinaToday();
    for (const r of rows) r.overdue = isHazardOverdue(r, today);
  },
};
