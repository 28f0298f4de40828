/**
 * The waybill's form definitions (packages/core/src/waybill.ts) and its tables (db/waybill-schema.ts, whose form columns
 * are generated from them by `fieldColumns`) must agree on every limit: a form's length is its column's, a number's
 * digits and decimal places are the column's numeric(p, s), an enum's values fit its column, a NOT NULL column is a
 * field the form requires or fills with its default — so a value the form accepts is never cut, rounded or refused by
 * the database, and one it refuses is not something the column could hold. The checks run through `checkField`, the
 * server's and the web's validation, at each limit.
 */
import { describe, it, expect } from 'vitest';
import { getTableColumns } from 'drizzle-orm';
import { checkField, columnName, numberCeiling, type FieldDef, type ResourceDef } from '@dg/core';
import { waybillForm, waybillGoodsForm } from '@dg/core/waybill';
import { waybill, waybillGoods } from '../../src/db/waybill-schema.ts';

interface Col { name: string; notNull: boolean; hasDefault: boolean; default: unknown; getSQLType(): string }

const accepts = (f: FieldDef, v: unknown) => 'value' in checkField({ ...f, rule: f.type === 'text' ? undefined : f.rule }, v);

function disagreements(def: ResourceDef, table: object): string[] {
  const cols = getTableColumns(table as never) as Record<string, Col>;
  const out: string[] = [];
  const no = (name: string, what: string) => out.push(`${def.key}.${name}: ${what}`);
  for (const [name, f] of Object.entries(def.fields)) {
    const col = cols[name];
    if (!col) { no(name, 'no column'); continue; }
    if (col.name !== columnName(name)) no(name, `column ${col.name}, expected ${columnName(name)}`);
    const type = col.getSQLType();
    const varchar = /^varchar\((\d+)\)$/.exec(type);
    const numeric = /^numeric\((\d+), ?(\d+)\)$/.exec(type);
    switch (f.type) {
      case 'text': case 'textarea':
        if (varchar && Number(varchar[1]) !== f.max) no(name, `form max ${f.max ?? 'none'}, column ${type}`);
        if (!varchar && type !== 'text') no(name, `a text field in a ${type} column`);
        if (f.max === undefined) no(name, 'text without a form limit');
        else {
          if (!accepts(f, 'x'.repeat(f.max))) no(name, `the form refuses ${f.max} characters`);
          if (accepts(f, 'x'.repeat(f.max + 1))) no(name, `the form accepts ${f.max + 1} characters`);
        }
        break;
      case 'enum': case 'dict':
        if (!varchar || Number(varchar[1]) !== f.max) no(name, `form max ${f.max ?? 'none'}, column ${type}`);
        for (const o of f.options ?? []) if ([...o.value].length > Number(varchar?.[1] ?? 0)) no(name, `option ${o.value} longer than ${type}`);
        break;
      case 'number': {
        if (!numeric) { no(name, `a number in a ${type} column`); break; }
        const [p, s] = [Number(numeric[1]), Number(numeric[2])];
        if (f.digits !== p || f.precision !== s) no(name, `form digits ${f.digits ?? 'none'} precision ${f.precision ?? 'none'}, column ${type}`);
        const ceiling = numberCeiling(f);
        if (ceiling === null) break;
        if (!accepts(f, ceiling)) no(name, `the form refuses ${ceiling}`);
        if (accepts(f, '1' + ceiling)) no(name, `the form accepts 1${ceiling}`);
        if (s > 0 && accepts(f, '1.' + '1'.repeat(s + 1))) no(name, `the form accepts ${s + 1} decimal places`);
        break;
      }
      case 'region': if (type !== 'varchar(12)') no(name, `a region in a ${type} column`); break;
      case 'ref': if (type !== 'uuid') no(name, `a reference in a ${type} column`); break;
      case 'date': if (type !== 'date') no(name, `a date in a ${type} column`); break;
      case 'bool': if (type !== 'boolean') no(name, `a bool in a ${type} column`); break;
      default: no(name, `type ${f.type} not checked here: add its check`);
    }
    // NOT NULL only where the form always gives a value: required, or filled with the field's default
    if (col.notNull && !f.required && f.default === undefined) no(name, 'NOT NULL column for a field the form may leave empty');
    if (f.default !== undefined && (!col.hasDefault || col.default !== f.default || !col.notNull)) no(name, `form default ${String(f.default)}, column default ${String(col.default)}`);
    if (col.hasDefault && f.default === undefined) no(name, 'column default the form does not know');
  }
  return out;
}

describe('waybill definitions and tables', () => {
  it('every field of the waybill form has its column, with the form limits as the column limits', () => {
    expect(disagreements(waybillForm, waybill)).toEqual([]);
  });
  it('every field of a goods line has its column, with the form limits as the column limits', () => {
    expect(disagreements(waybillGoodsForm, waybillGoods)).toEqual([]);
  });
  it('the check itself notices a column that disagrees', () => {
    const def = { ...waybillGoodsForm, fields: { ...waybillGoodsForm.fields, unNo: { ...waybillGoodsForm.fields.unNo, max: 5 } } };
    expect(disagreements(def, waybillGoods)).toContain('waybillGoods.unNo: form max 5, column varchar(4)');
  });
});
