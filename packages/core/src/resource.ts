/**
 * One definition per entity. A resource says what a screen is — its table, menu code,
 * data scope and fields — and the server's routes, validation, permissions and audit, and
 * the web's search form, table, form, detail, export and import all come from it.
 * (Django admin's ModelAdmin / Payload collections, see design/STYLE.md.)
 */
import type { RuleName } from './rules.ts';

export type FieldType =
  | 'text' | 'textarea' | 'richText' | 'number' | 'integer' | 'money' | 'date' | 'datetime' | 'bool'
  | 'dict' | 'enum' | 'region' | 'ref' | 'file' | 'password' | 'json';

export interface Option { label: string; value: string }

export interface FieldOptions {
  required?: boolean;
  /** max length for text, max value for numbers */
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
  /** decimal places for number */
  precision?: number;
  /** width hint for the table column */
  width?: number;
  /** help text under the form item */
  help?: string;
  /** SQL index on this column (filters the screen offers are indexed automatically) */
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
  menu: string;
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
  /** extra element codes (workflow buttons): code suffix → 名称 */
  actions?: Record<string, string>;
  /**
   * 监管字段: once a row is 已通过, an enterprise's change to one of these waits for the government's approval under
   * 企业车辆审核 (the approved values stay in force until then); other fields change at once.
   */
  supervised?: string[];
  /** the resource is read-only on every side (ledgers, logs) */
  readOnly?: boolean;
  /** which sides may write (default: enterprise for enterprise scope, platform otherwise) */
  writableBy?: Side[];
  /** other menus whose screens read these rows (list, info): any of them, or `menu`, opens the read routes */
  readMenus?: string[];
  /** the table is a view written by hand in a migration (read-only; drizzle-kit leaves it alone) */
  view?: boolean;
}

export type Side = 'enterprise' | 'government' | 'platform';

export function resource<F extends Record<string, FieldDef>>(def: ResourceDef<F>): ResourceDef<F> {
  for (const [name, f] of Object.entries(def.fields)) {
    if (f.type === 'dict' && !f.dict) throw new Error(`${def.key}.${name}: dict field needs a dict type`);
    if (f.type === 'ref' && !f.ref) throw new Error(`${def.key}.${name}: ref field needs ref`);
  }
  for (const name of def.supervised ?? []) if (!def.fields[name]) throw new Error(`${def.key}: supervised field ${name} is not a field`);
  if (def.view && !def.readOnly) throw new Error(`${def.key}: a view is read-only`);
  return def;
}

type Opt = FieldOptions;
const f = (type: FieldType, label: string, o: Opt = {}, extra: Partial<FieldDef> = {}): FieldDef => ({ type, label, ...o, ...extra });

export const text = (label: string, o?: Opt) => f('text', label, { max: 255, ...o });
export const textarea = (label: string, o?: Opt) => f('textarea', label, { max: 2000, ...o });
export const richText = (label: string, o?: Opt) => f('richText', label, { max: 200000, formOnly: true, ...o });
export const number = (label: string, o?: Opt) => f('number', label, { rule: 'decimal4', ...o });
export const integer = (label: string, o?: Opt) => f('integer', label, { rule: 'natural', ...o });
/** an amount of money held as integer 分 everywhere (API, database, export in 元 with two decimals); min/max in 分 */
export const money = (label: string, o?: Opt) => f('money', label, { min: 0, ...o });
export const date = (label: string, o?: Opt) => f('date', label, o);
export const datetime = (label: string, o?: Opt) => f('datetime', label, o);
export const bool = (label: string, o?: Opt) => f('bool', label, o);
export const dict = (label: string, dictType: string, o?: Opt) => f('dict', label, o, { dict: dictType });
export const enumOf = (label: string, values: readonly string[] | Option[], o?: Opt) =>
  f('enum', label, o, { options: values.map((v) => (typeof v === 'string' ? { label: v, value: v } : v)) });
export const region = (label: string, o?: Opt & { level?: number; anyLevel?: boolean }) => {
  const { level, anyLevel, ...rest } = o ?? {};
  return f('region', label, rest, { regionLevel: level ?? 3, regionAnyLevel: anyLevel ?? false });
};
export const ref = (label: string, resourceKey: string, labelField: string, o?: Opt) =>
  f('ref', label, o, { ref: { resource: resourceKey, labelField } });
export const file = (label: string, o?: Opt) => f('file', label, { formOnly: false, ...o });
export const password = (label: string, o?: Opt) => f('password', label, { rule: 'password', immutable: true, ...o });
export const json = (label: string, o?: Opt) => f('json', label, { noForm: true, ...o });

/** snake_case column name of a field */
export const columnName = (field: string) => field.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());
export const tableName = (def: ResourceDef) => def.table ?? columnName(def.key);

/** Fields a client may send (not readOnly, not computed). `mode` add allows immutable fields. */
export function writableFields(def: ResourceDef, mode: 'add' | 'update'): [string, FieldDef][] {
  return Object.entries(def.fields).filter(([, fd]) =>
    !fd.readOnly && !fd.internal && !fd.noForm && !(mode === 'update' && (fd.immutable || fd.type === 'password')));
}
/** Fields a client may see. */
export const visibleFields = (def: ResourceDef) => Object.entries(def.fields).filter(([, fd]) => !fd.internal && fd.type !== 'password');

/** Fields shown in the list table. */
export const listColumns = (def: ResourceDef) => Object.entries(def.fields).filter(([, fd]) => fd.column);
/** Fields offered as filters. */
export const searchFields = (def: ResourceDef) => Object.entries(def.fields).filter(([, fd]) => fd.search);
/** Fields exported to / imported from Excel, in order. */
export const sheetFields = (def: ResourceDef) =>
  Object.entries(def.fields).filter(([, fd]) => !fd.internal && !fd.virtual && fd.type !== 'password' && fd.type !== 'file' && fd.type !== 'json' && fd.type !== 'richText' && !fd.formOnly);

export const elementCode = (def: ResourceDef, action: 'add' | 'edit' | 'del' | 'export' | 'import' | string) => `${def.menu}:btn_${action}`;
