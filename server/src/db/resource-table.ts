/**
 * A resource definition becomes a PostgreSQL table: one column per field (snake_case), the scope
 * column, the audit columns and `version` for optimistic locking. drizzle-kit diffs these tables
 * into the committed migrations, so the definition in packages/core stays the only one.
 */
import { type FieldDef, type ResourceDef, columnName, tableName } from '@dg/core';
import { sql } from 'drizzle-orm';
import {
  pgTable, pgView, uuid, varchar, text, numeric, integer, bigint, date, timestamp, boolean, jsonb, index, uniqueIndex,
  type PgColumnBuilderBase,
} from 'drizzle-orm/pg-core';

function columnFor(name: string, f: FieldDef): PgColumnBuilderBase | null {
  if (f.virtual) return null;
  const c = columnName(name);
  const many = f.multiple;
  switch (f.type) {
    case 'text': return many ? text(c).array() : varchar(c, { length: Math.max(f.max ?? 255, 1) });
    case 'textarea': case 'richText': case 'password': return text(c);
    case 'number': return numeric(c, { precision: 18, scale: 4 });
    case 'integer': return integer(c);
    case 'money': return bigint(c, { mode: 'number' });
    case 'date': return date(c, { mode: 'string' });
    case 'datetime': return timestamp(c, { withTimezone: true, mode: 'date' });
    case 'bool': return boolean(c);
    case 'dict': case 'enum': return many ? text(c).array() : varchar(c, { length: 64 });
    case 'region': return many ? text(c).array() : varchar(c, { length: 12 });
    case 'ref': return many ? uuid(c).array() : uuid(c);
    case 'file': case 'json': return jsonb(c);
  }
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
    if (t.enterpriseId) idx.push(index(`${tn}_enterprise_idx`).on(t.enterpriseId, t.createdAt));
    if (def.parent) idx.push(index(`${tn}_${columnName(def.parent.field)}_idx`).on(t[def.parent.field]));
    for (const [name, f] of Object.entries(def.fields)) {
      if (f.virtual || !t[name] || name === def.parent?.field) continue;
      if (f.unique) {
        const on = def.scope === 'enterprise' && f.unique !== 'global' ? [t.enterpriseId, t[name]] : [t[name]];
        const u = uniqueIndex(`${tn}_${columnName(name)}_uq`).on(...(on as [any, ...any[]]));
        idx.push(def.softDelete ? u.where(sql`deleted_at is null`) : u);
      } else if (f.index || (f.search && f.search !== 'like' && !f.multiple) || f.type === 'ref' && !f.multiple) {
        idx.push(index(`${tn}_${columnName(name)}_idx`).on(t[name]));
      }
    }
    return idx;
  });
}
