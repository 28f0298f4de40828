/**
 * The hazard's workflow (MODULES.md §5, issue 11): every step is one transaction that checks the caller's side,
 * the hazard's state and its version, writes the hazard and one work_flow row (who, when, opinion), or changes
 * nothing and says why in Chinese.
 *
 *   草稿 --提交--> 待整改 --整改--> 整改中 --提交验收--> 待验收 --企业通过--> 已销号 (一般) | 待复核 (重大)
 *   待复核 --政府通过--> 已销号;  待验收 / 待复核 --退回(意见)--> 整改中
 */
import { hazard as hazardDef, type HazardState } from '@dg/core';
import type { Db } from '../../db/index.ts';
import { opinionOf, stepRow } from './flow.ts';
import type { SessionUser } from '../../platform/access.ts';
import { badInput, forbidden } from '../../platform/errors.ts';
import { fieldValue } from '../../platform/crud/write.ts';
import type { Row } from '../../platform/crud/hooks.ts';
import { cnDate } from '../waybill/common.ts';

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
  if (done && done > cnDate()) throw badInput('整改完成日期：不能晚于今天');
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
  return stepRow(db, hazardDef, 'hazard', user, id, input.version, (before) => {
    const state = before.state as HazardState;
    const refuse = (what: string) => badInput(`隐患“${before.title}”当前为${state}，不能${what}`);
    switch (step) {
      case 'submit':
        if (state !== '草稿') throw refuse('提交');
        return { to: '待整改', action: STEP_NAMES.submit };
      case 'handle': case 'finish':
        if (state !== '待整改' && state !== '整改中') throw refuse(STEP_NAMES[step]);
        return { to: step === 'finish' ? '待验收' : '整改中', action: STEP_NAMES[step], set: rectification(input, step === 'finish', before) };
      case 'pass': {
        const opinion = opinionOf(input.opinion, '意见');
        if (enterpriseSide) {
          if (state === '待复核') throw badInput(`隐患“${before.title}”为重大隐患，已由企业验收，须经属地政府复核后销号`);
          if (state !== '待验收') throw refuse('验收');
          const to = before.level === '重大' ? '待复核' : '已销号';
          return { to, action: '验收通过', opinion, set: { acceptOpinion: opinion, acceptedAt: new Date(), ...(to === '已销号' ? { closedAt: new Date() } : {}) } };
        }
        if (state === '待验收') throw badInput(`隐患“${before.title}”尚待企业验收，企业验收后方可复核`);
        if (state !== '待复核') throw refuse('复核');
        return { to: '已销号', action: '复核通过', opinion, set: { reviewOpinion: opinion, closedAt: new Date() } };
      }
      case 'return': {
        const opinion = opinionOf(input.opinion, '退回意见', '请输入退回意见');
        if (enterpriseSide ? state !== '待验收' : state !== '待复核') {
          if (enterpriseSide && state === '待复核') throw badInput(`隐患“${before.title}”已由企业验收，待属地政府复核`);
          throw refuse('退回');
        }
        return { to: '整改中', action: enterpriseSide ? '验收退回' : '复核退回', opinion, set: enterpriseSide ? { acceptOpinion: opinion } : { reviewOpinion: opinion } };
      }
    }
  });
}
