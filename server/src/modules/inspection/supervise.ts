/**
 * 整改督办: a notice overdue (待整改 / 已退回 past its deadline) and a submitted 重大 hazard become 督办
 * items by themselves — a 重大 hazard's at once, in the transaction that submits it (`superviseHazard`), at the level of
 * the authority that supervises its enterprise (`SUPERVISING_LEVEL`); the sweep (start-up, every 10 minutes) catches
 * overdue notices and any open 重大 hazard still without one; a source gets one item. A supervisor adds others by hand,
 * at most at its own level; the province may raise an item to 省级 (提级督办). Progress reports are added to the item;
 * editing, deleting and 销号 are for the level that supervises it (省级 by the province, 市级 by a city, 县级 by a
 * district), and the level is otherwise fixed when the item is made (ResourceDef.workflow: the generic update refuses
 * it). A 重大 hazard's item closes with the hazard: the government's 复核通过 (./hazard.ts) closes both, and only the
 * item's level may give it.
 */
import { sql, type SQL } from 'drizzle-orm';
import { chinaToday } from '@dg/core/warnings';
import { NOTICE_OPEN_STATES, SUPERVISE_LEVELS, supervise } from '@dg/core';
import type { Db } from '../../db/index.ts';
import type { SessionUser } from '../../platform/access.ts';
import { badInput, forbidden } from '../../platform/errors.ts';
import { tableOf } from '../../platform/crud/query.ts';
import { defineHooks, type Row } from '../../platform/crud/hooks.ts';
import { recordStep } from '../../platform/flow.ts';
import type { StepContext, StepEffect, WorkflowRegistration } from '../../platform/workflow.ts';
import { overdueHooks, overdueSql } from '../danger/overdue.ts';
import { nextNo } from '../../platform/numbers.ts';

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
    if (deadline && deadline < chinaToday()) throw badInput('督办期限：不能早于今天');
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

/**
 * The level of the authority that supervises enterprise `e` (an alias of the enterprise table): 道路危险货物运输 is
 * licensed and supervised by the city (设区的市级交通运输主管部门, 道路危险货物运输管理规定 第十条), so 市级 where the
 * platform has the authority of the enterprise's city; 省级 where it has none (a municipality's district, a county
 * the province governs directly).
 */
export const SUPERVISING_LEVEL = (e: SQL) => sql`(case when exists (select 1 from base_org o
  where o.region_code = left(${e}.region_code, 4) || '00' and o.region_code !~ '0000$') then '市级' else '省级' end)`;

type Due = { source_id: string; source_type: string; enterprise_id: string; title: string; level: string; requirement: string };

/** the open 重大 hazards (all, or the one `hazardId`) that have no 督办 item yet, as items to add */
const majorHazardsDue = (only?: string) => sql`
  select h.id::text as source_id, '重大隐患' as source_type, h.enterprise_id, ('重大隐患：' || left(h.title, 80)) as title, ${SUPERVISING_LEVEL(sql`e`)} as level,
         ('重大事故隐患挂牌督办，督促企业按期完成治理：' || left(h.measures, 300)) as requirement
    from hazard h join enterprise e on e.id = h.enterprise_id
   where h.level = '重大' and h.state in ('待整改', '整改中', '待验收', '待复核') ${only ? sql`and h.id = ${only}` : sql``}
     and not exists (select 1 from supervise_item s where s.source_id = h.id::text)`;

async function addItems(tx: Db, due: Due[]): Promise<Row[]> {
  const added: Row[] = [];
  for (const d of due) {
    const deadline = new Date(Date.parse(chinaToday() + 'T00:00:00Z') + (d.source_type === '重大隐患' ? 30 : 15) * 86400_000).toISOString().slice(0, 10);
    const [row] = await tx.insert(tableOf(supervise)).values({
      superviseNo: await nextNo(tx, 'DB', 'supervise_no_seq'), title: d.title, sourceType: d.source_type, sourceId: d.source_id, enterpriseId: d.enterprise_id,
      level: d.level, deadline, requirement: d.requirement, state: '督办中', reportCount: 0, reports: [],
    }).onConflictDoNothing().returning() as Row[];
    if (!row) continue;
    await tx.execute(sql`insert into work_flow (subject, subject_id, enterprise_id, action, from_state, to_state, opinion, side, user_id, user_name)
      select 'supervise', ${row.id}, ${d.enterprise_id}, '自动督办', null, '督办中', ${`${d.source_type}（${d.level}督办）`}, 'platform', id, '系统' from base_user where username = 'admin' limit 1`);
    added.push(row);
  }
  return added;
}

/** 挂牌督办 of a submitted 重大 hazard, in the caller's transaction: its item at the supervising level (none if it has one) */
export async function superviseHazard(tx: Db, hazardId: string): Promise<Row | null> {
  const due = await tx.execute<Due>(majorHazardsDue(hazardId));
  return (await addItems(tx, due.rows))[0] ?? null;
}

/** new 督办 items for overdue notices and open 重大 hazards that have none; answers how many were added */
export async function sweepSupervision(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx.execute<Due>(sql`
      select n.id::text as source_id, '逾期整改' as source_type, n.enterprise_id, ('整改通知' || n.notice_no || '逾期未整改') as title, '市级' as level,
             ('整改期限' || n.deadline || '已过，督促企业立即完成整改：' || left(n.requirements, 300)) as requirement
        from rect_notice n where ${overdueSql(sql`n.state`, sql`n.deadline`, NOTICE_OPEN_STATES)}
          and not exists (select 1 from supervise_item s where s.source_id = n.id::text)
      union all ${majorHazardsDue()}`);
    return (await addItems(tx, due.rows)).length;
  });
}

/** the open 督办 item of a 重大 hazard (locked for the step that closes it with the hazard), or null */
export async function openItemOfHazard(tx: Db, hazardId: string): Promise<Row | null> {
  const r = await tx.execute<{ id: string; level: string; title: string }>(sql`select id, level, title from supervise_item
    where source_id = ${hazardId} and source_type = '重大隐患' and state = '督办中' for update`);
  return r.rows[0] ?? null;
}

/** 销号 of a 重大 hazard's item together with the hazard's 复核通过, by the same user in the same transaction */
export async function closeWithHazard(tx: Db, user: SessionUser, item: Row, hazard: Row, opinion: string | null) {
  const text = opinion ?? '重大隐患复核通过，同意销号';
  const t = tableOf(supervise);
  await tx.update(t).set({ state: '已销号', closeOpinion: text, closedAt: new Date(), updatedAt: new Date(), updatedBy: user.id, version: sql`${t.version} + 1` })
    .where(sql`${t.id} = ${item.id}`);
  await recordStep(tx, user, 'supervise', item.id, { action: '销号', from: '督办中', to: '已销号', opinion: `隐患${hazard.hazardNo ?? ''}复核通过：${text}`, enterpriseId: hazard.enterpriseId });
}

/**
 * The item's steps are declared on its definition (core inspection.ts) and run by the workflow engine: 进展报告 (the
 * enterprise's, from 业务大厅, or one a supervisor records) appends to the item's reports; 提级督办 is the province's
 * and raises an item to 省级; 销号 is the item's own level's, and a 重大 hazard's item closes with the hazard's 复核,
 * not by itself.
 */
const report = ({ user, before, inputs }: StepContext): StepEffect => {
  const content = inputs.content as string;
  const reports = [...((before.reports ?? []) as unknown[]), { at: new Date().toISOString(), by: user.name, side: user.side, content }];
  return { opinion: content, set: { reports, reportCount: reports.length } };
};

export const superviseWorkflow: WorkflowRegistration = {
  def: supervise,
  subject: 'supervise',
  hooks: {
    steps: {
      report,
      feedback: report,
      raise: ({ user, before, opinion }) => {
        if (levelOf(user.regionCode) !== '省级') throw forbidden('提级督办由省级监管部门办理');
        if (before.level === '省级') throw badInput(`督办事项“${before.title}”已是省级督办`);
        return { opinion: `由${before.level}提级为省级督办：${opinion}`, set: { level: '省级' } };
      },
      close: async ({ user, before, opinion, tx }) => {
        requireLevel(user, before, '销号');
        if (before.sourceType === '重大隐患') {
          const h = await tx.execute<{ state: string }>(sql`select state from hazard where id::text = ${before.sourceId}`);
          const state = h.rows[0]?.state;
          if (state && state !== '已销号') throw badInput(`督办事项“${before.title}”的重大隐患当前为${state}，须在隐患复核通过时一并销号`);
        }
        return { set: { closeOpinion: opinion, closedAt: new Date() } };
      },
    },
  },
};
