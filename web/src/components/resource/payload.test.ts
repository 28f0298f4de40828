import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { bool, date, datetime, file, integer, password, resource, text } from '@dg/core';
import { defaultValues, formFields, toFormValues, toPayload } from './payload';

describe('form values and the add/update body', () => {
  const def = resource({
    key: 'demo', area: 'demo', menu: 'shipperManager', title: '示例', scope: 'none',
    fields: {
      username: text('账户', { immutable: true, required: true }),
      password: password('密码'),
      name: text('姓名'),
      issued: date('发证日期'),
      checkedAt: datetime('检查时间'),
      load: integer('载重'),
      enabled: bool('启用', { default: true }),
      files: file('附件', { multiple: true }),
      parentId: text('上级'),
      lastLoginAt: datetime('最后登录', { readOnly: true }),
    },
  });

  it('edit keeps immutable fields visible but unsent, and drops the password', () => {
    const fields = formFields(def, 'update', new Set(['parentId']));
    expect(fields.map((f) => f.name)).toEqual(['username', 'name', 'issued', 'checkedAt', 'load', 'enabled', 'files']);
    expect(fields.find((f) => f.name === 'username')?.disabled).toBe(true);
    expect(formFields(def, 'add').map((f) => f.name)).toContain('password');
  });

  it('a row becomes widget values and back', () => {
    const fields = formFields(def, 'update');
    const checked = new Date(2024, 4, 6, 7, 8, 9).toISOString();
    const values = toFormValues(fields, {
      id: '1', username: 'abc', name: ' 张三 ', issued: '2024-05-06', checkedAt: checked, load: '12', enabled: true,
      files: [{ id: 'f', name: 'a.pdf' }],
    });
    expect(dayjs.isDayjs(values.issued)).toBe(true);
    expect(values.load).toBe(12);
    expect(toPayload(fields, values)).toEqual({
      name: '张三', issued: '2024-05-06', checkedAt: checked, load: 12, enabled: true, files: [{ id: 'f', name: 'a.pdf' }], parentId: null,
    });
  });

  it('new records start from defaults and presets', () => {
    const fields = formFields(def, 'add');
    expect(defaultValues(fields, { name: '预设' })).toMatchObject({ enabled: true, files: [], name: '预设' });
  });
});
