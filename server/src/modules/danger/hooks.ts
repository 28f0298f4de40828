/**
 * Hooks of the 隐患排查治理 resources (packages/core/src/resources/danger.ts):
 * - hazard: numbered on add; editable and deletable only as 草稿 (after 提交 the workflow routes change it);
 *   整改期限 not before 发现日期; a 判定标准 item ticked makes it 重大, and a 重大 hazard is reported at once (./hazard.ts
 *   `reportOnAdd`); 逾期 computed at read time (never stored); a government sees the submitted 重大 hazards of its
 *   jurisdiction.
 * - checkModel: 项目数.
 */
import { and, sql, type SQL } from 'drizzle-orm';
import { chinaToday } from '@dg/core/warnings';
import { MAJOR_HAZARD_DICT } from '@dg/core';
import { textArray, type Db } from '../../db/index.ts';
import { enterpriseScope, type SessionUser } from '../../platform/access.ts';
import { badInput } from '../../platform/errors.ts';
import { defineHooks, type Row } from '../../platform/crud/hooks.ts';
import { deleteSteps, recordStep } from '../../platform/flow.ts';
import { nextNo } from '../../platform/numbers.ts';
import { reportOnAdd } from './hazard.ts';
import { hazardOverdue } from './overdue.ts';

/**
 * 重大隐患判定依据: enabled items of the 判定标准 (the platform's dictionary). Ticking one makes the hazard 重大: a body
 * that names no level gets 重大, one that says 一般 is refused naming 隐患等级.
 */
async function checkMajorItems(tx: Db, values: Row, existing: Row | null, input: Row) {
  const chosen = values.majorItems as string[] | null | undefined;
  if (chosen?.length) {
    const known = await tx.execute<{ value: string }>(sql`select value from base_dict
      where type = ${MAJOR_HAZARD_DICT} and pid is not null and enabled and value = any(${textArray(chosen)})`);
    const ok = new Set(known.rows.map((r) => r.value));
    const unknown = chosen.find((v) => !ok.has(v));
    if (unknown !== undefined) throw badInput(`重大隐患判定依据：“${unknown}”不是重大事故隐患判定标准的条目`);
  }
  const items = (chosen !== undefined ? chosen : existing?.majorItems) as string[] | null | undefined;
  if (items?.length && (input.level === undefined || input.level === null || input.level === '')) values.level = '重大';
  const level = values.level ?? existing?.level;
  if (items?.length && level !== '重大') throw badInput('隐患等级：已勾选重大事故隐患判定标准的条目，应为重大隐患');
}

/** who sees a hazard: the enterprise its own; a government the submitted 重大 hazards inside its jurisdiction */
export function hazardScope(user: SessionUser, t: Record<string, any>): SQL {
  const own = enterpriseScope(user, sql`${t.enterpriseId}`);
  if (user.side !== 'government') return own;
  return and(own, sql`${t.level} = '重大' and ${t.state} <> '草稿'`)!;
}

defineHooks('hazard', {
  scope: hazardScope,
  async beforeWrite(c, values, mode, existing, input) {
    if (existing && existing.state !== '草稿') throw badInput(`隐患“${existing.title}”已提交（${existing.state}），不能再修改`);
    const found = (values.foundDate ?? existing?.foundDate) as string | undefined;
    const deadline = (values.deadline ?? existing?.deadline) as string | undefined;
    if (found && deadline && deadline < found) throw badInput('整改期限：不能早于发现日期');
    if (found && found > chinaToday()) throw badInput('发现日期：不能晚于今天');
    await checkMajorItems(c.tx, values, existing, input);
    // a 重大 hazard never stays a draft (安全生产法 第四十一条: reported at once): stored as submitted, afterWrite does the rest
    const major = (values.level ?? existing?.level) === '重大';
    if (mode === 'add') {
      values.hazardNo = await nextNo(c.tx, 'YH', 'hazard_no_seq');
      values.state = major ? '待整改' : '草稿';
    } else if (major) values.state = '待整改';
  },
  async afterWrite(c, row, mode) {
    // in the same transaction as the row: the timeline starts at 登记; a 重大 one is submitted with its 督办 item
    if (row.state === '待整改') await reportOnAdd(c.tx, c.user, row, mode === 'add');
    else if (mode === 'add') await recordStep(c.tx, c.user, 'hazard', row.id, { action: '登记', from: null, to: row.state, enterpriseId: row.enterpriseId });
  },
  async beforeDelete(c, row) {
    if (row.state !== '草稿') throw badInput(`隐患“${row.title}”已提交（${row.state}），不能删除`);
    await deleteSteps(c.tx, row.id);
  },
  afterRead(_c, rows) { hazardOverdue.mark(rows); },
  filters: { overdue: hazardOverdue.filter },
});

defineHooks('checkModel', {
  afterRead(_c, rows) {
    for (const r of rows) r.itemCount = Array.isArray(r.itemIds) ? r.itemIds.length : 0;
  },
});
