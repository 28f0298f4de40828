/**
 * The hazard's workflow (隐患排查治理), declared on its definition and run by the workflow engine
 * (platform/workflow.ts): every step is one transaction that checks the caller's side, the hazard's state and its
 * version, writes the hazard and one work_flow row (who, when, opinion), or changes nothing and says why in Chinese.
 *
 *   草稿 --提交--> 待整改 --整改--> 整改中 --提交验收--> 待验收 --企业通过--> 已销号 (一般) | 待复核 (重大)
 *   待复核 --政府通过--> 已销号;  待验收 / 待复核 --退回(意见)--> 整改中
 *
 * What 安全生产法 第四十一条 asks of a submitted hazard happens in the same transaction (`afterSubmit`): a 重大 hazard is
 * reported to the supervising authority when it is registered (it never stays a 草稿, hooks.ts) and gets its 挂牌督办
 * item at that authority's level (./supervise.ts); a 一般 hazard is announced to the enterprise's staff by a 人员通知
 * when submitted and when closed. The government's 复核通过 closes the hazard and its 督办 item together, and only the
 * item's level may give it.
 */
import { hazard as hazardDef, type HazardState } from '@dg/core';
import { chinaToday } from '@dg/core/warnings';
import type { Db } from '../../db/index.ts';
import { recordStep } from '../../platform/flow.ts';
import { enterpriseAudience } from '../../platform/events.ts';
import type { WorkflowRegistration } from '../../platform/workflow.ts';
import type { SessionUser } from '../../platform/access.ts';
import { badInput, forbidden } from '../../platform/errors.ts';
import type { Row } from '../../platform/crud/hooks.ts';
import { sendStaffNotice } from '../notice/staff-notices.ts';
import { closeWithHazard, levelOf, openItemOfHazard, superviseHazard } from '../inspection/supervise.ts';

/** 通报 of a 一般 hazard to the enterprise's staff (安全生产法 第四十一条): a 人员通知 to every serving member */
async function announce(tx: Db, user: SessionUser, h: Row, what: '登记' | '销号') {
  const lines = what === '登记'
    ? [`本企业登记一般事故隐患一项，请全体从业人员知悉并注意防范。`, `隐患编号：${h.hazardNo ?? ''}`, `隐患名称：${h.title}`, `隐患地点：${h.location ?? ''}`,
      `隐患描述：${h.description ?? ''}`, `整改措施：${h.measures ?? ''}`, `整改期限：${h.deadline ?? ''}`]
    : [`本企业一般事故隐患已整改完成并验收销号，特此通报。`, `隐患编号：${h.hazardNo ?? ''}`, `隐患名称：${h.title}`, `整改完成日期：${h.completedDate ?? ''}`,
      `实际整改措施：${h.actualMeasures ?? ''}`];
  await sendStaffNotice(tx, user, { enterpriseId: h.enterpriseId, title: `隐患${what === '登记' ? '通报' : '销号通报'}：${h.title}`, content: lines.join('\n') });
}

/** what a submitted hazard brings about, in the transaction that submits it: 挂牌督办 of a 重大 one, 通报 of a 一般 one */
export async function afterSubmit(tx: Db, user: SessionUser, h: Row) {
  if (h.level === '重大') await superviseHazard(tx, h.id);
  else await announce(tx, user, h, '登记');
}

/**
 * A 重大 hazard registered (or a draft made 重大) is submitted at once: the hooks have stored it as 待整改; its timeline
 * gets 提交 after 登记, and the 督办 item is made (the caller's transaction).
 */
export async function reportOnAdd(tx: Db, user: SessionUser, h: Row, registered: boolean) {
  const at = Date.now();
  if (registered) await recordStep(tx, user, 'hazard', h.id, { action: '登记', from: null, to: '草稿', enterpriseId: h.enterpriseId, at: new Date(at) });
  await recordStep(tx, user, 'hazard', h.id, { action: '提交', from: '草稿', to: '待整改', opinion: '重大事故隐患，登记即报告属地监管部门', enterpriseId: h.enterpriseId, at: new Date(at + 1) });
  await afterSubmit(tx, user, h);
}

/** the checks of a rectification record beyond each field's own rule: done no later than today, no earlier than found */
function checkCompletion(values: Row, before: Row) {
  const done = (values.completedDate ?? before.completedDate) as string | null;
  if (done && done > chinaToday()) throw badInput('整改完成日期：不能晚于今天');
  if (done && done < before.foundDate) throw badInput('整改完成日期：不能早于发现日期');
}

/**
 * The hazard's steps are declared on its definition (core danger.ts) and run by the workflow engine; these hooks say
 * what only this module knows: its refusals in its own words, the 重大 hazard's 待复核 after the enterprise's 验收, the
 * 督办 item's level for the government's 复核, and the notices and 督办 items a step brings about.
 */
export const hazardWorkflow: WorkflowRegistration = {
  def: hazardDef,
  subject: 'hazard',
  hooks: {
    refusal: (name, user, before) => {
      const state = before.state as HazardState;
      const enterprise = user.side === 'enterprise';
      if (name === 'pass') {
        if (enterprise && state === '待复核') return `隐患“${before.title}”为重大隐患，已由企业验收，须经属地政府复核后销号`;
        if (!enterprise && state === '待验收') return `隐患“${before.title}”尚待企业验收，企业验收后方可复核`;
        return `隐患“${before.title}”当前为${state}，不能${enterprise ? '验收' : '复核'}`;
      }
      if (name === 'return' && enterprise && state === '待复核') return `隐患“${before.title}”已由企业验收，待属地政府复核`;
      return undefined;
    },
    steps: {
      submit: ({ user }) => ({ also: (after, tx) => afterSubmit(tx, user, after) }),
      handle: ({ values, before }) => checkCompletion(values, before),
      finish: ({ values, before }) => checkCompletion(values, before),
      pass: async ({ user, before, opinion, tx }) => {
        if (user.side === 'enterprise') {
          const to = before.level === '重大' ? '待复核' : '已销号';
          return {
            to, set: { acceptOpinion: opinion, acceptedAt: new Date(), ...(to === '已销号' ? { closedAt: new Date() } : {}) },
            also: to === '已销号' ? (after, t) => announce(t, user, after, '销号') : undefined,
          };
        }
        // 销号 by the 督办 item's level: the hazard and its item close together
        const item = await openItemOfHazard(tx, before.id);
        if (item && levelOf(user.regionCode) !== item.level) {
          throw forbidden(`隐患“${before.title}”由${item.level}挂牌督办，须由${item.level}监管部门复核销号`);
        }
        return { to: '已销号', set: { reviewOpinion: opinion, closedAt: new Date() }, also: item ? (after, t) => closeWithHazard(t, user, item, after, opinion) : undefined };
      },
      // sent back, the rectification is no longer completed: its 整改完成日期 is given again with the next 提交验收
      return: ({ user, opinion }) => ({ set: { completedDate: null, ...(user.side === 'enterprise' ? { acceptOpinion: opinion } : { reviewOpinion: opinion }) } }),
    },
  },
  // the hazard's lists in the enterprise and its supervisors' jurisdiction; a 一般 hazard's 通报 (submitted, closed) is a
  // 人员通知 its staff are asked to read
  after: async (app, name, { after }) => {
    const notified = after.level !== '重大' && (name === 'submit' || after.state === '已销号');
    await app.ctx.events.publish({ keys: notified ? ['hazard', 'staffNotice'] : ['hazard'], ...(await enterpriseAudience(app.ctx.database.db, String(after.enterpriseId))) });
  },
};
