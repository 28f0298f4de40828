/** Helpers of the waybill area: time-ordered ids, China-time days, data scope, reading a waybill. */
import { randomBytes, randomInt } from 'node:crypto';
import { chinaToday } from '@dg/core/warnings';
import type { MenuCode } from '@dg/core';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { waybill } from '../../db/waybill-schema.ts';
import { type SessionUser, regionPrefix } from '../../platform/access.ts';
import type { App } from '../../platform/context.ts';

export type WaybillRow = typeof waybill.$inferSelect;

/**
 * Waybills written (a draft saved or deleted, a step taken): the 'waybill' queries — the queues, the bell's counts, the
 * board — refetch in the browsers of their enterprises' users and of the supervisors of their carriers' regions. The
 * write is committed already, so a publish that fails is logged, not answered.
 */
export async function publishWaybills(app: App, rows: readonly Pick<WaybillRow, 'enterpriseId' | 'carrierRegion'>[]): Promise<void> {
  if (!rows.length) return;
  await app.ctx.events.publish({ keys: ['waybill'], enterprises: [...new Set(rows.map((r) => r.enterpriseId))], regions: [...new Set(rows.map((r) => r.carrierRegion))] })
    .catch((err: unknown) => app.log.warn({ err }, 'live event not published'));
}

/** UUIDv7 of a millisecond timestamp (RFC 9562): the waybill id names its partition */
export function uuidv7(ms = Date.now()): string {
  const b = randomBytes(16);
  b.writeUIntBE(ms, 0, 6);
  b[6] = (b[6]! & 0x0f) | 0x70;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
/** created_at of a waybill id, or null when the id is not one of ours */
export function tsOfId(id: string): Date | null {
  if (!UUID_RE.test(id)) return null;
  return new Date(parseInt(id.replace(/-/g, '').slice(0, 12), 16));
}

/** yyyyMMdd in China time */
export const cnDay8 = (d: Date = new Date()) => chinaToday(d).replace(/-/g, '');
/** first day of the month (China time) */
export const cnMonth = (d: Date = new Date()) => chinaToday(d).slice(0, 7) + '-01';
/** YYYY-MM-DD (China) → the instant it starts */
export const cnStart = (day: string) => new Date(`${day}T00:00:00+08:00`);

/** 6 characters without look-alikes (0/O, 1/I/L) */
const CODE_CHARS = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const checkCode = () => Array.from({ length: 6 }, () => CODE_CHARS[randomInt(CODE_CHARS.length)]).join('');

/** `col >= '3301' and col < '3302'`: a region prefix as an index range (codes are digits, any collation orders them alike) */
export function regionRange(col: SQL, code: string): SQL {
  const p = regionPrefix(code);
  const next = String(Number(p) + 1).padStart(p.length, '0');
  return sql`(${col} >= ${p} and ${col} < ${next})`;
}

/** the data scope of waybill-like rows (they carry enterprise_id and the carrier's region) */
export function waybillScope(user: SessionUser, enterpriseCol: SQL, regionCol: SQL): SQL {
  if (user.side === 'platform') return sql`true`;
  if (user.side === 'enterprise') return user.enterpriseId ? sql`${enterpriseCol} = ${user.enterpriseId}` : sql`false`;
  return user.regionCode ? regionRange(regionCol, user.regionCode) : sql`false`;
}

/** one waybill the user may see (null: unknown or out of scope), optionally locked for update */
export async function findWaybill(db: Db, user: SessionUser, id: string, lock = false): Promise<WaybillRow | null> {
  const at = typeof id === 'string' ? tsOfId(id) : null;
  if (!at) return null;
  const q = db.select().from(waybill).where(and(eq(waybill.id, id), eq(waybill.createdAt, at), isNull(waybill.deletedAt),
    waybillScope(user, sql`${waybill.enterpriseId}`, sql`${waybill.carrierRegion}`)));
  const rows = lock ? await q.for('update') : await q;
  return rows[0] ?? null;
}

/** the enterprise-side menus that may read a waybill */
export const WAYBILL_READ_MENUS: MenuCode[] = ['baseManager', 'dispatchManager', 'waybillCheckManager', 'distributeManager', 'waybillManageManager', 'waybillMonitorManager', 'abnormalWaybillManager', 'checklistManager',
  // 信息看板: 动态监控 and 基础查询 open the waybills they list
  'dynamicMonitorManager', 'basicQueryManager'];

const PG_TS = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?[+-]\d{2}(:\d{2})?$/;
/** snake_case SQL rows → camelCase; timestamps (drizzle's raw queries give them as text) → Date */
/** snake_case column → camelCase key, worked out once per name (the list renames thousands of keys a second) */
const camelKeys = new Map<string, string>();
const camelKey = (k: string) => {
  let c = camelKeys.get(k);
  if (c === undefined) { c = k.replace(/_([a-z0-9])/g, (_, x: string) => x.toUpperCase()); if (camelKeys.size < 5000) camelKeys.set(k, c); }
  return c;
};
/** a timestamp PostgreSQL printed inside json ('2026-11-24 08:00:00+08'): only strings of that length and shape are tested */
const looksTs = (v: string) => v.length >= 19 && v.length <= 35 && v.charCodeAt(4) === 45 && v.charCodeAt(13) === 58 && PG_TS.test(v);

export function camel<T = Record<string, any>>(row: Record<string, any>): T {
  const o: Record<string, any> = {};
  for (const k in row) {
    const v = row[k];
    o[camelKey(k)] = typeof v === 'string' && looksTs(v) ? new Date(v.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00')) : v;
  }
  return o as T;
}
