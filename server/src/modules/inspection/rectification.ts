/**
 * 整改管理: a 整改通知 (from a check, or written by hand) → the enterprise 提交整改 (measures, photos,
 * documents) → the government 合格 or 退回 (opinion) → the enterprise submits again. 逾期 while the enterprise still owes
 * an answer (待整改 / 已退回) past the deadline, computed when read. The steps are declared in core and run by the
 * workflow engine (platform/workflow.ts), each writing the timeline. The 整改台账
 * lists submitted hazards and notices together, each overdue by its own rule.
 */
import { NOTICE_OPEN_STATES, rectNotice } from '@dg/core';
import { chinaToday } from '@dg/core/warnings';
import { sql } from 'drizzle-orm';
import { badInput } from '../../platform/errors.ts';
import type { WorkflowRegistration } from '../../platform/workflow.ts';
import { defineHooks } from '../../platform/crud/hooks.ts';
import { deleteSteps, recordStep } from '../../platform/flow.ts';
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

/**
 * The notice's steps are declared on its definition (core inspection.ts) and run by the workflow engine; the hooks
 * write when the answer came and when it was reviewed. An answer given again replaces the last one whole: photos and
 * documents left out are cleared, not kept from the answer that was sent back.
 */
export const rectNoticeWorkflow: WorkflowRegistration = {
  def: rectNotice,
  subject: 'rectNotice',
  hooks: {
    steps: {
      commit: ({ values }) => ({ set: { submittedAt: new Date(), photos: values.photos ?? null, documents: values.documents ?? null } }),
      pass: ({ opinion }) => ({ set: { reviewOpinion: opinion, reviewedAt: new Date() } }),
      return: ({ opinion }) => ({ set: { reviewOpinion: opinion, reviewedAt: new Date() } }),
    },
  },
};
