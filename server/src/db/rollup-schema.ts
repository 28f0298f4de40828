/**
 * The issued-waybill rollups (docs/statistics.md): a waybill counts once it is issued (下发) and until it is
 * voided, on the China day it was created (so a figure and the waybill list it opens select the same rows,
 * by the partition key). mass_kg sums the known masses; mass_unknown counts the waybills (goods lines) whose
 * mass is not known, never counted as 0. Kept in the transaction of 下发, 变更 and 作废 (waybill/rollups.ts).
 *
 * Two kinds: sums per period (day, month, year: a range reads whole years and months and only its partial
 * months by day), and running totals (`*_mtd`: from the first of the month to the day; `*_ytd`: from January
 * to the month) from which any range's total per enterprise or vehicle is a signed sum of at most five rows —
 * so a ranking over a province-year reads a few rows per enterprise or vehicle, not one per day or month.
 */
import { pgTable, uuid, varchar, integer, index, primaryKey, numeric, date } from 'drizzle-orm/pg-core';

const day = (n = 'day') => date(n, { mode: 'string' }).notNull();
const region = () => varchar('carrier_region', { length: 12 }).notNull();
const goodsClass = (length = 4) => varchar('goods_class', { length }).notNull();
const waybillType = () => varchar('waybill_type', { length: 16 }).notNull();
const enterprise = () => uuid('enterprise_id').notNull();
const count = (n: string) => integer(n).notNull().default(0);
/** a rollup's figures: the count, the known mass, and how many (waybills or goods lines) have none */
const masses = () => ({
  massKg: numeric('mass_kg', { precision: 18, scale: 2, mode: 'number' }).notNull().default(0),
  massUnknown: count('mass_unknown'),
});
const figures = () => ({ waybills: count('waybills'), ...masses() });
const lineFigures = () => ({ lines: count('lines'), ...masses() });
const city = (n: string) => varchar(n, { length: 6 }).notNull();

/** rollup: per day, carrier district, main goods class and type (运单总量, 货物类别, 空车运输 without an enterprise) */
export const waybillDailyStat = pgTable('waybill_daily_stat', {
  day: day(), carrierRegion: region(), goodsClass: goodsClass(), waybillType: waybillType(), ...figures(),
}, (t) => [
  primaryKey({ name: 'waybill_daily_stat_pk', columns: [t.day, t.carrierRegion, t.goodsClass, t.waybillType] }),
  index('waybill_daily_stat_region_idx').on(t.carrierRegion, t.day),
  index('waybill_daily_stat_day_idx').on(t.day),
]);

/** rollup: per day and enterprise (the day-based statistics for one enterprise, or filtered by class or type) */
export const waybillEntDaily = pgTable('waybill_ent_daily', {
  day: day(), enterpriseId: enterprise(), carrierRegion: region(), goodsClass: goodsClass(), waybillType: waybillType(), ...figures(),
}, (t) => [
  primaryKey({ name: 'waybill_ent_daily_pk', columns: [t.enterpriseId, t.day, t.carrierRegion, t.goodsClass, t.waybillType] }),
  index('waybill_ent_daily_region_idx').on(t.carrierRegion, t.day),
  index('waybill_ent_daily_day_idx').on(t.day),
]);

/** rollup: the day rollup summed by month (a long range reads whole months here and only its partial months by day) */
export const waybillMonthStat = pgTable('waybill_month_stat', {
  month: day('month'), carrierRegion: region(), goodsClass: goodsClass(), waybillType: waybillType(), ...figures(),
}, (t) => [primaryKey({ name: 'waybill_month_stat_pk', columns: [t.month, t.carrierRegion, t.goodsClass, t.waybillType] })]);

/** rollup: the per-enterprise day rollup summed by month */
export const waybillEntMonth = pgTable('waybill_ent_month', {
  month: day('month'), enterpriseId: enterprise(), carrierRegion: region(), goodsClass: goodsClass(), waybillType: waybillType(), ...figures(),
}, (t) => [
  primaryKey({ name: 'waybill_ent_month_pk', columns: [t.enterpriseId, t.month, t.carrierRegion, t.goodsClass, t.waybillType] }),
  index('waybill_ent_month_region_idx').on(t.carrierRegion, t.month),
  index('waybill_ent_month_month_idx').on(t.month),
]);

/** rollup: the per-enterprise day rollup summed by calendar year (a range covering a year so far reads it here) */
export const waybillEntYear = pgTable('waybill_ent_year', {
  year: day('year'), enterpriseId: enterprise(), carrierRegion: region(), goodsClass: goodsClass(), waybillType: waybillType(), ...figures(),
}, (t) => [
  primaryKey({ name: 'waybill_ent_year_pk', columns: [t.enterpriseId, t.year, t.carrierRegion, t.goodsClass, t.waybillType] }),
  index('waybill_ent_year_year_idx').on(t.year),
]);

/** rollup: per month, carrier district, enterprise, main class, origin city and destination city (区域流向) */
export const waybillFlowMonth = pgTable('waybill_flow_month', {
  month: day('month'), carrierRegion: region(), enterpriseId: enterprise(), goodsClass: goodsClass(), originCity: city('origin_city'), destCity: city('dest_city'), ...figures(),
}, (t) => [
  primaryKey({ name: 'waybill_flow_month_pk', columns: [t.month, t.carrierRegion, t.enterpriseId, t.goodsClass, t.originCity, t.destCity] }),
  index('waybill_flow_month_ent_idx').on(t.enterpriseId, t.month),
]);

/** rollup: goods lines per month, carrier district, enterprise and UN number (品名统计) */
export const waybillGoodsMonth = pgTable('waybill_goods_month', {
  month: day('month'), carrierRegion: region(), enterpriseId: enterprise(), unNo: varchar('un_no', { length: 4 }).notNull(), goodsClass: goodsClass(8), ...lineFigures(),
}, (t) => [
  primaryKey({ name: 'waybill_goods_month_pk', columns: [t.month, t.carrierRegion, t.enterpriseId, t.unNo, t.goodsClass] }),
  index('waybill_goods_month_ent_idx').on(t.enterpriseId, t.month),
]);

/** rollup: 区域流向 without the enterprise (a province's flows read ~100× fewer rows than per enterprise) */
export const waybillFlowRegionMonth = pgTable('waybill_flow_region_month', {
  month: day('month'), carrierRegion: region(), goodsClass: goodsClass(), originCity: city('origin_city'), destCity: city('dest_city'), ...figures(),
}, (t) => [primaryKey({ name: 'waybill_flow_region_month_pk', columns: [t.month, t.carrierRegion, t.goodsClass, t.originCity, t.destCity] })]);

/** rollup: 品名统计 without the enterprise */
export const waybillGoodsRegionMonth = pgTable('waybill_goods_region_month', {
  month: day('month'), carrierRegion: region(), unNo: varchar('un_no', { length: 4 }).notNull(), goodsClass: goodsClass(8), ...lineFigures(),
}, (t) => [primaryKey({ name: 'waybill_goods_region_month_pk', columns: [t.month, t.carrierRegion, t.unNo, t.goodsClass] })]);

/** rollup: per month, enterprise, vehicle and main class (运单填报率; 车辆运输 filtered by class) */
export const waybillVehicleMonth = pgTable('waybill_vehicle_month', {
  month: day('month'), enterpriseId: enterprise(), vehicleId: uuid('vehicle_id').notNull(), carrierRegion: region(), goodsClass: goodsClass(), ...figures(),
}, (t) => [
  primaryKey({ name: 'waybill_vehicle_month_pk', columns: [t.month, t.enterpriseId, t.vehicleId, t.carrierRegion, t.goodsClass] }),
  index('waybill_vehicle_month_ent_idx').on(t.enterpriseId, t.month),
  index('waybill_vehicle_month_region_idx').on(t.carrierRegion, t.month),
]);

/** rollup: the vehicle rollup summed by calendar year (车辆运输 over a year so far, filtered by class) */
export const waybillVehicleYear = pgTable('waybill_vehicle_year', {
  year: day('year'), enterpriseId: enterprise(), vehicleId: uuid('vehicle_id').notNull(), carrierRegion: region(), goodsClass: goodsClass(), ...figures(),
}, (t) => [
  primaryKey({ name: 'waybill_vehicle_year_pk', columns: [t.year, t.enterpriseId, t.vehicleId, t.carrierRegion, t.goodsClass] }),
  index('waybill_vehicle_year_ent_idx').on(t.enterpriseId, t.year),
]);

// ───────── running totals (企业排名, 空车运输's enterprises, 车辆运输) ─────────

/** running total per enterprise from the first of the month to `day` (a row for every day after the month's first waybill) */
export const waybillEntMtd = pgTable('waybill_ent_mtd', {
  day: day(), enterpriseId: enterprise(), carrierRegion: region(), ...figures(), empty: count('empty'),
}, (t) => [primaryKey({ name: 'waybill_ent_mtd_pk', columns: [t.day, t.enterpriseId, t.carrierRegion] })]);

/** running total per enterprise from January to `month` (a row for every month after the year's first waybill) */
export const waybillEntYtd = pgTable('waybill_ent_ytd', {
  month: day('month'), enterpriseId: enterprise(), carrierRegion: region(), ...figures(), empty: count('empty'),
}, (t) => [primaryKey({ name: 'waybill_ent_ytd_pk', columns: [t.month, t.enterpriseId, t.carrierRegion] })]);

/** running total per vehicle from January to `month` */
export const waybillVehicleYtd = pgTable('waybill_vehicle_ytd', {
  month: day('month'), vehicleId: uuid('vehicle_id').notNull(), enterpriseId: enterprise(), carrierRegion: region(), ...figures(),
}, (t) => [primaryKey({ name: 'waybill_vehicle_ytd_pk', columns: [t.month, t.vehicleId, t.enterpriseId, t.carrierRegion] })]);
