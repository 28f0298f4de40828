/**
 * A row's state in a list: the field that holds it (the workflow's state field, else 审核状态 / 状态), moved among
 * the first columns so no fixed 操作 column hides it, and whether the generic 编辑 / 删除 fit it — the same rule
 * the server applies (lockRefusal of the definition's workflow in core).
 */
import { lockRefusal, type FieldDef, type ResourceDef } from '@dg/core';

const STATE_FIELDS = ['auditStatus', 'state', 'status'];

/** the field of a definition that holds a row's state, if it has one */
export function stateFieldOf(def: Pick<ResourceDef, 'fields' | 'workflow'>): string | undefined {
  const wf = def.workflow?.stateField ?? (def.workflow?.states ? 'state' : undefined);
  if (wf && def.fields[wf]) return wf;
  return STATE_FIELDS.find((n) => def.fields[n]?.type === 'enum');
}

/** the columns with the state second (after the row's title column); unchanged when it is already among the first two or absent */
export function stateForward<T extends [string, FieldDef]>(columns: T[], stateField: string | undefined): T[] {
  const i = stateField ? columns.findIndex(([n]) => n === stateField) : -1;
  if (i <= 1) return columns;
  const rest = columns.filter((_, j) => j !== i);
  return [rest[0]!, columns[i]!, ...rest.slice(1)];
}

/** whether the generic 编辑 and 删除 are offered on the row (the server refuses them otherwise) */
export const genericWritable = (def: Parameters<typeof lockRefusal>[0], row: Record<string, unknown>) => lockRefusal(def, row, '修改') === null;
