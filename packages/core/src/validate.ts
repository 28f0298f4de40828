/**
 * The zod schema of a resource, from its definition: the server validates requests and import
 * rows with it, and every message is Chinese and names the field (`手机：请输入正确手机号码`).
 * The browser's forms use the same rule set (checkRule) under each field.
 */
import { z } from 'zod';
import type { FieldDef, ResourceDef } from './resource.ts';
import { writableFields } from './resource.ts';
import { checkRule } from './rules.ts';
import { fenToYuan } from './funds.ts';
import { normalisePlate } from './plate.ts';

/** an amount (分) outside a money field's limits: the message, in 元 */
export function moneyError(f: FieldDef, fen: number): string | null {
  if (f.min !== undefined && fen < f.min) return f.min === 1 ? `${f.label}必须大于0` : `${f.label}不能小于${fenToYuan(f.min)}元`;
  if (f.max !== undefined && fen > f.max) return `${f.label}不能大于${fenToYuan(f.max)}元`;
  return null;
}

const PLACES = ['零', '一', '两', '三', '四', '五', '六', '七', '八', '九'];
/** the largest value a number field holds: digits − precision nines, a point and precision nines (numeric(10, 2): 99999999.99) */
export const numberCeiling = (f: Pick<FieldDef, 'digits' | 'precision'>): string | null =>
  f.digits === undefined ? null : '9'.repeat(f.digits - (f.precision ?? 0)) + (f.precision ? '.' + '9'.repeat(f.precision) : '');

/**
 * a number (as typed, already a valid decimal) with more decimal places or digits than its column keeps: the message.
 * Only for a field that names its column's digits (numeric(digits, precision)); elsewhere `precision` is how many
 * places are shown and the column keeps four.
 */
export function numberLimitError(f: FieldDef, typed: string): string | null {
  if (f.digits === undefined) return null;
  const [whole = '', frac = ''] = typed.trim().replace(/^[-+]/, '').split('.');
  if (f.precision !== undefined && frac.length > f.precision) {
    return `${f.label}：${f.precision ? `小数点保留最多${PLACES[f.precision] ?? f.precision}位` : '请输入整数'}`;
  }
  const ceiling = numberCeiling(f);
  if (ceiling !== null && whole.replace(/^0+/, '').length > f.digits! - (f.precision ?? 0)) return `${f.label}不能大于${ceiling}`;
  return null;
}

const choose = (f: FieldDef) => ['dict', 'enum', 'ref', 'region', 'date', 'datetime', 'file', 'bool'].includes(f.type);
export const requiredMessage = (f: FieldDef) => `${choose(f) ? '请选择' : '请输入'}${f.label}`;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isValidDate(s: string) {
  if (!DATE_RE.test(s)) return false;
  const d = new Date(s + 'T00:00:00Z');
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** Normalises and checks one value; returns [value] or an error message. Empty → null. */
export function checkField(f: FieldDef, raw: unknown): { value: unknown } | { error: string } {
  const L = f.label;
  if (raw === undefined || raw === null || raw === '' || (Array.isArray(raw) && raw.length === 0)) {
    return f.required ? { error: requiredMessage(f) } : { value: f.multiple ? [] : null };
  }
  if (f.multiple && f.type !== 'file' && f.type !== 'json') {
    const list = Array.isArray(raw) ? raw : String(raw).split(/[,，、]/).map((s) => s.trim()).filter(Boolean);
    const out: unknown[] = [];
    for (const item of list) {
      const r = checkField({ ...f, multiple: false, required: true }, item);
      if ('error' in r) return r;
      out.push(r.value);
    }
    return { value: out };
  }
  switch (f.type) {
    case 'text': case 'textarea': case 'richText': case 'password': {
      if (typeof raw !== 'string' && typeof raw !== 'number') return { error: `${L}格式不正确` };
      const s = normalizeText(f, String(raw));
      if (s === '') return f.required ? { error: requiredMessage(f) } : { value: null };
      if (f.max && [...s].length > f.max) return { error: `${L}不能超过${f.max}个字符` };
      if (f.min && [...s].length < f.min) return { error: `${L}不能少于${f.min}个字符` };
      if (f.rule) { const m = checkRule(f.rule, s); if (m) return { error: `${L}：${m}` }; }
      return { value: s };
    }
    case 'number': case 'integer': {
      const s = String(raw).trim();
      const rule = f.rule ?? (f.type === 'integer' ? 'natural' : 'decimal4');
      const m = checkRule(rule, s);
      if (m || !Number.isFinite(Number(s))) return { error: `${L}：${m ?? '请输入数字'}` };
      const limit = numberLimitError(f, s);
      if (limit) return { error: limit };
      const n = Number(s);
      if (f.min !== undefined && n < f.min) return { error: `${L}不能小于${f.min}` };
      if (f.max !== undefined && f.type !== 'number' && n > f.max) return { error: `${L}不能大于${f.max}` };
      if (f.max !== undefined && f.type === 'number' && n > f.max) return { error: `${L}不能大于${f.max}` };
      return { value: n };
    }
    case 'money': {
      const s = typeof raw === 'number' || typeof raw === 'string' ? String(raw).trim() : '';
      if (!/^-?\d{1,15}$/.test(s)) return { error: `${L}：请输入正确的金额` };
      const n = Number(s);
      const e = moneyError(f, n);
      return e ? { error: e } : { value: n };
    }
    case 'date': {
      const s = raw instanceof Date ? raw.toISOString().slice(0, 10) : String(raw).trim().slice(0, 10).replace(/\//g, '-');
      return isValidDate(s) ? { value: s } : { error: `${L}：日期格式不正确，应为YYYY-MM-DD` };
    }
    case 'datetime': {
      const d = raw instanceof Date ? raw : new Date(String(raw));
      return Number.isNaN(d.getTime()) ? { error: `${L}：时间格式不正确` } : { value: d };
    }
    case 'bool': {
      if (typeof raw === 'boolean') return { value: raw };
      const s = String(raw).trim();
      if (['是', 'true', '1', '启用'].includes(s)) return { value: true };
      if (['否', 'false', '0', '停用'].includes(s)) return { value: false };
      return { error: `${L}：请选择是或否` };
    }
    case 'enum': {
      const s = String(raw).trim();
      const o = f.options?.find((x) => x.value === s || x.label === s);
      return o ? { value: o.value } : { error: `${L}的值“${s}”不在可选范围内` };
    }
    case 'dict': case 'region': {
      const s = String(raw).trim();
      if (s.length > 64) return { error: `${L}格式不正确` };
      if (f.type === 'region' && !/^\d{6,12}$/.test(s)) return { error: `${L}：请选择正确的行政区划` };
      return { value: s };
    }
    case 'ref': {
      const s = String(raw).trim();
      return UUID_RE.test(s) ? { value: s } : { error: `${L}：请选择有效的${L}` };
    }
    case 'file': {
      const list = Array.isArray(raw) ? raw : [raw];
      const ok = list.every((x) => x && typeof x === 'object' && typeof (x as { id?: unknown }).id === 'string');
      return ok ? { value: list.map((x) => ({ id: (x as { id: string }).id, name: String((x as { name?: unknown }).name ?? '') })) } : { error: `${L}格式不正确` };
    }
    case 'json': return { value: raw };
  }
}

/** rules whose letters are capitals by definition: 浙a12345 is 浙A12345, an ID card's x is X */
const UPPER_CASE_RULES = new Set<string>(['plate', 'idCard', 'creditCode']);

/** a typed text as it is checked and stored: trimmed, in capitals where the field says so (web forms use the same) */
export function normalizeText(f: Pick<FieldDef, 'upperCase' | 'rule'>, typed: string): string {
  const s = typed.trim();
  // a plate typed or imported as another system wrote it (全角, spaces, 挂车) is the one plate it names
  if (f.rule === 'plate') return normalisePlate(s);
  return f.upperCase || (f.rule && UPPER_CASE_RULES.has(f.rule)) ? s.toUpperCase() : s;
}

export interface FieldError { field: string; label: string; message: string }

/** Validates a whole input object for add or update. Unknown keys are dropped. */
export function validateInput(def: ResourceDef, input: Record<string, unknown>, mode: 'add' | 'update'):
  { values: Record<string, unknown>; errors: FieldError[] } {
  const values: Record<string, unknown> = {};
  const errors: FieldError[] = [];
  for (const [name, f] of writableFields(def, mode)) {
    if (mode === 'update' && !(name in input)) continue; // partial update keeps what is stored
    const raw = input[name] ?? (mode === 'add' ? f.default : undefined);
    const r = checkField(f, raw);
    if ('error' in r) errors.push({ field: name, label: f.label, message: r.error });
    else values[name] = r.value;
  }
  // a system-filled field starts at its default (e.g. 审核状态 草稿): the client never sends it
  if (mode === 'add') {
    for (const [name, f] of Object.entries(def.fields)) {
      if (f.readOnly && !f.virtual && f.default !== undefined && !(name in values)) values[name] = f.default;
    }
  }
  return { values, errors };
}

/** how the OpenAPI document describes a field of a body: its label, whether it is required, its limits */
function fieldDescription(f: FieldDef): string {
  const parts = [f.label];
  if (f.required) parts.push('必填');
  if (f.max !== undefined && f.type !== 'enum' && f.type !== 'dict') parts.push(`最多${f.max}${f.type === 'number' || f.type === 'integer' ? '' : f.type === 'money' ? '分' : '个字符'}`);
  if (f.type === 'number' && f.precision !== undefined) parts.push(`最多${f.precision}位小数`);
  if (f.type === 'number' && numberCeiling(f) !== null) parts.push(`不大于${numberCeiling(f)}`);
  if (f.type === 'money') parts.push('以分为单位的整数');
  if (f.options?.length) parts.push('可选：' + f.options.map((o) => `${o.value}（${o.label}）`).join('、'));
  if (f.dict) parts.push(`字典 ${f.dict}`);
  if (f.type === 'ref' && f.ref) parts.push(`${f.ref.resource} 的 id`);
  return parts.join('；');
}

/**
 * The same as a zod schema (request parsing and the OpenAPI document): every writable field of the definition is a
 * documented property; the checks are validateInput's, with its Chinese messages. `check: false` for a route that
 * fills fields before it checks them (the waybill copies parties from base info first).
 */
export function resourceZod(def: ResourceDef, mode: 'add' | 'update', opts: { check?: boolean } = {}) {
  const shape = Object.fromEntries(Object.entries(def.fields).filter(([, f]) => !f.readOnly && !f.internal)
    .map(([name, f]) => [name, z.unknown().optional().describe(fieldDescription(f))]));
  // typed as no fixed keys: a route's .extend({ id, version }) keeps its own types
  const body = z.object(shape as Record<never, never>).catchall(z.unknown());
  if (opts.check === false) return body;
  return body.superRefine((input, ctx) => {
    for (const e of validateInput(def, input, mode).errors) ctx.addIssue({ code: 'custom', path: [e.field], message: e.message });
  });
}
