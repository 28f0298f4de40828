/**
 * The one workflow engine: a step declared on a resource's definition (ResourceDef.workflow, core workflow.ts) runs
 * here, on flow.ts's `stepRow` (the row in the caller's scope, its version, one transaction, one timeline row). The
 * engine checks what the declaration says — the side, the state the step starts from, the opinion rule, the step's own
 * fields through the definition's field rules — and the module's hook adds what the step brings about elsewhere (a
 * 督办 item, a notice, which of several `to` states) and the checks only it can make. The routes are derived from the
 * declaration: one POST per step, behind the step's element code.
 */
import { z } from 'zod';
import { flowAnswer, opinionField, resourceRow, stateOf, stepAction, stepElements, stepFrom, stepRefusal, type ResourceDef, type Side, type StepDef, type WorkflowDef } from '@dg/core';
import type { Db } from '../db/index.ts';
import type { FlowSubject } from '../db/danger-schema.ts';
import { readAccess, type SessionUser } from './access.ts';
import type { App } from './context.ts';
import { badInput, forbidden, notFound, ok } from './errors.ts';
import { fieldValue } from './crud/write.ts';
import { findRow, presentOne } from './crud/query.ts';
import type { Row } from './crud/hooks.ts';
import { idParam } from './schemas.ts';
import { answer } from './answers.ts';
import { opinionOf, stepRow, tableStore, timelineOf, type WorkflowStore } from './flow.ts';

const SIDE_NAMES: Record<Side, string> = { enterprise: '企业', government: '政府', platform: '平台' };

/** what the hook sees: the step, the row before it, the caller, the checked opinion and fields, the raw body */
export interface StepContext {
  name: string;
  step: StepDef;
  user: SessionUser;
  before: Row;
  opinion: string | null;
  /** the step's declared fields, each checked with its definition's rule */
  values: Row;
  /** the step's declared inputs that are not fields of the row, each checked with its rule */
  inputs: Row;
  body: Readonly<Record<string, unknown>>;
  tx: Db;
}

/** what a hook answers: the state among the step's `to` states, more to write, and what happens after the write */
export interface StepEffect {
  to?: string;
  set?: Row;
  /** the timeline's opinion when the step's outcome says more than the opinion given (抽中3家企业；同意) */
  opinion?: string | null;
  /** the timeline's word when the step's outcome says more than the declared one (逾期提交自评) */
  action?: string;
  also?: (after: Row, tx: Db) => Promise<void>;
  /** the timeline's word for the step's outcome where it is not the step's (出车检查合格, 出车检查不合格) */
  outcome?: string;
  /** the timeline row's detail (the failed items of a check) */
  data?: unknown;
  /** what the step hands its route besides the row (下发's number, a check's failed items) */
  result?: unknown;
}

export interface WorkflowHooks {
  /** the module's own words when a step does not start from the row's state (undefined: the declaration's refusal) */
  refusal?: (name: string, user: SessionUser, before: Row) => string | undefined;
  /** per step: further checks (throw to refuse) and what the step brings about */
  steps?: Readonly<Record<string, (ctx: StepContext) => StepEffect | void | Promise<StepEffect | void>>>;
}

export interface WorkflowRegistration {
  def: ResourceDef;
  /** the timeline's subject name in work_flow (a registration with its own store keeps its own timeline) */
  subject?: FlowSubject;
  hooks?: WorkflowHooks;
  /** a step's URL where it is not `/{area}/{key}/{step}/:id` */
  path?: (step: string) => string;
  /** the menu whose element code each route declares, where a step names several screens' codes */
  menu?: string;
  /** the rows these routes reach (another screen's rows are not found through them) */
  admits?: (row: Row) => boolean;
  /** after the transaction: what the route does with the result (publish an event) */
  after?: (app: App, name: string, result: StepResult) => Promise<void>;
  /** where the rows and their timeline live when not the definition's table and work_flow (flow.ts WorkflowStore) */
  store?: WorkflowStore;
  /** a step's body where it takes more than the declaration says (出车检查's answers, 装货's 五必查): replaces the derived one */
  bodies?: Readonly<Record<string, z.ZodType>>;
  /** what a step's route answers (default: the row as the list shows it) */
  answer?: (name: string, result: StepResult, user: SessionUser) => unknown;
  /** the schema of what every step's route answers (default: core's resourceRow, the row as the list shows it) */
  answerSchema?: z.ZodType;
  /** steps whose route the module writes itself, still running the step here (下发 of several waybills at once) */
  ownRoutes?: readonly string[];
  /** after a refused step has rolled back: what the module keeps of the refusal (the 异常运单 a dispatch rule found) */
  refused?: (db: Db, err: unknown) => Promise<void>;
}

/** a step taken: the row before and after, and what its hook handed on */
export interface StepResult { before: Row; after: Row; result?: unknown }

export const workflowOf = (def: ResourceDef): WorkflowDef & { steps: NonNullable<WorkflowDef['steps']> } => {
  if (!def.workflow?.steps) throw new Error(`${def.key}: no workflow steps declared`);
  return def.workflow as WorkflowDef & { steps: NonNullable<WorkflowDef['steps']> };
};

export const stepPath = (reg: Pick<WorkflowRegistration, 'def' | 'path'>, step: string) => reg.path?.(step) ?? `/${reg.def.area}/${reg.def.key}/${step}`;

/** the declared states a step ends in */
const toStates = (s: StepDef): readonly string[] => (s.to === null ? [] : typeof s.to === 'string' ? [s.to] : s.to);

/**
 * One declared step on one row by one user, in one transaction: the row in the caller's scope at the version given,
 * the caller's side, the state the step starts from, the opinion, the step's fields, the hook — then the row and its
 * timeline row are written together, or nothing is.
 */
export async function runStep(db: Db, reg: WorkflowRegistration, user: SessionUser, id: string, name: string, body: Readonly<Record<string, unknown>>): Promise<StepResult> {
  const { def, subject, hooks } = reg;
  const wf = workflowOf(def);
  const step = wf.steps[name];
  if (!step) throw new Error(`${def.key}: no step ${name}`);
  if (!reg.store && !subject) throw new Error(`${def.key}: a workflow without its own store names its timeline subject`);
  const store = reg.store ?? tableStore(def, subject!);
  const stateField = wf.stateField ?? 'state';
  // a step taken without a version (下发 of several waybills chosen in a list) acts on the version it reads
  const version = body.version === undefined ? undefined : Number(body.version);
  let result: unknown;
  try {
    const done = await stepRow(db, def, subject!, user, id, version, async (before, tx) => {
      if (reg.admits && !reg.admits(before)) throw notFound();
      if (!step.sides.includes(user.side)) throw forbidden(`${def.title}的${step.label}由${step.sides.map((s) => SIDE_NAMES[s]).join('、')}办理`);
      if (stepRefusal(wf, step, before, user.side)) {
        throw badInput(hooks?.refusal?.(name, user, before) ?? stepRefusal(wf, step, before, user.side)!);
      }
      // the route let in any of the step's codes; from this state only some may allow it
      if (step.elementsFrom && !stepElements(step, stateOf(wf, before)).some((c) => user.elements.has(c))) throw forbidden();
      const opinion = step.opinion
        ? opinionOf(body[opinionField(step)], step.opinion.label ?? '意见', 'required' in step.opinion ? step.opinion.required : undefined, step.opinion.max, step.opinion.named)
        : null;
      const values: Row = {};
      for (const [field, required] of Object.entries(step.fields ?? {})) {
        if (body[field] === undefined && !required) continue;
        values[field] = fieldValue(def.fields[field]!, body[field], required);
      }
      const inputs: Row = {};
      for (const [input, f] of Object.entries(step.inputs ?? {})) inputs[input] = fieldValue(f, body[input]);
      const effect = (await hooks?.steps?.[name]?.({ name, step, user, before, opinion, values, inputs, body, tx })) ?? {};
      const declared = toStates(step);
      const to = effect.to ?? (declared.length === 1 ? declared[0]! : step.to === null ? String(before[stateField]) : undefined);
      if (to === undefined || (step.to !== null && !declared.includes(to))) throw new Error(`${def.key}.${name}: the hook chose no declared state (${String(to)})`);
      result = effect.result;
      return {
        to, action: effect.action ?? stepAction(step, user.side), opinion: effect.opinion === undefined ? opinion : effect.opinion, set: { ...values, ...effect.set }, also: effect.also,
        step: name, outcome: effect.outcome, data: effect.data,
      };
    }, store);
    return { ...done, result };
  } catch (err) {
    await reg.refused?.(db, err);
    throw err;
  }
}

/** the body a step takes: its version, its opinion when the rule takes one, its declared fields */
function stepBody(def: ResourceDef, step: StepDef) {
  const shape: Record<string, z.ZodType> = { version: z.coerce.number({ error: '缺少版本号version，请刷新后重试' }).int() };
  const max = step.opinion?.max ?? 500;
  if (step.opinion) shape[opinionField(step)] = z.string().max(max, `${step.opinion.label ?? '意见'}不能超过${max}个字符`).nullish().describe(step.opinion.label ?? '意见');
  for (const [field, required] of Object.entries(step.fields ?? {})) shape[field] = z.unknown().optional().describe(`${def.fields[field]!.label}${required ? '（必填）' : ''}`);
  for (const [input, f] of Object.entries(step.inputs ?? {})) shape[input] = z.unknown().optional().describe(`${f.label}${f.required ? '（必填）' : ''}`);
  return z.object(shape);
}

/** the routes of a workflow: one POST per declared step, behind its element code, answering the row as the list shows it */
export function workflowRoutes(app: App, reg: WorkflowRegistration) {
  const { def } = reg;
  for (const [name, step] of Object.entries(workflowOf(def).steps)) {
    if (reg.ownRoutes?.includes(name)) continue;
    // a workflow served from two screens declares, on each screen's routes, that screen's codes only
    const elements = reg.menu ? step.elements.filter((e) => e.startsWith(`${reg.menu}:`)) : step.elements;
    if (elements.length === 0) throw new Error(`${def.key}.${name}: the step names no element code of ${reg.menu}`);
    const access = elements.length === 1 ? { element: elements[0]! } : { anyElement: [...elements] };
    app.post(`${stepPath(reg, name)}/:id`, {
      config: { access: { ...access, opt: `${def.title}${step.label}` } },
      schema: { tags: [def.title], summary: `${def.title}${step.label}（${stepFrom(step).join('、')} → ${toStates(step).join('、') || '不变'}）`, params: idParam, body: reg.bodies?.[name] ?? stepBody(def, step), response: answer(reg.answerSchema ?? resourceRow) },
    }, async (req) => {
      const db = app.ctx.database.db;
      const result = await runStep(db, reg, req.user!, (req.params as { id: string }).id, name, (req.body ?? {}) as Record<string, unknown>);
      req.audit = { before: result.before, after: result.after };
      await reg.after?.(app, name, result);
      return ok(reg.answer ? await reg.answer(name, result, req.user!) : await presentOne(db, def, req.user!, result.after));
    });
  }
}

/** `GET /{area}/{key}/flow/:id`: a row's timeline (work_flow), for whoever reads the row in its scope */
export function timelineRoute(app: App, def: ResourceDef) {
  app.get(`/${def.area}/${def.key}/flow/:id`, {
    config: { access: readAccess(def) },
    schema: { tags: [def.title], summary: `${def.title}处理记录（每一步的办理人和时间）`, params: idParam, response: answer(flowAnswer) },
  }, async (req) => {
    const db = app.ctx.database.db;
    const { id } = req.params as { id: string };
    if (!(await findRow(db, def, req.user!, id))) throw notFound();
    return ok(await timelineOf(db, id));
  });
}
