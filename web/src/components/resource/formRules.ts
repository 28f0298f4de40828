/**
 * A field definition's checks as Ant Design form rules, with the shared rule set's exact
 * messages (packages/core/src/rules.ts). The server runs the same checks (zod); these only
 * spare the user a round trip.
 */
import type { FormRule } from 'antd';
import { checkRule, moneyError, normalizeText, numberLimitError, requiredMessage, yuanToFen, type FieldDef, type FieldType } from '@dg/core';

/** 请输入<label> / 请选择<label>: the server's wording (packages/core/src/validate.ts). */
export { requiredMessage };

/** Types whose `max` / `min` count characters. */
const LENGTH_COUNTED: ReadonlySet<FieldType> = new Set<FieldType>(['text', 'textarea', 'richText', 'password']);
const NUMERIC: ReadonlySet<FieldType> = new Set<FieldType>(['number', 'integer']);

export const holdsList = (fd: FieldDef) => fd.type === 'file' || Boolean(fd.multiple);

export const placeholderOf = (fd: FieldDef) => fd.placeholder ?? requiredMessage(fd);

/** Characters as a reader counts them (code points), the same count the rule set uses. */
export const charCount = (s: string) => [...s].length;

/** The text a rule judges: typed text is trimmed before it is sent, so it is judged trimmed. */
export function ruleText(fd: FieldDef, value: unknown): string {
  if (value === null || value === undefined) return '';
  const s = String(value);
  return fd.type === 'text' ? normalizeText(fd, s) : s;
}

function reject(message: string) {
  return Promise.reject(new Error(message));
}

export function buildRules(fd: FieldDef): FormRule[] {
  const rules: FormRule[] = [];
  const label = fd.label;

  if (fd.required) {
    rules.push({
      required: true,
      message: requiredMessage(fd),
      ...(holdsList(fd) ? { type: 'array' as const } : {}),
      ...(LENGTH_COUNTED.has(fd.type) && fd.type !== 'password' ? { whitespace: true } : {}),
    });
  }

  if (LENGTH_COUNTED.has(fd.type) && (fd.max !== undefined || fd.min !== undefined)) {
    rules.push({
      validator: (_, value) => {
        const s = ruleText(fd, value);
        if (s === '') return Promise.resolve();
        if (fd.max !== undefined && charCount(s) > fd.max) return reject(`${label}不能超过${fd.max}个字符`);
        if (fd.min !== undefined && charCount(s) < fd.min) return reject(`${label}不能少于${fd.min}个字符`);
        return Promise.resolve();
      },
    });
  }

  if (NUMERIC.has(fd.type) && (fd.max !== undefined || fd.min !== undefined || fd.precision !== undefined || fd.digits !== undefined)) {
    rules.push({
      validator: (_, value) => {
        if (value === null || value === undefined || value === '') return Promise.resolve();
        const limit = numberLimitError(fd, String(value));
        if (limit) return reject(limit);
        const n = Number(value);
        if (fd.max !== undefined && n > fd.max) return reject(`${label}不能大于${fd.max}`);
        if (fd.min !== undefined && n < fd.min) return reject(`${label}不能小于${fd.min}`);
        return Promise.resolve();
      },
    });
  }

  if (fd.type === 'money') {
    rules.push({
      validator: (_, value) => {
        if (value === null || value === undefined || value === '') return Promise.resolve();
        const fen = yuanToFen(value);
        if (fen === null) return reject(`${label}：请输入正确的金额（最多两位小数）`);
        const message = moneyError(fd, fen);
        return message ? reject(message) : Promise.resolve();
      },
    });
  }

  if (fd.rule) {
    const rule = fd.rule;
    rules.push({
      validator: (_, value) => {
        const values = Array.isArray(value) ? value : [value];
        for (const v of values) {
          const message = checkRule(rule, ruleText(fd, v));
          if (message) return reject(message);
        }
        return Promise.resolve();
      },
    });
  }

  if (fd.type === 'json') {
    rules.push({
      validator: (_, value) => {
        if (typeof value !== 'string' || value.trim() === '') return Promise.resolve();
        try {
          JSON.parse(value);
          return Promise.resolve();
        } catch {
          return reject(`${label}不是有效的JSON`);
        }
      },
    });
  }

  return rules;
}
