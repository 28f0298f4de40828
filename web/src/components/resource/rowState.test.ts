import { describe, expect, it } from 'vitest';
import { enumOf, resourceByKey, text, type FieldDef } from '@dg/core';
import { genericWritable, stateFieldOf, stateForward } from './rowState';

const cols = (...names: string[]) => names.map((n): [string, FieldDef] => [n, text(n)]);

describe('the row\'s state in a list', () => {
  it('finds the state field: the workflow\'s, else 审核状态 / 状态 of type enum', () => {
    expect(stateFieldOf(resourceByKey('vehicle')!)).toBe('auditStatus');
    expect(stateFieldOf(resourceByKey('hazard')!)).toBe('state');
    expect(stateFieldOf({ fields: { status: enumOf('状态', ['在用', '停用']) } })).toBe('status');
    expect(stateFieldOf({ fields: { status: text('状态') } })).toBeUndefined();
  });

  it('moves the state second, after the title column', () => {
    expect(stateForward(cols('plateNo', 'color', 'type', 'vin', 'auditStatus'), 'auditStatus').map(([n]) => n)).toEqual(['plateNo', 'auditStatus', 'color', 'type', 'vin']);
    expect(stateForward(cols('name', 'state', 'x'), 'state').map(([n]) => n)).toEqual(['name', 'state', 'x']);
    expect(stateForward(cols('a', 'b'), undefined).map(([n]) => n)).toEqual(['a', 'b']);
  });

  it('offers 编辑 / 删除 on a vehicle except while it waits for its audit', () => {
    const vehicle = resourceByKey('vehicle')!;
    for (const s of ['草稿', '已通过', '已驳回']) expect(genericWritable(vehicle, { auditStatus: s }), s).toBe(true);
    expect(genericWritable(vehicle, { auditStatus: '待审核' })).toBe(false);
    expect(genericWritable(resourceByKey('shipper')!, {})).toBe(true);
  });
});
