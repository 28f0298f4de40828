/**
 * 整改督办 (MODULES.md §11): a notice overdue (待整改 / 已退回 past its deadline) and an open 重大 hazard become 督办
 * items by themselves (the sweep runs at start-up, every 10 minutes and before a 督办 list is read; a source gets one
 * item); a supervisor adds others by hand, at most at its own level. Progress reports are added to the item; editing,
 * deleting and 销号 are for the level that supervises it (省级 by the province, 市级 by a city, 县级 by a district), and
 * the level itself is fixed when the item is made (ResourceDef.workflow: the generic update refuses it).
 */
import { sql } from 'drizzle-orm';
import { SUPERVISE_LEVELS, supervise } from '@dg/core';
import type { Db } from '../../db/index.ts';
import type { SessionUser } from '../../platform/access.ts';
import { badInput, forbidden } from '../../platform/errors.ts';
import { fieldValue } from '../../platform/crud/write.ts';
import { tableOf } from '../../platform/crud/query.ts';
import { defineHooks, type Row } from '../../platform/crud/hooks.ts';
import { cnDate } from '../waybill/common.ts';
import { opinionOf, recordStep, stepRow } from './flow.ts';
import { overdueHooks } from './hooks.ts';
import { nextNo } from './numbers.ts';

const superviseOverdue = overdueHooks(['督办中']);
/** the level a government user supervises at, from its jurisdiction's code */
export const levelOf = (regionCode: string | null) => (!regionCode ? null : /0000$/.test(regionCode) ? '省级' : /00$/.test(regionCode) ? '市级' : '县级');
/** 省级 0, 市级 1, 县级 2: a lower number is a higher level */
const rankOf = (level: string | null) => (SUPERVISE_LEVELS as readonly (string | null)[]).indexOf(level);

/** only the item's own level acts on it (a city never edits, deletes or closes a province's item) */
function requireLevel(user: SessionUser, item: Row, what: string) {
  if (levelOf(user.regionCode) !== item.level) throw forbidden(`督办事项“${item.title}”为${item.level}督办，须由${item.level}监管部门${what}`);
}

defineHooks('supervise', {
  async beforeWrite(c, values, mode, existing) {
    if (existing) requireLevel(c.user, existing, '修改');
    if (existing && existing.state !== '督办中') throw badInput(`督办事项“${existing.title}”已销号，不能修改`);
    if (mode === 'add') {
      const own = levelOf(c.user.regionCode);
      if (rankOf(own) < 0 || rankOf(values.level as string) < rankOf(own)) throw badInput(`督办级别：不能高于本单位的督办级别（${own ?? '无辖区'}）`);
    }
    const deadline = values.deadline as string | undefined;
    if (deadline && deadline < cnDate()) throw badInput('督办期限：不能早于今天');
    if (mode === 'add') Object.assign(values, { superviseNo: await nextNo(c.tx, 'DB', 'supervise_no_seq'), sourceType: '人工', state: '督办中', reportCount: 0, reports: [] });
  },
  async afterWrite(c, row, mode) {
    if (mode === 'add') await recordStep(c.tx, c.user, 'supervise', row.id, { action: '挂牌督办', from: null, to: '督办中', opinion: row.requirement, enterpriseId: row.enterpriseId });
  },
  beforeDelete(c, row) {
    requireLevel(c.user, row, '删除');
    if (row.sourceType !== '人工' || row.reportCount > 0) throw badInput(`督办事项“${row.title}”不能删除`);
  },
  afterRead(_c, rows) { superviseOverdue.mark(rows); },
  filters: { overdue: superviseOverdue.filter },
});

/** new 督办 items for overdue notices and open 重大 hazards that have none; answers how many were added */
export async function sweepSupervision(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx.execute<{ source_id: string; source_type: string; enterprise_id: string; title: string; level: string; requirement: string }>(sql`
      select n.id::text as source_id, '逾期整改' as source_type, n.enterprise_id, ('整改通知' || n.notice_no || '逾期未整改') as title, '市级' as level,
             ('整改期限' || n.deadline || '已过，督促企业立即完成整改：' || left(n.requirements, 300)) as requirement
        from rect_notice n where n.state in ('待整改', '已退回') and n.deadline < current_date
          and not exists (select 1 from supervise_item s where s.source_id = n.id::text)
      union all
      select h.id::text, '重大隐患', h.enterprise_id, ('重大隐患：' || left(h.title, 80)), '省级',
             ('重大事故隐患挂牌督办，督促企业按期完成治理：' || left(h.measures, 300))
        from hazard h where h.level = '重大' and h.state in ('待整改', '整改中', '待验收', '待复核')
          and not exists (select 1 from supervise_item s where s.source_id = h.id::text)`);
    for (const d of due.rows) {
      const deadline = new Date(Date.parse(cnDate() + 'T00:00:00Z') + (d.source_type === '重大隐患' ? 30 : 15) * 86400_000).toISOString().slice(0, 10);
      const [row] = await tx.insert(tableOf(supervise)).values({
        superviseNo: await nextNo(tx, 'DB', 'supervise_no_seq'), title: d.title, sourceType: d.source_type, sourceId: d.source_id, enterpriseId: d.enterprise_id,
        level: d.level, deadline, requirement: d.requirement, state: '督办中', reportCount: 0, reports: [],
      }).onConflictDoNothing().returning() as Row[];
      if (row) await tx.execute(sql`insert into work_flow (subject, subject_id, enterprise_id, action, from_state, to_state, opinion, side, user_id, user_name)
        select 'supervise', ${row.id}, ${d.enterprise_id}, '自动督办', null, '督办中', ${d.source_type}, 'platform', id, '系统' from base_user where username = 'admin' limit 1`);
    }
    return due.rows.length;
  });
}

export type SuperviseStep = 'report' | 'close';

/** 进展报告 (the enterprise's, from 业务大厅, or one a supervisor records) or 销号 (the item's own level) */
export async function stepSupervise(db: Db, user: SessionUser, id: string, step: SuperviseStep, input: { version: number; content?: unknown; opinion?: string | null }) {
  if (step === 'close' ? user.side !== 'government' : user.side === 'platform') throw forbidden(step === 'close' ? '督办事项由督办的监管部门销号' : '进展报告由责任单位或监管部门填写');
  return stepRow(db, supervise, 'supervise', user, id, input.version, (before) => {
    if (before.state !== '督办中') throw badInput(`督办事项“${before.title}”已销号`);
    if (step === 'report') {
      const content = fieldValue({ type: 'textarea', label: '进展情况', max: 1000 }, input.content, true) as string;
      const reports = [...((before.reports ?? []) as unknown[]), { at: new Date().toISOString(), by: user.name, side: user.side, content }];
      return { to: '督办中', action: '进展报告', opinion: content, set: { reports, reportCount: reports.length } };
    }
    requireLevel(user, before, '销号');
    const opinion = opinionOf(input.opinion, '销号意见', '请输入销号意见');
    return { to: '已销号', action: '销号', opinion, set: { closeOpinion: opinion, closedAt: new Date() } };
  });
}
