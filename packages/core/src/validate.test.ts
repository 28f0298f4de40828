import { describe, it, expect } from 'vitest';
import { resource, text, enumOf, number, type RowOf } from './resource.ts';
import { checkField, numberCeiling, numberLimitError, validateInput } from './validate.ts';

const def = resource({
  key: 'validateSample', area: 'test', menu: 'shipperManager', title: '样例', scope: 'enterprise', table: 'validate_sample', labelField: 'name',
  fields: {
    name: text('名称', { required: true, max: 10 }),
    auditStatus: enumOf('审核状态', ['草稿', '已通过'], { readOnly: true, default: '草稿' }),
  },
});

describe('validateInput', () => {
  it('names the field in its message', () => {
    expect(validateInput(def, {}, 'add').errors.map((e) => e.message)).toEqual(['请输入名称']);
  });
  it('a read-only field starts at its default on add, whatever the client sends', () => {
    expect(validateInput(def, { name: '甲', auditStatus: '已通过' }, 'add').values).toEqual({ name: '甲', auditStatus: '草稿' });
  });
  it('an update never touches a read-only field', () => {
    expect(validateInput(def, { name: '乙', auditStatus: '已通过' }, 'update').values).toEqual({ name: '乙' });
  });
});

describe('capitals', () => {
  const vehicle = resource({
    key: 'upperSample', area: 'test', menu: 'shipperManager', title: '样例车', scope: 'enterprise', table: 'upper_sample', labelField: 'plateNo',
    fields: {
      plateNo: text('车牌号码', { required: true, rule: 'plate' }),
      vin: text('车架号', { required: true, max: 17, min: 17, upperCase: true }),
      note: text('备注'),
    },
  });
  it('a plate, a VIN typed in small letters are checked and stored in capitals; other text is left as typed', () => {
    const r = validateInput(vehicle, { plateNo: ' 浙a12345 ', vin: 'lgwec4a41ha123456', note: 'abc' }, 'add');
    expect(r.errors).toEqual([]);
    expect(r.values).toMatchObject({ plateNo: '浙A12345', vin: 'LGWEC4A41HA123456', note: 'abc' });
  });
});

describe('a number kept as numeric(digits, precision)', () => {
  const distance = number('里程（公里）', { min: 0, digits: 10, precision: 2 });
  const check = (v: unknown) => checkField(distance, v);
  it('takes up to its decimal places and its largest value', () => {
    expect(check('12.34')).toEqual({ value: 12.34 });
    expect(numberCeiling(distance)).toBe('99999999.99');
    expect(check('99999999.99')).toEqual({ value: 99999999.99 });
  });
  it('refuses more decimal places or more digits than the column holds, naming the field', () => {
    expect(check('1.234')).toEqual({ error: '里程（公里）：小数点保留最多两位' });
    expect(check('100000000')).toEqual({ error: '里程（公里）不能大于99999999.99' });
    expect(numberLimitError({ ...distance, precision: 0 }, '1.5')).toBe('里程（公里）：请输入整数');
  });
});

describe('RowOf', () => {
  it('types a row by its definition: a misspelt field fails the type check', () => {
    const row = { id: 'x', version: 1, name: '甲', auditStatus: '草稿' } satisfies RowOf<typeof def>;
    // @ts-expect-error no field 'nmae' in the definition
    expect(row.nmae).toBeUndefined();
    const name: string = row.name; // required: never null
    expect(name).toBe('甲');
  });
});
