/**
 * A resource's workflow as data: its states (with the colour a tag shows), its steps (from which states, by which side,
 * behind which element code, with which opinion rule and which of the definition's fields as input) and the fields only
 * its steps write. One engine on the server (server/src/platform/workflow.ts) runs every step from this; one web
 * component shows a row's allowed steps and its timeline from it. What a step brings about beyond its declared writes
 * (a 督办 item, a notice, a computed next state) is the module's step hook on the server, never a second engine.
 */
import type { FieldDef, Side } from './resource.ts';
import type { ElementCode } from './menus.ts';

/** an Ant Design Tag colour: the same word on every screen that shows the state */
export type StateColor = 'default' | 'processing' | 'success' | 'warning' | 'error' | 'gold' | 'orange' | 'red' | 'green' | 'blue' | 'cyan' | 'purple' | 'geekblue';

export interface StateDef {
  color: StateColor;
  /** shown instead of the state's value where they differ */
  label?: string;
  /** a closed state: no step leaves it */
  final?: boolean;
}

/**
 * how a step takes its 意见: required (the message when missing), or optional; absent: the step takes none. `field` is
 * the body's name for it where the API calls it otherwise (the waybill's `reason`, `remark`).
 */
export type OpinionRule = ({ required: string } | { optional: true }) & {
  label?: string; field?: string; /** its longest length (default 500) */ max?: number;
  /** the required message names the field itself (the product's 请输入驳回意见): said as it is, without the label before it */
  named?: boolean;
};

export interface StepDef {
  /** the button's text, and the timeline's word unless `action` says otherwise */
  label: string;
  /** the timeline's word when it is not the label, per side where the sides say it differently */
  action?: string | Partial<Record<Side, string>>;
  /** the states the step starts from; per side where the sides take it from different states (验收 / 复核) */
  from: readonly string[] | Partial<Record<Side, readonly string[]>>;
  /**
   * the state after the step; several when the module's step hook chooses among them (验收通过 → 已销号 or 待复核);
   * null keeps the state (an edit that is a step, a 变更)
   */
  to: string | readonly string[] | null;
  /** the sides that may take it */
  sides: readonly Side[];
  /** any of these element codes allows it (the route declares them) */
  elements: readonly ElementCode[];
  /** where a state narrows who may take the step from it: the codes that allow it from that state (a waybill on its way is voided from 运单管理 only) */
  elementsFrom?: Readonly<Record<string, readonly ElementCode[]>>;
  opinion?: OpinionRule;
  /** fields of the definition the step takes from its body, with whether each is required */
  fields?: Readonly<Record<string, boolean>>;
  /**
   * what the step takes from its body that is not a field of the row (a 进展情况 appended to a list), each checked by
   * its own field rule and handed to the module's step hook
   */
  inputs?: Readonly<Record<string, FieldDef>>;
  /** a question the button asks before it acts */
  confirm?: string;
  /**
   * taken without a session by an applicant who proves the application's account and password on the module's public
   * route (a rejected registration's 重新提交): it names no element code, and no screen of the back office offers it
   */
  applicant?: boolean;
}

export interface WorkflowDef {
  /** fields written by the steps only: never through the generic add and update (server crud/write.ts) */
  owns: readonly string[];
  /** fields the client gives when adding a row, owned by the workflow afterwards */
  givenOnAdd?: readonly string[];
  /** the field holding the state (default `state`) */
  stateField?: string;
  states?: Readonly<Record<string, StateDef>>;
  steps?: Readonly<Record<string, StepDef>>;
  /**
   * states in which the generic 编辑 and 删除 are refused: the row waits on another side's decision (a vehicle 待审核).
   * The server's update and delete refuse them (lockRefusal); a list offers neither button on such a row.
   */
  lockedIn?: readonly string[];
  /** the refusal when a step does not start from the row's state; default `当前状态为{state}，不能{label}` */
  refusal?: (row: Record<string, unknown>, state: string, label: string) => string;
}

export type StepName<W extends WorkflowDef> = W['steps'] extends Readonly<Record<infer K, StepDef>> ? K & string : never;

export const stateOf = (wf: WorkflowDef, row: Record<string, unknown>) => String(row[wf.stateField ?? 'state'] ?? '');

/** the colour of a state's tag ('default' for a state the workflow does not list) */
export const stateColor = (wf: WorkflowDef | undefined, state: unknown): StateColor => wf?.states?.[String(state)]?.color ?? 'default';

/**
 * why the generic update (修改) or delete (删除) of the row is refused in its state, or null when it is not:
 * `车辆“浙B12345”当前为待审核状态，不能修改`
 */
export function lockRefusal(def: { title: string; labelField?: string; workflow?: WorkflowDef }, row: Record<string, unknown>, action: '修改' | '删除'): string | null {
  const wf = def.workflow;
  if (!wf?.lockedIn?.length) return null;
  const state = stateOf(wf, row);
  if (!wf.lockedIn.includes(state)) return null;
  const label = def.labelField && row[def.labelField] ? `“${String(row[def.labelField])}”` : '';
  return `${def.title}${label}当前为${state}状态，不能${action}`;
}

/** the timeline's word for a step taken by `side` */
export function stepAction(step: StepDef, side: Side): string {
  if (typeof step.action === 'string') return step.action;
  return step.action?.[side] ?? step.label;
}

/** the states a step starts from when `side` takes it (every side's, without a side) */
export function stepFrom(step: StepDef, side?: Side): readonly string[] {
  if (Array.isArray(step.from)) return step.from as readonly string[];
  const per = step.from as Partial<Record<Side, readonly string[]>>;
  return side ? per[side] ?? [] : Object.values(per).flat() as string[];
}

/** why `step` cannot start from the row's state when `side` takes it, or null when it can */
export function stepRefusal(wf: WorkflowDef, step: StepDef, row: Record<string, unknown>, side?: Side): string | null {
  const state = stateOf(wf, row);
  if (stepFrom(step, side).includes(state)) return null;
  return wf.refusal ? wf.refusal(row, state, step.label) : `当前状态为${state}，不能${step.label}`;
}

/** the element codes any one of which allows the step from `state` */
export const stepElements = (step: StepDef, state: string): readonly ElementCode[] => step.elementsFrom?.[state] ?? step.elements;

/** the steps a user of `side` holding `has` may take on the row now: the buttons of a detail page or a list row */
export function allowedSteps(wf: WorkflowDef | undefined, row: Record<string, unknown>, side: Side, has: (code: ElementCode) => boolean): string[] {
  if (!wf?.steps) return [];
  const state = stateOf(wf, row);
  return Object.entries(wf.steps)
    .filter(([, s]) => s.sides.includes(side) && stepFrom(s, side).includes(state) && stepElements(s, state).some(has))
    .map(([name]) => name);
}

/** the body's name for a step's opinion */
export const opinionField = (step: StepDef) => step.opinion?.field ?? 'opinion';

/** checks a declaration where it is made: every state a step names is a state of the workflow */
export function checkWorkflow(key: string, wf: WorkflowDef, fields: Readonly<Record<string, unknown>>): void {
  if (!wf.states || !wf.steps) return;
  for (const [name, s] of Object.entries(wf.steps)) {
    const to = s.to === null ? [] : typeof s.to === 'string' ? [s.to] : s.to;
    for (const st of [...stepFrom(s), ...to]) if (!wf.states[st]) throw new Error(`${key}: step ${name} names state ${st}, not a state of the workflow`);
    for (const f of Object.keys(s.fields ?? {})) {
      if (!fields[f]) throw new Error(`${key}: step ${name} takes ${f}, not a field`);
      // what a step writes is the workflow's, so the generic update cannot write it around the step
      if (!wf.owns.includes(f)) throw new Error(`${key}: step ${name} takes ${f}, which the workflow does not own`);
    }
    // an applicant's step (no session) is the one that names no element code, and only it
    if (!s.elements.length !== !!s.applicant) throw new Error(`${key}: step ${name} ${s.applicant ? 'is an applicant\'s and names an element code' : 'declares no element code'}`);
    for (const [st, codes] of Object.entries(s.elementsFrom ?? {})) {
      if (!stepFrom(s).includes(st)) throw new Error(`${key}: step ${name} narrows its codes from ${st}, a state it does not start from`);
      for (const c of codes) if (!s.elements.includes(c)) throw new Error(`${key}: step ${name} narrows to ${c}, not one of its element codes`);
    }
  }
}
