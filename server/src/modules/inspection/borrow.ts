/**
 * 档案借阅: a request to read an archived record — a closed (合格) rectification record, or a published assessment of
 * 安全考核 (`archiveKind`) — with purpose and until when, is approved or rejected by a government user other than the
 * applicant; the record is readable through the request only while it is approved and its date has not passed; 归还
 * ends it early. Every step writes the timeline. Each archive's screen reaches the same rows and steps under its own
 * menu codes (整改管理's routes here, 安全考核's in modules/assessment).
 */
import { eq, sql } from 'drizzle-orm';
import { chinaToday } from '@dg/core/warnings';
import { BORROW_MAX_DAYS, assessment, rectBorrow, rectNotice, type ArchiveKind } from '@dg/core';
import type { Db } from '../../db/index.ts';
import type { SessionUser } from '../../platform/access.ts';
import { badInput, forbidden, notFound } from '../../platform/errors.ts';
import { findRow, tableOf } from '../../platform/crud/query.ts';
import { defineHooks, type Row } from '../../platform/crud/hooks.ts';
import { deleteSteps, recordStep, requireAnotherOfficer } from '../../platform/flow.ts';
import type { StepContext, StepEffect, WorkflowRegistration } from '../../platform/workflow.ts';
import { addRemindCounter, type RemindKey } from '../shell/remind.ts';

const plusDays = (day: string, n: number) => new Date(Date.parse(day + 'T00:00:00Z') + n * 86400_000).toISOString().slice(0, 10);
/** approved, not returned, and its date not passed (a date of today still reads) */
export const isReadable = (r: Row, today = chinaToday()) => r.state === '已批准' && typeof r.until === 'string' && r.until >= today;

defineHooks('rectBorrow', {
  async beforeWrite(c, values, mode, existing, input) {
    if (existing && (existing.state !== '待审批' || existing.applicantId !== c.user.id)) throw badInput('只能修改本人待审批的借阅申请');
    const until = (values.until ?? existing?.until) as string;
    const today = chinaToday();
    if (until < today) throw badInput('借阅截止日期：不能早于今天');
    if (until > plusDays(today, BORROW_MAX_DAYS)) throw badInput(`借阅截止日期：最长借阅${BORROW_MAX_DAYS}天`);
    if (mode === 'add') {
      const kind = (input.archiveKind ?? '整改记录') as ArchiveKind;
      let enterpriseId: string;
      if (kind === '考核档案') {
        if (!input.assessmentId) throw badInput('借阅的考核档案：请选择借阅的考核档案');
        const record = await findRow(c.tx, assessment, c.user, String(input.assessmentId));
        if (!record) throw badInput('借阅的考核档案：所选考核档案不存在或无权使用');
        if (record.state !== '已发布') throw badInput(`考核“${record.title}”尚未发布，不能借阅`);
        Object.assign(values, { archiveKind: kind, assessmentId: record.id, recordId: null });
        enterpriseId = record.enterpriseId;
      } else if (kind === '整改记录') {
        if (!values.recordId) throw badInput('借阅的整改记录：请选择借阅的整改记录');
        const record = await findRow(c.tx, rectNotice, c.user, String(values.recordId));
        if (!record) throw badInput('借阅的整改记录：所选整改记录不存在或无权使用');
        if (record.state !== '合格') throw badInput(`整改记录“${record.noticeNo}”尚未办结，不能借阅`);
        Object.assign(values, { archiveKind: kind, assessmentId: null });
        enterpriseId = record.enterpriseId;
      } else throw badInput('档案类型：请选择整改记录或考核档案');
      Object.assign(values, { enterpriseId, applicant: c.user.name, applicantId: c.user.id, state: '待审批' });
    }
  },
  async afterWrite(c, row, mode) {
    if (mode === 'add') await recordStep(c.tx, c.user, 'rectBorrow', row.id, { action: '申请借阅', from: null, to: '待审批', opinion: row.purpose, enterpriseId: row.enterpriseId });
  },
  async beforeDelete(c, row) {
    if (row.state !== '待审批' || row.applicantId !== c.user.id) throw badInput('只能撤回本人待审批的借阅申请');
    await deleteSteps(c.tx, row.id);
  },
  afterRead(_c, rows) {
    const today = chinaToday();
    for (const r of rows) r.readable = isReadable(r, today);
  },
  filters: {
    readable: (value, t) => (value === true || value === 'true' ? sql`(${t.state} = '已批准' and ${t.until} >= current_date)` : undefined),
  },
});

// the bell reminds a borrower of approved borrowings past their date not yet returned, on the screen of their kind
const OVERDUE_REMINDERS: [RemindKey, string, ArchiveKind][] = [['overdueBorrow', 'rectificationBorrowManager', '整改记录'], ['overdueAssessBorrow', 'assessBorrowManager', '考核档案']];
addRemindCounter((user) => Object.fromEntries(OVERDUE_REMINDERS.filter(([, menu]) => user.menus.has(menu)).map(([key, , kind]) => [key,
  sql`select count(*) from rect_borrow where applicant_id = ${user.id} and archive_kind = ${kind} and state = '已批准' and until < current_date`])));

/** the applicant: a server-only column, read beside the row the scope found */
async function applicantOf(tx: Db, id: string): Promise<string | undefined> {
  const t = tableOf(rectBorrow);
  const [own] = (await tx.select({ applicantId: t.applicantId }).from(t).where(eq(t.id, id))) as Row[];
  return own?.applicantId;
}

const decide = async ({ user, before, opinion, tx }: StepContext): Promise<StepEffect> => {
  requireAnotherOfficer(user, [await applicantOf(tx, before.id)], '不能审批本人的借阅申请');
  return { set: { approver: user.name, approveOpinion: opinion, approvedAt: new Date() } };
};

/**
 * The workflow of the borrowings of `kind` (declared on the definition, core inspection.ts), under the element codes of
 * `menu` at the URLs `path` gives: each archive's screen steps only its own borrowings.
 */
export const borrowWorkflow = (kind: ArchiveKind, menu: string, path?: (step: string) => string): WorkflowRegistration => ({
  def: rectBorrow,
  subject: 'rectBorrow',
  menu,
  path,
  admits: (row) => (row.archiveKind ?? '整改记录') === kind,
  hooks: {
    steps: {
      approve: async (ctx) => {
        const effect = await decide(ctx);
        if (ctx.before.until < chinaToday()) throw badInput('借阅截止日期已过，不能批准');
        return effect;
      },
      reject: decide,
      giveBack: async ({ user, before, tx }) => {
        if ((await applicantOf(tx, before.id)) !== user.id && user.side !== 'government') throw forbidden(`只能归还本人借阅的${kind}`);
        return { set: { returnedAt: new Date() } };
      },
    },
  },
});

/** the borrowed record of `kind`, only while the request is approved and its date has not passed */
export async function readBorrowed(db: Db, user: SessionUser, id: string, kind: ArchiveKind = '整改记录'): Promise<Row> {
  const borrow = await findRow(db, rectBorrow, user, id);
  if (!borrow || (borrow.archiveKind ?? '整改记录') !== kind) throw notFound();
  if (!isReadable(borrow)) throw badInput(borrow.state === '已批准' ? `借阅已于${borrow.until}到期，不能查阅` : `借阅申请当前为${borrow.state}，不能查阅`);
  const t = tableOf(kind === '考核档案' ? assessment : rectNotice);
  const record = (await db.select().from(t).where(eq(t.id, kind === '考核档案' ? borrow.assessmentId : borrow.recordId)).limit(1))[0] as Row | undefined;
  if (!record) throw notFound();
  return record;
}
