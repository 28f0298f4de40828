/**
 * Between a row and the add/edit form: which fields the form shows, the row's values as
 * widget values (dates as dayjs, numbers as numbers), and the form's values as the body
 * of `add` / `update` (dates as YYYY-MM-DD or ISO instants, trimmed text, cleared → null).
 */
import dayjs from 'dayjs';
import { fenToYuan, normalizeText, writableFields, yuanToFen, type FieldDef, type ResourceDef } from '@dg/core';
import { DAY_FORMAT, toFileRefs } from './format';
import { holdsList } from './formRules';
import type { Row } from './types';

export type FormMode = 'add' | 'update';

export interface FormField {
  name: string;
  fd: FieldDef;
  /** shown but not sent: immutable fields on edit (e.g. 账户) */
  disabled: boolean;
}

/**
 * The form's fields. On edit, immutable fields stay on the form, disabled, so the user sees
 * what may not change; passwords are set on add only. `hidden` fields (the parent link, a
 * page's fixed filters) are filled by the page, not the user.
 */
export function formFields(def: ResourceDef, mode: FormMode, hidden: ReadonlySet<string> = new Set()): FormField[] {
  const sendable = new Set(writableFields(def, mode).map(([name]) => name));
  return writableFields(def, 'add')
    .filter(([name, fd]) => !hidden.has(name) && !(mode === 'update' && fd.type === 'password'))
    .map(([name, fd]) => ({ name, fd, disabled: !sendable.has(name) }));
}

const isBlank = (v: unknown) => v === null || v === undefined || v === '';

function toWidgetValue(fd: FieldDef, value: unknown): unknown {
  if (fd.type === 'file') return toFileRefs(value);
  if (isBlank(value)) return holdsList(fd) ? [] : undefined;
  switch (fd.type) {
    case 'date':
    case 'datetime': {
      const d = dayjs(value as string);
      return d.isValid() ? d : undefined;
    }
    case 'number':
    case 'integer':
      return Number(value);
    case 'money':
      return fenToYuan(Number(value));
    case 'json':
      return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
    default:
      return fd.multiple && !Array.isArray(value) ? [value] : value;
  }
}

/** A row's values for the form's widgets. */
export function toFormValues(fields: FormField[], row: Row): Record<string, unknown> {
  return Object.fromEntries(fields.map(({ name, fd }) => [name, toWidgetValue(fd, row[name])]));
}

/** A new record's starting values: each field's `default`, then the page's presets. */
export function defaultValues(fields: FormField[], presets: Record<string, unknown> = {}): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const { name, fd } of fields) {
    if (fd.default !== undefined) values[name] = toWidgetValue(fd, fd.default);
    else if (holdsList(fd)) values[name] = [];
  }
  for (const { name, fd } of fields) {
    if (name in presets) values[name] = toWidgetValue(fd, presets[name]);
  }
  return values;
}

function toBodyValue(fd: FieldDef, value: unknown): unknown {
  if (fd.type === 'file') return toFileRefs(value);
  if (holdsList(fd)) return Array.isArray(value) ? value : isBlank(value) ? [] : [value];
  if (fd.type === 'bool') return Boolean(value);
  if (isBlank(value)) return null;
  switch (fd.type) {
    case 'text': {
      const s = normalizeText(fd, String(value));
      return s === '' ? null : s;
    }
    case 'date':
      return dayjs.isDayjs(value) ? value.format(DAY_FORMAT) : value;
    case 'datetime':
      return dayjs.isDayjs(value) ? value.toISOString() : value;
    case 'number':
    case 'integer':
      return Number(value);
    case 'money':
      return yuanToFen(value) ?? value;
    case 'json':
      return typeof value === 'string' ? (value.trim() === '' ? null : JSON.parse(value)) : value;
    default:
      return value;
  }
}

/** The body of `add` / `update` (without id and version): only fields the client may send. */
export function toPayload(fields: FormField[], values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(fields.filter((f) => !f.disabled).map(({ name, fd }) => [name, toBodyValue(fd, values[name])]));
}
