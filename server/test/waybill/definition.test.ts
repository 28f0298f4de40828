/**
 * The waybill's form definitions (packages/core/src/waybill.ts) and its hand-written tables (db/waybill-schema.ts)
 * must agree: a form's length limit is its column's, so a value the form accepts is never cut or refused by the
 * database, and one it refuses is not something the column could hold.
 */
import { describe, it, expect } from 'vitest';
import { getTableColumns } from 'drizzle-orm';
import type { ResourceDef } from '@dg/core';
import { waybillForm, waybillGoodsForm } from '@dg/core/waybill';
import { waybill, waybillGoods } from '../../src/db/waybill-schema.ts';

function disagreements(def: ResourceDef, table: object): string[] {
  const cols = getTableColumns(table as never) as Record<string, { getSQLType(): string }>;
  const out: string[] = [];
  for (const [name, f] of Object.entries(def.fields)) {
    const col = cols[name];
    if (!col) { out.push(`${def.key}.${name}: no column`); continue; }
    const type = col.getSQLType();
    const varchar = /^varchar\((\d+)\)$/.exec(type);
    if (f.type === 'text' || f.type === 'textarea') {
      if (varchar && Number(varchar[1]) !== f.max) out.push(`${def.key}.${name}: form max ${f.max ?? 'none'}, column ${type}`);
      if (!varchar && type !== 'text') out.push(`${def.key}.${name}: a text field in a ${type} column`);
      if (type === 'text' && f.max === undefined) out.push(`${def.key}.${name}: text column without a form limit`);
    }
  }
  return out;
}

describe('waybill definitions and tables', () => {
  it('every text field of the waybill form has its column length as its limit', () => {
    expect(disagreements(waybillForm, waybill)).toEqual([]);
  });
  it('every text field of a goods line has its column length as its limit', () => {
    expect(disagreements(waybillGoodsForm, waybillGoods)).toEqual([]);
  });
});
