/**
 * The hazard's workflow (隐患排查治理): every step is one transaction that checks the caller's side,
 * the hazard's state and its version, writes the hazard and one work_flow row (who, when, opinion), or changes
 * nothing and says why in Chinese.
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
import { opinionOf, recordStep, stepRow } from '../../platform/flow.ts';
import type { SessionUser } from '../../platform/access.ts';
import { badInput, forbidden } from '../../platform/errors.ts';
import { fieldValue } from '../../platform/crud/write.ts';
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

export type HazardStep = 'submit' | 'handle' | 'finish' | 'pass' | 'return';
export const STEP_NAMES: Record<HazardStep, string> = { submit: '提交', handle: '整改', finish: '提交验收', pass: '通过', return: '退回' };

export interface StepInput { version: number; opinion?: string | null; actualMeasures?: unknown; cost?: unknown; completedDate?: unknown; afterPhotos?: unknown }

/** the rectification record of 整改 / 提交验收, checked with the definition's own messages */
function rectification(input: StepInput, finishing: boolean, before: Row): Row {
  const out: Row = {};
  const need = { actualMeasures: finishing, cost: false, completedDate: finishing, afterPhotos: false };
  for (const [name, required] of Object.entries(need) as [keyof typeof need, boolean][]) {
    if (input[name] === undefined && !required) continue;
    out[name] = fieldValue(hazardDef.fields[name], input[name], required);
  }
  const done = (out.completedDate ?? before.completedDate) as string | null;
  if (done && done > chinaToday()) throw badInput('整改完成日期：不能晚于今天');
  if (done && done < before.foundDate) throw badInput('整改完成日期：不能早于发现日期');
  return out;
}

/**
 * One step on one hazard by one user. The hazard is the one the caller's scope sees (another enterprise's, or one
 * outside a government's jurisdiction, is not found).
 */
export async function stepHazard(db: Db, user: SessionUser, id: string, step: HazardStep, input: StepInput) {
  const enterpriseSide = user.side === 'enterprise';
  if (!enterpriseSide && user.side !== 'government') throw forbidden('隐患由企业整改验收、属地政府复核，平台账号不能办理');
  if (!enterpriseSide && step !== 'pass' && step !== 'return') throw forbidden(`隐患的${STEP_NAMES[step]}由企业办理`);
  return stepRow(db, hazardDef, 'hazard', user, id, input.version, async (before, tx) => {
    const state = before.state as HazardState;
    const refuse = (what: string) => badInput(`隐患“${before.title}”当前为${state}，不能${what}`);
    switch (step) {
      case 'submit':
        if (state !== '草稿') throw refuse('提交');
        return { to: '待整改', action: STEP_NAMES.submit, also: (after, tx) => afterSubmit(tx, user, after) };
      case 'handle': case 'finish':
        if (state !== '待整改' && state !== '整改中') throw refuse(STEP_NAMES[step]);
        return { to: step === 'finish' ? '待验收' : '整改中', action: STEP_NAMES[step], set: rectification(input, step === 'finish', before) };
      case 'pass': {
        const opinion = opinionOf(input.opinion, '意见');
        if (enterpriseSide) {
          if (state === '待复核') throw badInput(`隐患“${before.title}”为重大隐患，已由企业验收，须经属地政府复核后销号`);
          if (state !== '待验收') throw refuse('验收');
          const to = before.level === '重大' ? '待复核' : '已销号';
          return {
            to, action: '验收通过', opinion, set: { acceptOpinion: opinion, acceptedAt: new Date(), ...(to === '已销号' ? { closedAt: new Date() } : {}) },
            also: to === '已销号' ? (after, t) => announce(t, user, after, '销号') : undefined,
          };
        }
        if (state === '待验收') throw badInput(`隐患“${before.title}”尚待企业验收，企业验收后方可复核`);
        if (state !== '待复核') throw refuse('复核');
        // 销号 by the 督办 item's level: the hazard and its item close together
        const item = await openItemOfHazard(tx, before.id);
        if (item && levelOf(user.regionCode) !== item.level) {
          throw forbidden(`隐患“${before.title}”由${item.level}挂牌督办，须由${item.level}监管部门复核销号`);
        }
        return {
          to: '已销号', action: '复核通过', opinion, set: { reviewOpinion: opinion, closedAt: new Date() },
          also: item ? (after, t) => closeWithHazard(t, user, item, after, opinion) : undefined,
        };
      }
      case 'return': {
        const opinion = opinionOf(input.opinion, '退回意见', '请输入退回意见');
        if (enterpriseSide ? state !== '待验收' : state !== '待复核') {
          if (enterpriseSide && state === '待复核') throw badInput(`隐患“${before.title}”已由企业验收，待属地政府复核`);
          throw refuse('退回');
        }
        // sent back, the rectification is no longer completed: its 整改完成日期 is given again with the next 提交验收
        return { to: '整改中', action: enterpriseSide ? '验收退回' : '复核退回', opinion, set: { completedDate: null, ...(enterpriseSide ? { acceptOpinion: opinion } : { reviewOpinion: opinion }) } };
      }
    }
  });
}
