/**
 * A workflow step from the web: the allowed steps of a row for the signed-in user (core `allowedSteps` with the user's
 * side and element codes — the server checks the same), and the step's write through the route the server derives from
 * the declaration, then `<title>“<label>”当前为<state>`, the row and its timeline refreshed, the resource's lists and what follows them (the bell) invalidated.
 */
import { useQueryClient } from '@tanstack/react-query';
import { allowedSteps, stateOf, type ResourceDef } from '@dg/core';
import { request } from '../../api/request';
import { useSave } from '../resource';
import { queryKeys, refreshAfterWrite } from '../resource/api';
import { useCan, useUserSide } from '../resource/permission';
import type { Row } from '../resource/types';
import { flowKey } from './WorkflowTimeline';

/** the URL base of a resource's rows: `/{area}/{key}` */
export const baseOf = (def: ResourceDef) => `/${def.area}/${def.key}`;

/** the steps the signed-in user may take on the row now */
export function useAllowedSteps(def: ResourceDef, row: Row | undefined): string[] {
  const side = useUserSide();
  const can = useCan();
  return row && side ? allowedSteps(def.workflow, row, side, can) : [];
}

export interface StepInput { step: string; row: Row; body?: Record<string, unknown> }

/**
 * A step's write through `write` (a screen's own URL for a declared step: 考核档案借阅, 发布考核结果), then
 * `<title>“<label>”当前为<state>`, the row and its timeline (under `base`) refreshed, every list told (the request client
 * has shown a refusal); `then` follows a done step (leave the form)
 */
export function useStepWrite<A>(def: ResourceDef, write: (a: A) => Promise<Row>, then?: (saved: Row) => void, base = baseOf(def)) {
  const queryClient = useQueryClient();
  return useSave(write, {
    success: (saved) => `${def.title}“${String(saved[def.labelField ?? 'id'] ?? '')}”当前为${def.workflow ? stateOf(def.workflow, saved) : String(saved.state)}`,
    refresh: async (saved) => {
      queryClient.setQueryData(queryKeys.info(def.key, saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: flowKey(base, saved.id) });
      await refreshAfterWrite(queryClient, def.key);
    },
    then,
  });
}

/** one step of the row's workflow through the route the server derives, with the row's current version */
export function useWorkflowStep(def: ResourceDef, then?: (saved: Row) => void) {
  const base = baseOf(def);
  const write = ({ step, row, body }: StepInput) =>
    request<Row>({ url: `${base}/${step}/${encodeURIComponent(row.id)}`, method: 'post', data: { version: row.version, ...body } });
  return useStepWrite(def, write, then, base);
}
