/**
 * 整改管理: a 整改通知 (from a check, or written by hand) → the enterprise 提交整改 (measures, photos,
 * documents) → the government 合格 or 退回 (opinion) → the enterprise submits again. 逾期 while the enterprise still owes
 * an answer (待整改 / 已退回) past the deadline, computed when read. Every step writes the timeline (platform/flow.ts). The 整改台账
 * lists submitted hazards and notices together, each overdue by its own rule.
 */
import { NOTICE_OPEN_STATES, rectNotice } from '@dg/core';
import { chinaToday } from '@dg/core/warnings';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import type { SessionUser } from '../../platform/access.ts';
import { badInput, forbidden } from '../../platform/errors.ts';
import { fieldValue } from '../../platform/crud/write.ts';
import { defineHooks, type Row } from '../../platform/crud/hooks.ts';
import { deleteSteps, opinionOf, recordStep, stepRow } from '../../platform/flow.ts';
import { hazardOverdue, overdueHooks } from '../danger/overdue.ts';
import { issuerOf, nextNo } from '../../platform/numbers.ts';

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

defineHooks('rectNotice', {
  async beforeWrite(c, values, mode, existing) {
    if (existing && existing.state !== '待整改') throw badInput(`整改通知“${existing.noticeNo}”当前为${existing.state}，不能修改`);
    if (existing?.submittedAt) throw badInput(`整改通知“${existing.noticeNo}”企业已提交过整改，不能修改`);
    const deadline = values.deadline as string | undefined;
    if (deadline && deadline < chinaToday()) throw badInput('整改期限：不能早于今天');
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
  return stepRow(db, rectNotice, 'rectNotice', user, id, input.version, (before) => {
    const refuse = (what: string) => badInput(`整改通知“${before.noticeNo}”当前为${before.state}，不能${what}`);
    if (step === 'commit') {
      if (!NOTICE_OPEN_STATES.includes(before.state)) throw refuse('提交整改');
      const set: Row = { submittedAt: new Date() };
      for (const [name, required] of [['measures', true], ['photos', false], ['documents', false]] as const) set[name] = fieldValue(rectNotice.fields[name], input[name], required);
      return { to: '待审核', action: NOTICE_STEP_NAMES.commit, set };
    }
    if (before.state !== '待审核') throw refuse(step === 'pass' ? '审核合格' : '退回');
    const opinion = opinionOf(input.opinion, '审核意见', step === 'return' ? '退回时请输入审核意见' : undefined);
    return { to: step === 'pass' ? '合格' : '已退回', action: NOTICE_STEP_NAMES[step], opinion, set: { reviewOpinion: opinion, reviewedAt: new Date() } };
  });
}

