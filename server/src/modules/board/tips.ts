/**
 * 信息看板 提示汇总: everything open in the jurisdiction that asks for a supervisor's attention, grouped,
 * each with its count and the screen (and list filter) that shows those rows: documents due and expired, abnormal
 * waybills by rule, waybills overdue in transit, overdue rectification notices and 督办 items, unanswered checklists.
 */
import { sql } from 'drizzle-orm';
import { chinaToday } from '@dg/core/warnings';
import { NOTICE_OPEN_STATES, type Served, type boardAnswers } from '@dg/core';
import type { Db } from '../../db/index.ts';
import { enterpriseScope, type SessionUser } from '../../platform/access.ts';
import { waybillScope } from '../waybill/common.ts';
import { warningSummary } from '../warnings/index.ts';
import { dynamicSummary } from './monitor.ts';

type TipGroup = Served<typeof boardAnswers.tips>[number];

/** the open abnormal waybills counted at most this far (a list pages through the rest) */
const CAP = 10_000;
const listQuery = (resourceKey: string, filters: Record<string, unknown>) => ({ [resourceKey]: JSON.stringify({ filters }) });

export async function tipSummary(db: Db, user: SessionUser): Promise<TipGroup[]> {
  const today = chinaToday();
  const wbScope = waybillScope(user, sql`enterprise_id`, sql`carrier_region`);
  const entScope = enterpriseScope(user, sql`enterprise_id`);
  const open = sql.join(NOTICE_OPEN_STATES.map((s) => sql`${s}`), sql`, `);
  const [warnings, dynamic, abnormal, rect] = await Promise.all([
    warningSummary(db, user),
    dynamicSummary(db, user),
    db.execute<{ rule: string; n: number }>(sql`select rule, count(*)::int as n from (select rule from abnormal_waybill where status <> '已办结' and ${wbScope} limit ${CAP}) a group by rule order by n desc, rule`),
    db.execute<{ notices: number; overdue_notices: number; supervise: number; overdue_supervise: number; checklists: number; overdue_checklists: number }>(sql`select
        (select count(*) from rect_notice where state in (${open}) and ${entScope})::int as notices,
        (select count(*) from rect_notice where state in (${open}) and deadline < ${today}::date and ${entScope})::int as overdue_notices,
        (select count(*) from supervise_item where state = '督办中' and ${entScope})::int as supervise,
        (select count(*) from supervise_item where state = '督办中' and deadline < ${today}::date and ${entScope})::int as overdue_supervise,
        (select count(*) from checklist where state in ('待签收', '待回复') and ${wbScope})::int as checklists,
        (select count(*) from checklist where state in ('待签收', '待回复') and reply_by < ${today}::date and ${wbScope})::int as overdue_checklists`),
  ]);
  const r = rect.rows[0]!;
  return [
    {
      key: 'documents', title: '证件预警', items: warnings.flatMap((w) => [
        { key: `${w.key}Overdue`, title: `${w.title}已过期`, count: w.overdue, menu: w.overdueKind ?? w.kind, urgent: true },
        { key: `${w.key}Due`, title: `${w.title}即将到期`, count: w.due, menu: w.kind },
      ]),
    },
    {
      key: 'waybills', title: '运单异常', items: [
        { key: 'overdueInTransit', title: '在途超时', count: dynamic.overdue, menu: 'dynamicMonitorManager', urgent: true },
        ...abnormal.rows.map((a) => ({ key: `abnormal:${a.rule}`, title: `异常运单：${a.rule}`, count: a.n, menu: 'abnormalWaybillManager' })),
      ],
    },
    {
      key: 'rectification', title: '整改督办', items: [
        { key: 'overdueNotices', title: '整改通知逾期未整改', count: r.overdue_notices, menu: 'rectificationNoticeManager', query: listQuery('rectNotice', { overdue: true }), urgent: true },
        { key: 'openNotices', title: '整改通知未完成', count: r.notices, menu: 'rectificationNoticeManager' },
        { key: 'overdueSupervise', title: '督办事项超过期限', count: r.overdue_supervise, menu: 'superviseManager', urgent: true },
        { key: 'supervise', title: '督办中的事项', count: r.supervise, menu: 'superviseManager', query: listQuery('supervise', { state: '督办中' }) },
      ],
    },
    {
      key: 'checklists', title: '核查单', items: [
        { key: 'overdueChecklists', title: '核查单逾期未回复', count: r.overdue_checklists, menu: 'checklistManager', urgent: true },
        { key: 'checklists', title: '核查单待企业签收或回复', count: r.checklists, menu: 'checklistManager' },
      ],
    },
  ];
}
