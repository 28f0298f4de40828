/** Bespoke behaviour of a resource lives in its area's module as hooks, never in a copy of the engine. */
import type { SQL } from 'drizzle-orm';
import type { ResourceDef } from '@dg/core';
import type { SessionUser } from '../access.ts';
import type { Db } from '../../db/index.ts';
import type { App } from '../context.ts';

export type Row = Record<string, any>;
export interface HookCtx { app: App; user: SessionUser; def: ResourceDef; tx: Db }

export interface ResourceHooks {
  /** replaces the side-based data scope (the table's columns are in `t`) */
  scope?(user: SessionUser, t: Record<string, any>): SQL;
  /** may change `values` or throw badInput(...) */
  beforeWrite?(c: HookCtx, values: Row, mode: 'add' | 'update', existing: Row | null, input: Row): Promise<void> | void;
  afterWrite?(c: HookCtx, row: Row, mode: 'add' | 'update', input: Row): Promise<void> | void;
  beforeDelete?(c: HookCtx, row: Row): Promise<void> | void;
  /**
   * virtual fields computed in SQL from the row (name the row's columns with its table's name, e.g. `base_user.id`:
   * drizzle writes a select list's columns unqualified, which a subselect's own tables would answer): a list's first
   * page selects them in its own statement, every other read (a later page, a record, an export) adds them by id in one
   * statement after reading — one definition, no round trip on the first page
   */
  columns?(): Record<string, SQL>;
  /** decorates rows before they are sent (computed in JS; for what SQL can compute, `columns`) */
  afterRead?(c: Omit<HookCtx, 'tx'> & { tx: Db }, rows: Row[]): Promise<void> | void;
  /** extra filters understood by this resource: filter key → SQL */
  filters?: Record<string, (value: unknown, t: Record<string, any>, user: SessionUser) => SQL | undefined>;
  /**
   * a list's exact total from a rollup, where the list's filters allow it: a statement answering `n` (the rows the
   * list's scope and filters hold), or null for the capped count of the rows themselves
   */
  count?(user: SessionUser, filters: Record<string, unknown>): SQL | null;
}

const registry = new Map<string, ResourceHooks>();
export function defineHooks(key: string, hooks: ResourceHooks) {
  registry.set(key, { ...registry.get(key), ...hooks });
}
export const hooksOf = (key: string): ResourceHooks => registry.get(key) ?? {};
