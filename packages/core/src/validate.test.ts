import { describe, it, expect } from 'vitest';
import { resource, text, enumOf } from './resource.ts';
import { validateInput } from './validate.ts';

const def = resource({
  key: 'validateSample', area: 'test', menu: 'testManager', title: '样例', scope: 'enterprise', table: 'validate_sample', labelField: 'name',
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
    key: 'upperSample', area: 'test', menu: 'testManager', title: '样例车', scope: 'enterprise', table: 'upper_sample', labelField: 'plateNo',
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
