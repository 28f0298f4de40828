/**
 * A resource definition becomes a PostgreSQL table: one column per field (snake_case), the scope
 * column, the audit columns and `version` for optimistic locking. drizzle-kit diffs these tables
 * into the committed migrations, so the definition in packages/core stays the only one.
 */
import { type FieldDef, type FieldType, type ResourceDef, columnName, tableName } from '@dg/core';
import { sql, type HasDefault, type NotNull } from 'drizzle-orm';
import {
  pgTable, pgView, uuid, varchar, text, numeric, integer, bigint, date, timestamp, boolean, jsonb, index, uniqueIndex,
  type PgColumnBuilderBase, type PgNumericNumberBuilderInitial,
} from 'drizzle-orm/pg-core';

/** the column of one scalar field, by type: resources' tables and the waybill's form columns both take it from here */
const SCALAR = {
  text: (c: string, f: FieldDef) => varchar(c, { length: Math.max(f.max ?? 255, 1) }),
  textarea: (c: string) => text(c),
  richText: (c: string) => text(c),
  password: (c: string) => text(c),
  number: (c: string, f: FieldDef) => numeric(c, { precision: f.digits ?? 18, scale: f.digits === undefined ? 4 : f.precision ?? 0 }),
  integer: (c: string) => integer(c),
  money: (c: string) => bigint(c, { mode: 'number' }),
  date: (c: string) => date(c, { mode: 'string' }),
  datetime: (c: string) => timestamp(c, { withTimezone: true, mode: 'date' }),
  bool: (c: string) => boolean(c),
  dict: (c: string, f: FieldDef) => varchar(c, { length: f.max ?? 64 }),
  enum: (c: string, f: FieldDef) => varchar(c, { length: f.max ?? 64 }),
  region: (c: string) => varchar(c, { length: 12 }),
  ref: (c: string) => uuid(c),
  file: (c: string) => jsonb(c),
  json: (c: string) => jsonb(c),
} satisfies Record<FieldType, (c: string, f: FieldDef) => PgColumnBuilderBase>;

function columnFor(name: string, f: FieldDef): PgColumnBuilderBase | null {
  if (f.virtual) return null;
  const c = columnName(name);
  if (f.multiple) {
    switch (f.type) {
      case 'text': case 'dict': case 'enum': case 'region': return text(c).array();
      case 'ref': return uuid(c).array();
      default: break;
    }
  }
  return SCALAR[f.type](c, f);
}

/** the builder a scalar field's column gets: numbers as JavaScript numbers (the waybill's tables read them so) */
type ScalarColumn<F extends FieldDef> = F['type'] extends 'number' ? PgNumericNumberBuilderInitial<string> : ReturnType<(typeof SCALAR)[F['type']]>;
type ExactColumn<F extends FieldDef, NotNullable extends boolean> =
  F extends { default: string | number | boolean } ? HasDefault<NotNull<ScalarColumn<F>>>
  : NotNullable extends true ? NotNull<ScalarColumn<F>> : ScalarColumn<F>;
type Stored<Fs> = { [K in keyof Fs]: Fs[K] extends { virtual: true } | { multiple: true } ? never : K }[keyof Fs];

/**
 * The columns of a definition's fields for a table written by hand around them (the waybill's partitioned tables keep
 * their key, state and system columns by hand; the fields a form writes come from here): the column a resource's
 * field gets (same name, type and length), numbers as numeric(digits, precision) read as numbers, a field's
 * `default` as the column's default (NOT NULL), and NOT NULL on the fields named in `notNull` — a required field is
 * NOT NULL only when it says so, since adding a NOT NULL column to millions of rows needs a default or a backfill.
 */
export function fieldColumns<Fs extends Record<string, FieldDef>, N extends Stored<Fs> = never>(
  def: ResourceDef<Fs>, o: { notNull?: readonly N[] } = {},
): { [K in Stored<Fs>]: ExactColumn<Fs[K], K extends N ? true : false> } {
  const out: Record<string, PgColumnBuilderBase> = {};
  for (const [name, f] of Object.entries(def.fields)) {
    if (f.virtual || f.multiple) continue;
    const c = columnName(name);
    let col: any = f.type === 'number'
      ? numeric(c, { precision: f.digits ?? 18, scale: f.digits === undefined ? 4 : f.precision ?? 0, mode: 'number' })
      : SCALAR[f.type](c, f);
    if (f.default !== undefined) col = col.notNull().default(f.default);
    else if ((o.notNull as readonly string[] | undefined)?.includes(name)) col = col.notNull();
    out[name] = col;
  }
  return out as never;
}

export function tableFor(def: ResourceDef) {
  const cols: Record<string, PgColumnBuilderBase> = {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  };
  if (def.scope === 'enterprise' && !('enterpriseId' in def.fields)) cols.enterpriseId = uuid('enterprise_id');
  for (const [name, f] of Object.entries(def.fields)) {
    const col = columnFor(name, f);
    if (col) cols[name] = col;
  }
  cols.createdAt = timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
  cols.createdBy = uuid('created_by');
  cols.updatedAt = timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
  cols.updatedBy = uuid('updated_by');
  cols.version = integer('version').notNull().default(1);
  if (def.softDelete) cols.deletedAt = timestamp('deleted_at', { withTimezone: true, mode: 'date' });
  const tn = tableName(def);
  // a view's SQL is hand-written in its migration; drizzle-kit does not manage an `existing` view
  if (def.view) return pgView(tn, cols).existing();
  return pgTable(tn, cols, (t: Record<string, any>) => {
    const idx = [];
    if (t.enterpriseId) idx.push(index(`${tn}_enterprise_idx`).on(t.enterpriseId, t.createdAt, t.id));
    if (def.parent) idx.push(index(`${tn}_${columnName(def.parent.field)}_idx`).on(t[def.parent.field]));
    for (const [name, f] of Object.entries(def.fields)) {
      if (f.virtual || !t[name] || name === def.parent?.field) continue;
      if (f.unique) {
        const on = def.scope === 'enterprise' && f.unique !== 'global' ? [t.enterpriseId, t[name]] : [t[name]];
        const u = uniqueIndex(`${tn}_${columnName(name)}_uq`).on(...(on as [any, ...any[]]));
        idx.push(def.softDelete ? u.where(sql`deleted_at is null`) : u);
      } else if (f.index !== false && (f.index || (f.search && f.search !== 'like' && !f.multiple) || f.type === 'ref' && !f.multiple)) {
        idx.push(index(`${tn}_${columnName(name)}_idx`).on(t[name]));
      }
    }
    return idx;
  });
}
