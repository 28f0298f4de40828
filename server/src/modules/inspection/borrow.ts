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
import { deleteSteps, opinionOf, recordStep, requireAnotherOfficer, stepRow } from '../../platform/flow.ts';
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

export type BorrowStep = 'approve' | 'reject' | 'giveBack';
// the bell reminds a borrower of approved borrowings past their date not yet returned, on the screen of their kind
const OVERDUE_REMINDERS: [RemindKey, string, ArchiveKind][] = [['overdueBorrow', 'rectificationBorrowManager', '整改记录'], ['overdueAssessBorrow', 'assessBorrowManager', '考核档案']];
addRemindCounter((user) => Object.fromEntries(OVERDUE_REMINDERS.filter(([, menu]) => user.menus.has(menu)).map(([key, , kind]) => [key,
  sql`select count(*) from rect_borrow where applicant_id = ${user.id} and archive_kind = ${kind} and state = '已批准' and until < current_date`])));

export const BORROW_STEP_NAMES: Record<BorrowStep, string> = { approve: '批准', reject: '驳回', giveBack: '归还' };

/** a step on a borrowing of `kind` (each archive's screen steps its own borrowings under its own element codes) */
export async function stepBorrow(db: Db, user: SessionUser, id: string, step: BorrowStep, input: { version: number; opinion?: string | null }, kind: ArchiveKind = '整改记录') {
  return stepRow(db, rectBorrow, 'rectBorrow', user, id, input.version, async (before, tx) => {
    if ((before.archiveKind ?? '整改记录') !== kind) throw notFound();
    // the applicant is a server-only column: read it beside the row the scope found
    const [own] = (await tx.select({ applicantId: tableOf(rectBorrow).applicantId }).from(tableOf(rectBorrow)).where(eq(tableOf(rectBorrow).id, id))) as Row[];
    const mine = own?.applicantId === user.id;
    if (step === 'giveBack') {
      if (before.state !== '已批准') throw badInput(`借阅申请当前为${before.state}，不能归还`);
      if (!mine && user.side !== 'government') throw forbidden(`只能归还本人借阅的${kind}`);
      return { to: '已归还', action: BORROW_STEP_NAMES.giveBack, opinion: opinionOf(input.opinion, '审批意见'), set: { returnedAt: new Date() } };
    }
    if (user.side !== 'government') throw forbidden('借阅申请由政府监管部门审批');
    requireAnotherOfficer(user, [own?.applicantId], '不能审批本人的借阅申请');
    if (before.state !== '待审批') throw badInput(`借阅申请当前为${before.state}，不能${BORROW_STEP_NAMES[step]}`);
    const opinion = opinionOf(input.opinion, '审批意见', step === 'reject' ? '驳回时请输入审批意见' : undefined);
    if (step === 'approve' && before.until < chinaToday()) throw badInput('借阅截止日期已过，不能批准');
    return { to: step === 'approve' ? '已批准' : '已驳回', action: BORROW_STEP_NAMES[step], opinion, set: { approver: user.name, approveOpinion: opinion, approvedAt: new Date() } };
  });
}

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
