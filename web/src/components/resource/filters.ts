/**
 * The search form's values as the list route's `filters` (docs/api-contract.md):
 * `{ [field]: value | [from, to] | value[] }`. Empty inputs are left out.
 */
import dayjs, { type Dayjs } from 'dayjs';
import type { FieldDef } from '@dg/core';
import { DAY_FORMAT } from './format';
import type { Filters } from './types';

export type SearchMode = 'like' | 'eq' | 'range' | 'in' | 'region';

/**
 * How a field is searched: its `search` option, or for `search: true` what the server infers
 * (server/src/platform/crud/query.ts): text contains, dates by range, anything else exact.
 * A region matches its code and every code below it.
 */
export function searchMode(fd: FieldDef): SearchMode {
  if (fd.type === 'region') return 'region';
  if (fd.search === 'like' || fd.search === 'eq' || fd.search === 'range' || fd.search === 'in') return fd.search;
  if (fd.type === 'text' || fd.type === 'textarea') return 'like';
  if (fd.type === 'date' || fd.type === 'datetime') return 'range';
  return 'eq';
}

const isEmpty = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

const isDayjs = (v: unknown): v is Dayjs => dayjs.isDayjs(v);

/** One end of a date range: a day for date fields, the day's first or last instant for datetimes. */
function rangeEnd(fd: FieldDef, v: unknown, end: 'from' | 'to'): unknown {
  if (!isDayjs(v)) return v ?? null;
  if (fd.type === 'date') return v.format(DAY_FORMAT);
  return (end === 'from' ? v.startOf('day') : v.endOf('day')).toISOString();
}

function serializeOne(fd: FieldDef, value: unknown): unknown {
  const mode = searchMode(fd);
  if (mode === 'range' && Array.isArray(value)) {
    const [from, to] = value;
    if (isEmpty(from) && isEmpty(to)) return undefined;
    return [rangeEnd(fd, from, 'from'), rangeEnd(fd, to, 'to')];
  }
  if (isDayjs(value)) return fd.type === 'date' ? value.format(DAY_FORMAT) : value.toISOString();
  if (fd.type === 'bool' && (value === '1' || value === '0')) return value === '1';
  if (typeof value === 'string') return value.trim();
  return value;
}

/** Builds `filters` from the search form's values; `fixed` filters of the page win. */
export function serializeFilters(
  fields: [string, FieldDef][],
  values: Record<string, unknown>,
  fixed: Filters = {},
): Filters {
  const filters: Filters = {};
  for (const [name, fd] of fields) {
    const value = values[name];
    if (isEmpty(value)) continue;
    const serialized = serializeOne(fd, value);
    if (!isEmpty(serialized)) filters[name] = serialized;
  }
  return { ...filters, ...fixed };
}

/** The search form's values for `filters` (a list restored from its URL): the inverse of serializeFilters. */
export function filtersToValues(fields: [string, FieldDef][], filters: Filters): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const day = (v: unknown) => (typeof v === 'string' && v ? dayjs(v) : null);
  for (const [name, fd] of fields) {
    const v = filters[name];
    if (isEmpty(v)) continue;
    const dated = fd.type === 'date' || fd.type === 'datetime';
    if (searchMode(fd) === 'range' && Array.isArray(v)) values[name] = dated ? [day(v[0]), day(v[1])] : v;
    else if (dated && typeof v === 'string') values[name] = dayjs(v);
    else if (fd.type === 'bool' && typeof v === 'boolean') values[name] = v ? '1' : '0';
    else values[name] = v;
  }
  return values;
}
