/**
 * How a field's value reads on screen (tables, details, exports of the current view).
 * Pure functions: the dictionary and region caches come in through a FormatContext.
 * Dates show as DATE_FORMAT (YYYY-MM-DD HH:mm:ss), the product's default.
 */
import dayjs from 'dayjs';
import { DATE_FORMAT, formatYuan, type FieldDef, type Option } from '@dg/core';
import type { DictEntry, FileRef, FormatContext, RegionNode, Row } from './types';

export const DAY_FORMAT = 'YYYY-MM-DD';
/** Several values in one cell (roles, classes): the Chinese enumeration comma. */
export const LIST_SEPARATOR = '、';

const isBlank = (v: unknown) => v === null || v === undefined || v === '';

export function formatDateTime(value: unknown): string {
  if (isBlank(value)) return '';
  const d = dayjs(value as string | number | Date);
  return d.isValid() ? d.format(DATE_FORMAT) : String(value);
}

export function formatDate(value: unknown): string {
  if (isBlank(value)) return '';
  // A plain date is sent as YYYY-MM-DD: keep it as is (no time-zone shift).
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const d = dayjs(value as string | number | Date);
  return d.isValid() ? d.format(DAY_FORMAT) : String(value);
}

export function formatBool(value: unknown): string {
  if (isBlank(value)) return '';
  return value === true || value === 'true' || value === 1 || value === '1' ? '是' : '否';
}

/**
 * numeric columns arrive as strings ("12.3400"): with a precision, show that many places;
 * otherwise drop the trailing zeros. Strings are kept as strings so large values stay exact.
 */
export function formatNumber(value: unknown, precision?: number): string {
  if (isBlank(value)) return '';
  if (precision !== undefined) {
    const n = Number(value);
    return Number.isFinite(n) ? n.toFixed(precision) : String(value);
  }
  const s = String(value);
  return /^-?\d+\.\d+$/.test(s) ? s.replace(/\.?0+$/, '') : s;
}

/** Values of a `multiple` field, or the single value as a one-item list. */
export function asList(value: unknown): unknown[] {
  if (isBlank(value)) return [];
  return Array.isArray(value) ? value : [value];
}

export function optionLabel(options: Option[] | undefined, value: unknown): string {
  const s = String(value);
  return options?.find((o) => o.value === s)?.label ?? s;
}

/** The entry naming a dictionary type itself (no parent, value = the type code), not a choice. */
const isTypeEntry = (e: DictEntry) => (e.pid === null || e.pid === undefined || e.pid === '') && e.value === e.type;
const entryOf = (e: DictEntry, type: string) => e.type === type && !isTypeEntry(e);

/** Name of a code-table entry; the raw value when the entry is unknown (e.g. deleted since). */
export function dictLabel(entries: DictEntry[], type: string, value: unknown): string {
  const s = String(value);
  return entries.find((e) => entryOf(e, type) && String(e.value) === s)?.name ?? s;
}

/** Enabled entries of one code-table type as Select options, in their configured order. */
export function dictOptionsOf(entries: DictEntry[], type: string): Option[] {
  return entries
    .filter((e) => entryOf(e, type) && e.enabled !== false)
    .sort((a, b) => (a.orderNum ?? 0) - (b.orderNum ?? 0))
    .map((e) => ({ label: e.name, value: String(e.value) }));
}

/** The chain of nodes from the root down to `code`, or [] when the code is not in the tree. */
export function regionPath(tree: RegionNode[], code: string): RegionNode[] {
  for (const node of tree) {
    if (node.id === code) return [node];
    if (node.children?.length) {
      const below = regionPath(node.children, code);
      if (below.length) return [node, ...below];
    }
  }
  return [];
}

/**
 * Full name of a region code: 浙江省/杭州市/上城区. Street codes (9+ digits) are not in the
 * cached tree: their district's path is shown followed by the code itself.
 */
export function regionLabel(tree: RegionNode[], code: unknown): string {
  if (isBlank(code)) return '';
  const s = String(code);
  const path = regionPath(tree, s);
  if (path.length) return path.map((n) => n.name).join('/');
  if (s.length > 6) {
    const district = regionPath(tree, s.slice(0, 6));
    if (district.length) return [...district.map((n) => n.name), s].join('/');
  }
  return s;
}

/**
 * Attachments of a `file` field as `[{ id, name }]`. Tolerates a single object, a bare id and
 * the `fileName` / `originalName` spellings of upload answers.
 */
export function toFileRefs(value: unknown): FileRef[] {
  return asList(value).flatMap((v): FileRef[] => {
    if (typeof v === 'string' || typeof v === 'number') return [{ id: String(v), name: String(v) }];
    if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      const id = o.id ?? o.fileId ?? o.uuid;
      if (isBlank(id)) return [];
      const name = o.name ?? o.fileName ?? o.originalName ?? o.filename ?? id;
      return [{ id: String(id), name: String(name) }];
    }
    return [];
  });
}

/** Where an attachment is downloaded (GET /api/zxxx/file/getAttachment/{id}). */
export const attachmentUrl = (id: string) => `/api/zxxx/file/getAttachment/${encodeURIComponent(id)}`;

/**
 * The text of one field of a row. `ref` fields read the server's `<field>Label`; files give
 * their names (components render them as links).
 */
export function formatValue(name: string, fd: FieldDef, row: Row, ctx: FormatContext): string {
  const value = row[name];
  switch (fd.type) {
    case 'ref': {
      const labels = asList(row[`${name}Label`]);
      return (labels.length ? labels : asList(value)).map(String).join(LIST_SEPARATOR);
    }
    case 'dict':
      return asList(value).map((v) => ctx.dictName(fd.dict ?? '', String(v))).join(LIST_SEPARATOR);
    case 'enum':
      return asList(value).map((v) => optionLabel(fd.options, v)).join(LIST_SEPARATOR);
    case 'region':
      return asList(value).map((v) => ctx.regionName(String(v))).join(LIST_SEPARATOR);
    case 'bool':
      return formatBool(value);
    case 'date':
      return formatDate(value);
    case 'datetime':
      return formatDateTime(value);
    case 'number':
    case 'integer':
      return formatNumber(value, fd.precision);
    case 'money':
      return isBlank(value) ? '' : formatYuan(Number(value));
    case 'file':
      return toFileRefs(value).map((f) => f.name).join(LIST_SEPARATOR);
    case 'json':
      return isBlank(value) ? '' : JSON.stringify(value);
    case 'password':
      return '';
    default:
      return asList(value).map(String).join(LIST_SEPARATOR);
  }
}
