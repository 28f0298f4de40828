import { describe, expect, it } from 'vitest';
import type { FormRule } from 'antd';
import { date, dict, file, integer, number, password, ref, text, textarea } from '@dg/core';
import { buildRules, requiredMessage } from './formRules';

type Validator = (rule: unknown, value: unknown) => Promise<void>;

/** Runs a field's rules the way the form does and gives the first message, or null. */
async function firstError(rules: FormRule[], value: unknown): Promise<string | null> {
  for (const rule of rules) {
    if (typeof rule === 'function') continue;
    if (rule.required) {
      const blank = value === undefined || value === null || value === '' ||
        (Array.isArray(value) && value.length === 0) || (rule.whitespace && typeof value === 'string' && value.trim() === '');
      if (blank) return String(rule.message);
      continue;
    }
    if (rule.validator) {
      try {
        await (rule.validator as Validator)(rule, value);
      } catch (e) {
        return (e as Error).message;
      }
    }
  }
  return null;
}

describe('required fields ask in Chinese', () => {
  it('typed fields say 请输入, chosen ones 请选择', () => {
    expect(requiredMessage(text('姓名'))).toBe('请输入姓名');
    expect(requiredMessage(dict('性别', 'sex'))).toBe('请选择性别');
    expect(requiredMessage(ref('所属企业', 'enterprise', 'name'))).toBe('请选择所属企业');
    expect(requiredMessage(date('发证日期'))).toBe('请选择发证日期');
  });
  it('blank and whitespace-only text is refused', async () => {
    const rules = buildRules(text('姓名', { required: true }));
    expect(await firstError(rules, '')).toBe('请输入姓名');
    expect(await firstError(rules, '   ')).toBe('请输入姓名');
    expect(await firstError(rules, '张三')).toBeNull();
  });
  it('an empty attachment list is refused', async () => {
    const rules = buildRules(file('安装包', { required: true }));
    expect(rules[0]).toMatchObject({ required: true, type: 'array' });
    expect(await firstError(rules, [])).toBe('请选择安装包');
  });
});

describe('lengths and ranges', () => {
  it('max and min count characters, not UTF-16 units', async () => {
    const rules = buildRules(text('姓名', { min: 2, max: 3 }));
    expect(await firstError(rules, '张')).toBe('姓名不能少于2个字符');
    expect(await firstError(rules, '张三丰四')).toBe('姓名不能超过3个字符');
    expect(await firstError(rules, '𠀀𠀀𠀀')).toBeNull();
    expect(await firstError(rules, '')).toBeNull();
  });
  it('textarea uses the default max of its helper', async () => {
    expect(await firstError(buildRules(textarea('备注', { max: 5 })), '123456')).toBe('备注不能超过5个字符');
  });
  it('numbers check value bounds', async () => {
    const rules = buildRules(integer('座位', { min: 1, max: 60 }));
    expect(await firstError(rules, 0)).toBe('座位不能小于1');
    expect(await firstError(rules, 61)).toBe('座位不能大于60');
    expect(await firstError(rules, 5)).toBeNull();
  });
});

describe('the shared rule set gives its exact messages', () => {
  it('mobile', async () => {
    const rules = buildRules(text('手机', { rule: 'mobile' }));
    expect(await firstError(rules, '12345')).toBe('请输入正确手机号码');
    expect(await firstError(rules, ' 13812345678 ')).toBeNull();
    expect(await firstError(rules, '')).toBeNull();
  });
  it('number fields default to four decimals, integers to natural numbers', async () => {
    expect(await firstError(buildRules(number('吨位')), 1.23456)).toBe('请输入正确数字且小数点保留最多四位');
    expect(await firstError(buildRules(number('吨位')), 1.2345)).toBeNull();
    expect(await firstError(buildRules(integer('数量')), -1)).toBe('请输入数字');
  });
  it('password', async () => {
    const rules = buildRules(password('密码', { required: true }));
    expect(await firstError(rules, 'abcdef')).toBe('请输入5-20位以内的字母、数字和字符，至少包含字母和数字两种');
    expect(await firstError(rules, 'abc123')).toBeNull();
  });
  it('ID card gives the GB 11643 reason', async () => {
    const rules = buildRules(text('身份证号', { rule: 'idCard' }));
    expect(await firstError(rules, '1234')).toBe('证件号码长度不为18位');
  });
  it('each value of a multiple field is checked', async () => {
    const rules = buildRules(text('手机', { rule: 'mobile', multiple: true }));
    expect(await firstError(rules, ['13812345678', '1'])).toBe('请输入正确手机号码');
  });
});

describe('a number kept as numeric(digits, precision)', () => {
  it('refuses what the column cannot hold, with the server’s messages', async () => {
    const rules = buildRules(number('数量', { min: 0, digits: 14, precision: 3 }));
    expect(await firstError(rules, 12.5)).toBeNull();
    expect(await firstError(rules, 1.2345)).toBe('数量：小数点保留最多三位');
    expect(await firstError(rules, 1e11)).toBe('数量不能大于99999999999.999');
  });
});
