/**
 * One definition per entity. A resource says what a screen is — its table, menu code,
 * data scope and fields — and the server's routes, validation, permissions and audit, and
 * the web's search form, table, form, detail, export and import all come from it.
 * (Django admin's ModelAdmin / Payload collections, see design/STYLE.md.)
 */
import { checkWorkflow, type WorkflowDef } from './workflow.ts';
import type { RuleName } from './rules.ts';
import { elementOf, menuTitle, type MenuCode } from './menus.ts';

export type FieldType =
  | 'text' | 'textarea' | 'richText' | 'number' | 'integer' | 'money' | 'date' | 'datetime' | 'bool'
  | 'dict' | 'enum' | 'region' | 'ref' | 'file' | 'password' | 'json';

export interface Option { label: string; value: string }

export interface FieldOptions {
  required?: boolean;
  /** max length for text (for an enum or dict: the width of its column where a table is generated exactly), max value for numbers */
  max?: number;
  min?: number;
  /** a rule of the shared rule set (packages/core/src/rules.ts) */
  rule?: RuleName;
  /** shown in the list table */
  column?: boolean;
  /** offered in the search form: 'like' for text contains, 'eq' exact, 'range' for dates/numbers */
  search?: boolean | 'like' | 'eq' | 'range' | 'in';
  /**
   * a 'like' search over a province's rows (plates, names): GIN indexes on its trigrams and on its characters back it
   * (records migrations 0001 and 0003), the characters for one- and two-character patterns such as a surname
   */
  fuzzyIndex?: boolean;
  sort?: boolean;
  /** unique within the data scope (enterprise for enterprise-scoped resources); 'global' across every row (e.g. 账户, the sign-in name) */
  unique?: boolean | 'global';
  /** stored in capitals whatever the user typed (车架号, 罐箱编号); fields with the plate, ID card and credit code rules always are */
  upperCase?: boolean;
  /** may not change after creation (e.g. 账户) */
  immutable?: boolean;
  /** computed or system-filled: shown, never written by the client */
  readOnly?: boolean;
  /** on the form only (never in the table or export), e.g. long text */
  formOnly?: boolean;
  /** not on the add/edit form (still in detail/list) */
  noForm?: boolean;
  /** several values (dict / enum / ref / file): stored as a text[] / json array */
  multiple?: boolean;
  default?: unknown;
  placeholder?: string;
  /** decimal places of a number: shown with that many; with `digits`, the column's scale, and a value with more is refused */
  precision?: number;
  /**
   * total digits of a number (a column numeric(digits, precision)): a value with more than digits − precision digits
   * before the point is refused; without it a resource's column is numeric(18, 4)
   */
  digits?: number;
  /** width hint for the table column */
  width?: number;
  /** help text under the form item */
  help?: string;
  /**
   * SQL index on this column (filters the screen offers, and references, are indexed automatically). `false`: none —
   * for a filter of a few values, or a column a composite index of the table leads with, whose own index every insert
   * would pay for and no plan would choose
   */
  index?: boolean;
  /** no column: a hook of the area's module reads and writes it (e.g. a user's roles) */
  virtual?: boolean;
  /** a server-only column: never sent to a client, never written by one */
  internal?: boolean;
  /** a true value is a warning (逾期): shown as a red tag */
  alarm?: boolean;
  /** left out of the generic detail: its page shows it its own way (a check's item results as a table) */
  ownView?: boolean;
}

export interface FieldDef extends FieldOptions {
  type: FieldType;
  label: string;
  /** dict type code (代码表) for type 'dict' */
  dict?: string;
  /** fixed options for type 'enum' */
  options?: Option[];
  /** referenced resource key and the field shown as its label, for type 'ref' */
  ref?: { resource: string; labelField: string };
  /** for 'region': the deepest level offered (2 city, 3 district, 4 street) */
  regionLevel?: number;
  /** a region of any level may be picked (a jurisdiction: province, city or district) */
  regionAnyLevel?: boolean;
}

export type Scope =
  /** rows carry enterprise_id; enterprise users see their own, government their jurisdiction, platform all */
  | 'enterprise'
  /** the enterprise table itself: an enterprise user sees its own row */
  | 'enterpriseSelf'
  /** rows carry org_id; government users see their organisation's subtree */
  | 'org'
  /** system data visible to everyone holding the menu */
  | 'none';

export interface ResourceDef<F extends Record<string, FieldDef> = Record<string, FieldDef>> {
  key: string;
  /** menu code that gates the page and its read APIs; writes need `${menu}:btn_add|btn_edit|btn_del|btn_export|btn_import` */
  menu: MenuCode;
  /** API area: routes are /api/<area>/<key>/... */
  area: string;
  title: string;
  scope: Scope;
  table?: string;
  fields: F;
  /** sub-record of another resource: the field holding the parent's id */
  parent?: { resource: string; field: string };
  /** keep deleted rows (law requires retention) */
  softDelete?: boolean;
  defaultSort?: { field: string; order: 'asc' | 'desc' };
  /** the field that names a row in messages, links and pickers */
  labelField?: string;
  importable?: boolean;
  /**
   * The data rows a csv import may hold, beyond the 100,000 of every import (an xlsx stays there: its shared strings
   * are held while it is read; a csv is read from its file a batch at a time). The upload may take 256 bytes a row
   * (server crud/excel.ts CSV_IMPORT_ROW_BYTES).
   */
  csvImportRows?: number;
  /** extra element codes (workflow buttons): code suffix → 名称 */
  actions?: Record<string, string>;
  /**
   * 监管字段: once a row is 已通过, an enterprise's change to one of these waits for the government's approval under
   * 企业车辆审核 (the approved values stay in force until then); other fields change at once.
   */
  supervised?: string[];
  /** the resource is read-only on every side (ledgers, logs) */
  readOnly?: boolean;
  /** which sides may write (default: `writableSides`) */
  writableBy?: Side[];
  /** other menus whose screens read these rows (list, info): any of them, or `menu`, opens the read routes */
  readMenus?: MenuCode[];
  /** the table is a view written by hand in a migration (read-only; drizzle-kit leaves it alone) */
  view?: boolean;
  /**
   * menus of screens that pick these rows though no definition's field names them (the waybill's crew, a statistic's
   * 企业 filter): with `menu`, `readMenus` and the menus of every definition that references this one they open its
   * option list (`optionMenus` in ./options.ts)
   */
  pickMenus?: MenuCode[];
  /**
   * 流程字段: what the resource's workflow owns — its state, level, issuer, the record it belongs to, who and when of its
   * steps, a draw's seed. `owns` are written by the workflow's steps only (readOnly or internal fields); `givenOnAdd` by
   * the client when the row is added and by the workflow only from then on (immutable fields). The generic add and
   * update refuse a body that would set or change one with 40001 naming the field (server crud/write.ts); the stored
   * value sent back unchanged is no change. `states` and `steps` declare the workflow itself (./workflow.ts).
   */
  workflow?: WorkflowDef;
}

export type Side = 'enterprise' | 'government' | 'platform';

/** a definition as written: its title is its menu's (menus.ts) unless it says otherwise */
export function resource<F extends Record<string, FieldDef>>(written: Omit<ResourceDef<F>, 'title'> & { title?: string }): ResourceDef<F> {
  const def: ResourceDef<F> = { ...written, title: written.title ?? menuTitle(written.menu) };
  for (const [name, f] of Object.entries(def.fields)) {
    if (f.type === 'dict' && !f.dict) throw new Error(`${def.key}.${name}: dict field needs a dict type`);
    if (f.type === 'ref' && !f.ref) throw new Error(`${def.key}.${name}: ref field needs ref`);
  }
  for (const name of def.supervised ?? []) if (!def.fields[name]) throw new Error(`${def.key}: supervised field ${name} is not a field`);
  if (def.view && !def.readOnly) throw new Error(`${def.key}: a view is read-only`);
  for (const name of def.workflow?.owns ?? []) {
    const f = def.fields[name];
    if (!f) throw new Error(`${def.key}: workflow field ${name} is not a field`);
    // the forms never offer it, the generic write never takes it
    if (!f.readOnly && !f.internal) throw new Error(`${def.key}.${name}: a field the workflow owns is readOnly`);
  }
  for (const name of def.workflow?.givenOnAdd ?? []) {
    const f = def.fields[name];
    if (!f) throw new Error(`${def.key}: workflow field ${name} is not a field`);
    // the add form offers it, the edit form shows it disabled
    if (!f.immutable || f.readOnly) throw new Error(`${def.key}.${name}: a field given on add and owned by the workflow afterwards is immutable`);
  }
  if (def.workflow) checkWorkflow(def.key, def.workflow, def.fields);
  return def;
}

type Opt = FieldOptions;
/**
 * A field as its helper made it: its type and the options given keep their literal types, so a definition's row type
 * (`RowOf`) and the waybill's generated columns know which fields are required, have a default or hold a list.
 */
export type Field<T extends FieldType, O = unknown> = FieldDef & { type: T } & O;
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
type NoOpt = {};
const f = <T extends FieldType, O extends object>(type: T, label: string, o: O, extra: Partial<FieldDef> = {}) =>
  ({ type, label, ...o, ...extra }) as Field<T, O>;

export const text = <const O extends Opt = NoOpt>(label: string, o?: O) => f('text', label, { max: 255, ...o } as { max: number } & O);
export const textarea = <const O extends Opt = NoOpt>(label: string, o?: O) => f('textarea', label, { max: 2000, ...o } as { max: number } & O);
export const richText = <const O extends Opt = NoOpt>(label: string, o?: O) => f('richText', label, { max: 200000, formOnly: true, ...o } as { max: number } & O);
export const number = <const O extends Opt = NoOpt>(label: string, o?: O) => f('number', label, { rule: 'decimal4', ...o } as O);
export const integer = <const O extends Opt = NoOpt>(label: string, o?: O) => f('integer', label, { rule: 'natural', ...o } as O);
/** an amount of money held as integer 分 everywhere (API, database, export in 元 with two decimals); min/max in 分 */
export const money = <const O extends Opt = NoOpt>(label: string, o?: O) => f('money', label, { min: 0, ...o } as O);
export const date = <const O extends Opt = NoOpt>(label: string, o?: O) => f('date', label, { ...o } as O);
export const datetime = <const O extends Opt = NoOpt>(label: string, o?: O) => f('datetime', label, { ...o } as O);
export const bool = <const O extends Opt = NoOpt>(label: string, o?: O) => f('bool', label, { ...o } as O);
export const dict = <const O extends Opt = NoOpt>(label: string, dictType: string, o?: O) => f('dict', label, { ...o } as O, { dict: dictType });
export const enumOf = <const O extends Opt = NoOpt>(label: string, values: readonly string[] | Option[], o?: O) =>
  f('enum', label, { ...o } as O, { options: values.map((v) => (typeof v === 'string' ? { label: v, value: v } : v)) });
export const region = <const O extends Opt & { level?: number; anyLevel?: boolean } = NoOpt>(label: string, o?: O) => {
  const { level, anyLevel, ...rest } = o ?? {};
  return f('region', label, rest as Omit<O, 'level' | 'anyLevel'>, { regionLevel: level ?? 3, regionAnyLevel: anyLevel ?? false });
};
export const ref = <const O extends Opt = NoOpt>(label: string, resourceKey: string, labelField: string, o?: O) =>
  f('ref', label, { ...o } as O, { ref: { resource: resourceKey, labelField } });
export const file = <const O extends Opt = NoOpt>(label: string, o?: O) => f('file', label, { formOnly: false, ...o } as O);
export const password = <const O extends Opt = NoOpt>(label: string, o?: O) => f('password', label, { rule: 'password', immutable: true, ...o } as O);
export const json = <const O extends Opt = NoOpt>(label: string, o?: O) => f('json', label, { noForm: true, ...o } as O);

// ───────────────────────── a definition's row type ─────────────────────────

type ScalarOf<F extends FieldDef> =
  F['type'] extends 'number' ? number | string
  : F['type'] extends 'integer' | 'money' ? number
  : F['type'] extends 'bool' ? boolean
  : F['type'] extends 'file' ? { id: string; name: string }[]
  : F['type'] extends 'json' ? unknown
  : string;
/** the value of a field in a row the server sends: null unless the field is required or has a default */
export type FieldValue<F extends FieldDef> =
  | (F extends { multiple: true } ? (F['type'] extends 'file' | 'json' ? ScalarOf<F> : ScalarOf<F>[]) : ScalarOf<F>)
  | (F extends { required: true } ? never : F extends { default: string | number | boolean } ? never : null);
type SentKeys<Fs> = { [K in keyof Fs]: Fs[K] extends { internal: true } | { type: 'password' } ? never : K }[keyof Fs];
type RefKeys<Fs> = { [K in keyof Fs]: Fs[K] extends { type: 'ref' } ? K : never }[keyof Fs];

/** the values of a definition's fields as the server sends them (no internal field, no password), with `<ref>Label`s */
export type FieldsOf<D extends { fields: Record<string, FieldDef> }> =
  & { [K in SentKeys<D['fields']>]: FieldValue<D['fields'][K]> }
  & { [K in RefKeys<D['fields']> as `${K & string}Label`]?: D['fields'][K] extends { multiple: true } ? string[] : string | null };

/**
 * A row of a definition as the server sends it: its fields (`FieldsOf`), id, version and the audit and scope columns.
 * A field name that is not in the definition fails the type check, unlike `Record<string, unknown>`.
 */
export type RowOf<D extends { fields: Record<string, FieldDef> }> =
  & { id: string; version: number; createdAt?: string; updatedAt?: string; enterpriseId?: string; enterpriseName?: string }
  & FieldsOf<D>;

/** snake_case column name of a field */
export const columnName = (field: string) => field.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());
export const tableName = (def: ResourceDef) => def.table ?? columnName(def.key);

/** Fields a client may send (not readOnly, not computed). `mode` add allows immutable fields. */
export function writableFields(def: ResourceDef, mode: 'add' | 'update'): [string, FieldDef][] {
  return Object.entries(def.fields).filter(([, fd]) =>
    !fd.readOnly && !fd.internal && !fd.noForm && !(mode === 'update' && (fd.immutable || fd.type === 'password')));
}
/** 流程字段 a body may not set (add) or change (update): ResourceDef.workflow */
export const workflowFields = (def: ResourceDef, mode: 'add' | 'update'): string[] =>
  def.workflow ? [...def.workflow.owns, ...(mode === 'update' ? def.workflow.givenOnAdd ?? [] : [])] : [];
/** Fields a client may see. */
export const visibleFields = (def: ResourceDef) => Object.entries(def.fields).filter(([, fd]) => !fd.internal && fd.type !== 'password');

/** Fields shown in the list table. */
export const listColumns = (def: ResourceDef) => Object.entries(def.fields).filter(([, fd]) => fd.column);
/** Fields offered as filters. */
export const searchFields = (def: ResourceDef) => Object.entries(def.fields).filter(([, fd]) => fd.search);
/** Fields exported to / imported from Excel, in order. */
export const sheetFields = (def: ResourceDef) =>
  Object.entries(def.fields).filter(([, fd]) => !fd.internal && !fd.virtual && fd.type !== 'password' && fd.type !== 'file' && fd.type !== 'json' && fd.type !== 'richText' && !fd.formOnly);

/**
 * The sides that may write a resource's rows — the server refuses the others, the web shows its write buttons only to
 * them: `writableBy`, else the owning enterprise and the platform for enterprise rows (the platform names the
 * enterprise, `enterpriseId`), the platform for the rest.
 */
export function writableSides(def: ResourceDef): readonly Side[] {
  return def.writableBy ?? (def.scope === 'enterprise' || def.scope === 'enterpriseSelf' ? ['enterprise', 'platform'] : ['platform']);
}
/**
 * Whether a user of `side` adds a row through the resource's form: the platform adds an enterprise row only naming its
 * enterprise, and a form without an `enterpriseId` field cannot (the server answers 请选择所属企业).
 */
export const addsThroughForm = (def: ResourceDef, side: Side) => side !== 'platform' || def.scope !== 'enterprise' || 'enterpriseId' in def.fields;

/** the definition's button code for an action, when its menu has that button (menus.ts) */
export const elementCode = (def: ResourceDef, action: 'add' | 'edit' | 'del' | 'export' | 'import' | string) => elementOf(def.menu, `btn_${action}`);
