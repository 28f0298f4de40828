/**
 * The electronic waybill's own tables (base info are resources in packages/core). The columns of the fields a form
 * writes — the waybill's and a goods line's — come from their definitions (waybillForm / waybillGoodsForm through
 * `fieldColumns`, docs/development.md "Adding a waybill field"); the key, partition, state, crew and system columns,
 * the indexes and every other table are written here by hand.
 *
 * Scale: a province writes ~30,000 waybills a day. The waybill and every per-waybill table are
 * RANGE-partitioned by month on the waybill's creation time (`created_at` / `waybill_created_at`):
 * drizzle-kit has no PARTITION BY, so the generated CREATE TABLE of these tables was given
 * `PARTITION BY RANGE (...)` in migration 0000 and migration 0001 (custom) adds the partition
 * maintenance function `waybill_ensure_partitions(from, to)` (called at start-up and daily).
 * Later drizzle-kit diffs (add column, add index) apply to partitioned tables unchanged.
 * A waybill id is a UUIDv7 whose first 48 bits are its `created_at` in ms, so a lookup by id alone
 * names its partition (`id = $1 and created_at = tsOf($1)`). Primary keys include the partition key
 * (PostgreSQL requires it), so the global uniqueness of waybill numbers lives in `waybill_number`.
 *
 * Statistics read rollups kept current in the same transaction as each write: `waybill_state_count`
 * (per enterprise and state) here, and the issued-waybill rollups in rollup-schema.ts.
 */
import { sql } from 'drizzle-orm';
import {
  pgTable, uuid, varchar, text, integer, timestamp, boolean, jsonb, index, uniqueIndex, primaryKey, numeric, date,
} from 'drizzle-orm/pg-core';
import { waybillForm, waybillGoodsForm, WAYBILL_NOT_NULL, WAYBILL_GOODS_NOT_NULL } from '@dg/core/waybill';
import type { CheckAnswerRecord, FailedCheckItem, FiveCheckRecord, LoadedLine, ReceivedLine } from '@dg/core';
import { fieldColumns } from './resource-table.ts';

const ts = (n: string) => timestamp(n, { withTimezone: true, mode: 'date' });
const num = (n: string, precision: number, scale: number) => numeric(n, { precision, scale, mode: 'number' });

/** the tables partitioned by month, with their partition key (migration 0001 keeps this list too) */
export const PARTITIONED_TABLES = {
  waybill: 'created_at',
  waybill_goods: 'waybill_created_at',
  waybill_transition: 'waybill_created_at',
  waybill_change: 'waybill_created_at',
  waybill_check: 'waybill_created_at',
  waybill_self_inspection: 'waybill_created_at',
  waybill_loading: 'waybill_created_at',
  waybill_unloading: 'waybill_created_at',
  waybill_message: 'waybill_created_at',
} as const;

export const waybill = pgTable('waybill', {
  /** UUIDv7: its first 48 bits are created_at in ms */
  id: uuid('id').notNull(),
  createdAt: ts('created_at').notNull(),
  enterpriseId: uuid('enterprise_id').notNull(),
  /** the carrier's region code at creation: government scope without a join */
  carrierRegion: varchar('carrier_region', { length: 12 }).notNull(),
  state: varchar('state', { length: 8 }).notNull(),
  version: integer('version').notNull().default(1),
  waybillNo: varchar('waybill_no', { length: 24 }),
  checkCode: varchar('check_code', { length: 8 }),
  /** the fields the waybill form writes (waybillForm in packages/core): names, types, lengths and defaults from there */
  ...fieldColumns(waybillForm, { notNull: WAYBILL_NOT_NULL }),
  carrierName: varchar('carrier_name', { length: 100 }),
  carrierPhone: varchar('carrier_phone', { length: 20 }),
  carrierLicenceNo: varchar('carrier_licence_no', { length: 60 }),
  bindId: uuid('bind_id'),
  vehicleId: uuid('vehicle_id'),
  plateNo: varchar('plate_no', { length: 12 }),
  plateColor: varchar('plate_color', { length: 4 }),
  vehicleCertNo: varchar('vehicle_cert_no', { length: 40 }),
  trailerId: uuid('trailer_id'),
  trailerPlateNo: varchar('trailer_plate_no', { length: 12 }),
  trailerCertNo: varchar('trailer_cert_no', { length: 40 }),
  tankId: uuid('tank_id'),
  tankContainerId: uuid('tank_container_id'),
  tankNo: varchar('tank_no', { length: 40 }),
  tankVolume: num('tank_volume', 10, 2),
  driverId: uuid('driver_id'),
  driverName: varchar('driver_name', { length: 20 }),
  driverQualificationNo: varchar('driver_qualification_no', { length: 30 }),
  driverPhone: varchar('driver_phone', { length: 20 }),
  escortId: uuid('escort_id'),
  escortName: varchar('escort_name', { length: 20 }),
  escortQualificationNo: varchar('escort_qualification_no', { length: 30 }),
  escortPhone: varchar('escort_phone', { length: 20 }),
  /** main classes of the goods lines ('3', '8'): the monitor's class filter */
  goodsClasses: text('goods_classes').array().notNull().default(sql`'{}'::text[]`),
  goodsSummary: varchar('goods_summary', { length: 300 }),
  totalMassKg: num('total_mass_kg', 14, 2),
  dispatcherId: uuid('dispatcher_id'),
  dispatcherName: varchar('dispatcher_name', { length: 20 }),
  dispatchedAt: ts('dispatched_at'),
  checkedAt: ts('checked_at'),
  distributedAt: ts('distributed_at'),
  loadedAt: ts('loaded_at'),
  completedAt: ts('completed_at'),
  cancelledAt: ts('cancelled_at'),
  closedAt: ts('closed_at'),
  /** 作废 / 异常关闭 reason */
  reason: varchar('reason', { length: 500 }),
  /** the lines of the last refusal or failed check */
  problems: jsonb('problems').$type<string[]>(),
  /** set by the 在途超时 sweep */
  overdueAt: ts('overdue_at'),
  createdBy: uuid('created_by'),
  createdByName: varchar('created_by_name', { length: 20 }),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedBy: uuid('updated_by'),
  deletedAt: ts('deleted_at'),
}, (t) => [
  primaryKey({ name: 'waybill_pk', columns: [t.id, t.createdAt] }),
  index('waybill_ent_state_idx').on(t.enterpriseId, t.state, t.createdAt),
  index('waybill_ent_created_idx').on(t.enterpriseId, t.createdAt),
  index('waybill_created_idx').on(t.createdAt),
  index('waybill_state_created_idx').on(t.state, t.createdAt),
  index('waybill_region_created_idx').on(t.carrierRegion, t.createdAt),
  index('waybill_no_idx').on(t.waybillNo),
  // a plate's waybills of a time (数据融合比对 looks each record's vehicle up within a month or two; a whole plate's list
  // is read newest first), and a plate's prefix (pattern ops)
  index('waybill_plate_idx').on(t.plateNo.op('varchar_pattern_ops'), t.createdAt),
  index('waybill_vehicle_idx').on(t.vehicleId, t.createdAt),
  // a driver's or escort's waybills (信息看板 基础查询 by ID number)
  index('waybill_driver_idx').on(t.driverId, t.createdAt),
  index('waybill_escort_idx').on(t.escortId, t.createdAt),
  index('waybill_classes_idx').using('gin', t.goodsClasses),
  index('waybill_origin_idx').on(t.originRegion),
  index('waybill_dest_idx').on(t.destRegion),
  index('waybill_in_transit_idx').on(t.loadedAt).where(sql`state = '运输中'`),
]);

/** children of a waybill: partitioned with it, found by (waybill_id, waybill_created_at) */
const child = () => ({
  id: uuid('id').notNull().default(sql`gen_random_uuid()`),
  waybillId: uuid('waybill_id').notNull(),
  waybillCreatedAt: ts('waybill_created_at').notNull(),
});

export const waybillGoods = pgTable('waybill_goods', {
  ...child(),
  lineNo: integer('line_no').notNull(),
  /** the fields of a goods line on the form (waybillGoodsForm in packages/core) */
  ...fieldColumns(waybillGoodsForm, { notNull: WAYBILL_GOODS_NOT_NULL }),
  massKg: num('mass_kg', 14, 2),
  actualQuantity: num('actual_quantity', 14, 3),
  receivedQuantity: num('received_quantity', 14, 3),
}, (t) => [
  primaryKey({ name: 'waybill_goods_pk', columns: [t.id, t.waybillCreatedAt] }),
  index('waybill_goods_waybill_idx').on(t.waybillId),
]);

/** the timeline: every transition (who, when, from → to, note) */
export const waybillTransition = pgTable('waybill_transition', {
  ...child(),
  action: varchar('action', { length: 16 }).notNull(),
  fromState: varchar('from_state', { length: 8 }),
  toState: varchar('to_state', { length: 8 }).notNull(),
  at: ts('at').notNull().defaultNow(),
  userId: uuid('user_id'),
  userName: varchar('user_name', { length: 20 }),
  note: text('note'),
  data: jsonb('data'),
}, (t) => [
  primaryKey({ name: 'waybill_transition_pk', columns: [t.id, t.waybillCreatedAt] }),
  index('waybill_transition_waybill_idx').on(t.waybillId),
]);

/** 变更记录: never a silent edit once the waybill left 草稿 */
export const waybillChange = pgTable('waybill_change', {
  ...child(),
  at: ts('at').notNull().defaultNow(),
  userId: uuid('user_id'),
  userName: varchar('user_name', { length: 20 }),
  reason: varchar('reason', { length: 500 }).notNull(),
  fields: text('fields').array().notNull(),
  before: jsonb('before').$type<Record<string, unknown>>().notNull(),
  after: jsonb('after').$type<Record<string, unknown>>().notNull(),
}, (t) => [
  primaryKey({ name: 'waybill_change_pk', columns: [t.id, t.waybillCreatedAt] }),
  index('waybill_change_waybill_idx').on(t.waybillId),
]);

/** 出车检查: one row per check, its answers as JSON ([{ itemId, name, category, result, remark, photos }]) */
export const waybillCheck = pgTable('waybill_check', {
  ...child(),
  at: ts('at').notNull().defaultNow(),
  checkerId: uuid('checker_id'),
  checkerName: varchar('checker_name', { length: 20 }),
  result: varchar('result', { length: 8 }).notNull(),
  answers: jsonb('answers').$type<CheckAnswerRecord[]>().notNull(),
  failedItems: jsonb('failed_items').$type<FailedCheckItem[]>(),
  driverNotified: boolean('driver_notified').notNull().default(false),
  escortNotified: boolean('escort_notified').notNull().default(false),
  selfInspectionId: uuid('self_inspection_id'),
}, (t) => [
  primaryKey({ name: 'waybill_check_pk', columns: [t.id, t.waybillCreatedAt] }),
  index('waybill_check_waybill_idx').on(t.waybillId),
]);

/** 自检记录 (itemselfInspection): the driver's own checklist, which the check can take over */
export const waybillSelfInspection = pgTable('waybill_self_inspection', {
  ...child(),
  enterpriseId: uuid('enterprise_id').notNull(),
  staffId: uuid('staff_id'),
  staffName: varchar('staff_name', { length: 20 }),
  at: ts('at').notNull().defaultNow(),
  answers: jsonb('answers').$type<CheckAnswerRecord[]>().notNull(),
  result: varchar('result', { length: 8 }).notNull(),
  remark: text('remark'),
  createdBy: uuid('created_by'),
  usedByCheckId: uuid('used_by_check_id'),
}, (t) => [
  primaryKey({ name: 'waybill_self_inspection_pk', columns: [t.id, t.waybillCreatedAt] }),
  index('waybill_self_inspection_waybill_idx').on(t.waybillId),
  index('waybill_self_inspection_ent_idx').on(t.enterpriseId, t.at),
]);

/** 装货确认: the loader's 五必查 and the actual quantities (kept ≥ 12 months with the waybill) */
export const waybillLoading = pgTable('waybill_loading', {
  ...child(),
  loaderId: uuid('loader_id'),
  loaderName: varchar('loader_name', { length: 100 }),
  loadedAt: ts('loaded_at').notNull(),
  checks: jsonb('checks').$type<FiveCheckRecord[]>().notNull(),
  actual: jsonb('actual').$type<LoadedLine[]>().notNull(),
  totalMassKg: num('total_mass_kg', 14, 2),
  operatorId: uuid('operator_id'),
  operatorName: varchar('operator_name', { length: 20 }),
  remark: text('remark'),
}, (t) => [
  primaryKey({ name: 'waybill_loading_pk', columns: [t.id, t.waybillCreatedAt] }),
  index('waybill_loading_waybill_idx').on(t.waybillId),
]);

/** 卸货签收 */
export const waybillUnloading = pgTable('waybill_unloading', {
  ...child(),
  unloadedAt: ts('unloaded_at').notNull(),
  signer: varchar('signer', { length: 20 }).notNull(),
  signerPhone: varchar('signer_phone', { length: 20 }),
  received: jsonb('received').$type<ReceivedLine[]>().notNull(),
  operatorId: uuid('operator_id'),
  operatorName: varchar('operator_name', { length: 20 }),
  remark: text('remark'),
}, (t) => [
  primaryKey({ name: 'waybill_unloading_pk', columns: [t.id, t.waybillCreatedAt] }),
  index('waybill_unloading_waybill_idx').on(t.waybillId),
]);

/** messages to the driver and escort at 下发 (the driver app reads them by staff) */
export const waybillMessage = pgTable('waybill_message', {
  ...child(),
  enterpriseId: uuid('enterprise_id').notNull(),
  staffId: uuid('staff_id'),
  role: varchar('role', { length: 8 }).notNull(),
  staffName: varchar('staff_name', { length: 20 }),
  mobile: varchar('mobile', { length: 20 }),
  content: text('content').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  readAt: ts('read_at'),
}, (t) => [
  primaryKey({ name: 'waybill_message_pk', columns: [t.id, t.waybillCreatedAt] }),
  index('waybill_message_waybill_idx').on(t.waybillId),
  index('waybill_message_staff_idx').on(t.staffId, t.createdAt),
]);

// ───────── not partitioned ─────────

/** every issued number, once: the global uniqueness the partitioned table cannot give (and the QR lookup) */
export const waybillNumber = pgTable('waybill_number', {
  waybillNo: varchar('waybill_no', { length: 24 }).primaryKey(),
  waybillId: uuid('waybill_id').notNull(),
  waybillCreatedAt: ts('waybill_created_at').notNull(),
  issuedAt: ts('issued_at').notNull().defaultNow(),
});

/** a vehicle, trailer, tank or person held by a waybill in 待检查 … 运输中 (one at a time: the primary key) */
export const waybillCrewLock = pgTable('waybill_crew_lock', {
  resourceId: uuid('resource_id').primaryKey(),
  role: varchar('role', { length: 8 }).notNull(),
  waybillId: uuid('waybill_id').notNull(),
  waybillCreatedAt: ts('waybill_created_at').notNull(),
  enterpriseId: uuid('enterprise_id').notNull(),
  lockedAt: ts('locked_at').notNull().defaultNow(),
}, (t) => [index('waybill_crew_lock_waybill_idx').on(t.waybillId)]);

/** rollup: waybills per enterprise and state, kept current by every transition */
export const waybillStateCount = pgTable('waybill_state_count', {
  enterpriseId: uuid('enterprise_id').notNull(),
  state: varchar('state', { length: 8 }).notNull(),
  n: integer('n').notNull().default(0),
}, (t) => [primaryKey({ name: 'waybill_state_count_pk', columns: [t.enterpriseId, t.state] })]);

/**
 * rollup: waybills per carrier district (the waybill's carrier_region, as the government's lists scope it) and state,
 * kept current by every transition beside waybill_state_count: a province's or a city's total is a sum of at most a
 * few hundred rows, not of every enterprise's
 */
export const waybillRegionStateCount = pgTable('waybill_region_state_count', {
  carrierRegion: varchar('carrier_region', { length: 12 }).notNull(),
  state: varchar('state', { length: 8 }).notNull(),
  n: integer('n').notNull().default(0),
}, (t) => [primaryKey({ name: 'waybill_region_state_count_pk', columns: [t.carrierRegion, t.state] })]);

/** 异常运单: found by rules on write, by the sweep (在途超时), by data fusion, or reported by hand */
export const abnormalWaybill = pgTable('abnormal_waybill', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  waybillId: uuid('waybill_id'),
  waybillCreatedAt: ts('waybill_created_at'),
  waybillNo: varchar('waybill_no', { length: 24 }),
  plateNo: varchar('plate_no', { length: 12 }),
  enterpriseId: uuid('enterprise_id'),
  carrierRegion: varchar('carrier_region', { length: 12 }),
  rule: varchar('rule', { length: 16 }).notNull(),
  detail: text('detail').notNull(),
  /** 规则 | 巡检 | 手工 | 数据融合 */
  source: varchar('source', { length: 8 }).notNull(),
  /** 待处理 | 已下发核查单 | 已办结 */
  status: varchar('status', { length: 8 }).notNull().default('待处理'),
  foundAt: ts('found_at').notNull().defaultNow(),
  reportedBy: uuid('reported_by'),
  reporterName: varchar('reporter_name', { length: 20 }),
  version: integer('version').notNull().default(1),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('abnormal_waybill_rule_uq').on(t.waybillId, t.rule).where(sql`source <> '手工' and waybill_id is not null`),
  index('abnormal_waybill_region_idx').on(t.carrierRegion, t.foundAt),
  index('abnormal_waybill_ent_idx').on(t.enterpriseId, t.foundAt),
  index('abnormal_waybill_found_idx').on(t.foundAt),
]);

/** 核查单: 政 issues → 企 签收 → 企 回复 → 政 办结 or 退回 */
export const checklist = pgTable('checklist', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  abnormalId: uuid('abnormal_id'),
  waybillId: uuid('waybill_id'),
  waybillCreatedAt: ts('waybill_created_at'),
  waybillNo: varchar('waybill_no', { length: 24 }),
  enterpriseId: uuid('enterprise_id').notNull(),
  carrierRegion: varchar('carrier_region', { length: 12 }).notNull(),
  problem: text('problem').notNull(),
  replyBy: date('reply_by', { mode: 'string' }).notNull(),
  /** 待签收 | 待回复 | 待审核 | 已办结 */
  state: varchar('state', { length: 8 }).notNull(),
  issuedBy: uuid('issued_by'),
  issuerName: varchar('issuer_name', { length: 20 }),
  issuedAt: ts('issued_at').notNull().defaultNow(),
  receivedBy: uuid('received_by'),
  receivedAt: ts('received_at'),
  reply: text('reply'),
  replyAttachments: jsonb('reply_attachments').$type<unknown[]>(),
  repliedAt: ts('replied_at'),
  opinion: text('opinion'),
  finishedAt: ts('finished_at'),
  version: integer('version').notNull().default(1),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  index('checklist_ent_idx').on(t.enterpriseId, t.state, t.issuedAt),
  index('checklist_region_idx').on(t.carrierRegion, t.issuedAt),
  index('checklist_abnormal_idx').on(t.abnormalId),
]);

export const checklistStep = pgTable('checklist_step', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  checklistId: uuid('checklist_id').notNull(),
  at: ts('at').notNull().defaultNow(),
  userId: uuid('user_id'),
  userName: varchar('user_name', { length: 20 }),
  action: varchar('action', { length: 8 }).notNull(),
  fromState: varchar('from_state', { length: 8 }),
  toState: varchar('to_state', { length: 8 }).notNull(),
  note: text('note'),
  attachments: jsonb('attachments').$type<unknown[]>(),
}, (t) => [index('checklist_step_checklist_idx').on(t.checklistId, t.at)]);
