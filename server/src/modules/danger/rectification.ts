/**
 * 整改管理 (MODULES.md §11): a 整改通知 (from a check, or written by hand) → the enterprise 提交整改 (measures, photos,
 * documents) → the government 合格 or 退回 (opinion) → the enterprise submits again. 逾期 while the enterprise still owes
 * an answer (待整改 / 已退回) past the deadline, computed when read. Every step writes the timeline (./flow.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import { NOTICE_OPEN_STATES, checkField, rectNotice } from '@dg/core';
import type { Db } from '../../db/index.ts';
import type { SessionUser } from '../../platform/access.ts';
import { badInput, forbidden, notFound, staleVersion } from '../../platform/errors.ts';
import { findRow, tableOf } from '../../platform/crud/query.ts';
import { defineHooks, type Row } from '../../platform/crud/hooks.ts';
import { cnDate } from '../waybill/common.ts';
import { deleteSteps, recordStep } from './flow.ts';
import { overdueHooks } from './hooks.ts';
import { issuerOf, nextNo } from './numbers.ts';

const noticeOverdue = overdueHooks(NOTICE_OPEN_STATES);

defineHooks('rectNotice', {
  async beforeWrite(c, values, mode, existing) {
    if (existing && existing.state !== '待整改') throw badInput(`整改通知“${existing.noticeNo}”当前为${existing.state}，不能修改`);
    if (existing?.submittedAt) throw badInput(`整改通知“${existing.noticeNo}”企业已提交过整改，不能修改`);
    const deadline = values.deadline as string | undefined;
    if (deadline && deadline < cnDate()) throw badInput('整改期限：不能早于今天');
    if (mode === 'add') {
      values.noticeNo = await nextNo(c.tx, 'ZG', 'rect_notice_no_seq');
      values.issuer = await issuerOf(c.tx, c.user);
      values.state = '待整改';
      values.source = '日常监管';
    }
  },
  async afterWrite(c, row, mode) {
    if (mode === 'add') await recordStep(c.tx, c.user, 'rectNotice', row.id, { action: '下发', from: null, to: '待整改', enterpriseId: row.enterpriseId });
  },
  async beforeDelete(c, row) {
    if (row.state !== '待整改' || row.submittedAt) throw badInput(`整改通知“${row.noticeNo}”企业已办理，不能删除`);
    if (row.checkRecordId) throw badInput(`整改通知“${row.noticeNo}”由检查记录生成，不能删除`);
    await deleteSteps(c.tx, row.id);
  },
  afterRead(_c, rows) { noticeOverdue.mark(rows); },
  filters: { overdue: noticeOverdue.filter },
});

export type NoticeStep = 'commit' | 'pass' | 'return';
export const NOTICE_STEP_NAMES: Record<NoticeStep, string> = { commit: '提交整改', pass: '合格', return: '退回' };
export interface NoticeInput { version: number; measures?: unknown; photos?: unknown; documents?: unknown; opinion?: string | null }

export async function stepNotice(db: Db, user: SessionUser, id: string, step: NoticeStep, input: NoticeInput) {
  if (step === 'commit' && user.side !== 'enterprise') throw forbidden('整改由被检查企业提交');
  if (step !== 'commit' && user.side !== 'government') throw forbidden('整改由下发通知的政府监管部门审核');
  return db.transaction(async (tx) => {
    const before = await findRow(tx, rectNotice, user, id);
    if (!before) throw notFound();
    if (before.version !== input.version) throw staleVersion();
    const refuse = (what: string) => badInput(`整改通知“${before.noticeNo}”当前为${before.state}，不能${what}`);
    const set: Row = {};
    let to: string;
    const opinion = typeof input.opinion === 'string' && input.opinion.trim() ? input.opinion.trim() : null;
    if (opinion && [...opinion].length > 500) throw badInput('审核意见不能超过500个字符');
    if (step === 'commit') {
      if (!NOTICE_OPEN_STATES.includes(before.state)) throw refuse('提交整改');
      for (const [name, required] of [['measures', true], ['photos', false], ['documents', false]] as const) {
        const r = checkField({ ...rectNotice.fields[name], required }, input[name]);
        if ('error' in r) throw badInput(r.error);
        set[name] = r.value;
      }
      set.submittedAt = new Date();
      to = '待审核';
    } else {
      if (before.state !== '待审核') throw refuse(step === 'pass' ? '审核合格' : '退回');
      if (step === 'return' && !opinion) throw badInput('审核意见：退回时请输入审核意见');
      Object.assign(set, { reviewOpinion: opinion, reviewedAt: new Date() });
      to = step === 'pass' ? '合格' : '已退回';
    }
    const t = tableOf(rectNotice);
    const rows = await tx.update(t).set({ ...set, state: to, updatedAt: new Date(), updatedBy: user.id, version: sql`${t.version} + 1` })
      .where(and(eq(t.id, id), eq(t.version, input.version), eq(t.state, before.state))).returning();
    if (!rows.length) throw staleVersion();
    await recordStep(tx, user, 'rectNotice', id, { action: NOTICE_STEP_NAMES[step], from: before.state, to, opinion, enterpriseId: before.enterpriseId });
    return { before, after: rows[0] as Row };
  });
}
