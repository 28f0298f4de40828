/**
 * The demo's external file: a few hundred highway checkpoint passages made from the waybills and vehicles in the
 * caller's jurisdiction as they are now (the demo waybills start on the day they are seeded, so a fixed file would
 * miss them), so that one comparison over its days gives rows of every class:
 * - most waybills pass two or three checkpoints on their day in their 起运地 or 目的地 → 匹配;
 * - every fourth is seen by its trailer's plate only, or half an hour after its day → 部分匹配;
 * - vehicles without a waybill on the day, and plates the province does not know, pass too → 疑似无运单运输;
 * - every fifth waybill passes no checkpoint → 运单无外部记录.
 * Plates are written as other systems write them (lower case, full-width, spaces) for the import to normalise.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import type { SessionUser } from '../../platform/access.ts';
import { regionScope } from '../../platform/access.ts';
import { regionName } from '../../platform/regions.ts';
import { regionRange } from '../waybill/common.ts';

const HEADER = ['数据类型', '车牌号码', '挂车号牌', '开始时间', '结束时间', '卡口站点', '方向', '所在地区', '外部编号'];
const STATIONS = ['北收费站', '东枢纽', '南互通', '西服务区', '城区出口'];
const MAX_ROWS = 300;
const csvCell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
/** written as a system with other habits writes it: one in three lower case, one in three full-width, one in three spaced */
const messy = (plate: string, i: number) => i % 3 === 0 ? plate.toLowerCase()
  : i % 3 === 1 ? plate.replace(/[A-Z0-9]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)) : `${plate.slice(0, 2)} ${plate.slice(2)}`;
const at = (day: string, minutes: number) => {
  const d = new Date(Date.parse(`${day}T00:00:00+08:00`) + minutes * 60_000);
  return new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19) + '+08:00';
};
const plain = (region: string) => regionName(region) || region;
const stationOf = (region: string, i: number) => `${plain(region).split('/').pop()}${STATIONS[i % STATIONS.length]}`;

export async function demoPassagesCsv(db: Db, user: SessionUser): Promise<{ csv: string; rows: number; from: string; to: string }> {
  const waybills = (await db.execute<{ plate_no: string; trailer_plate_no: string | null; day: string; origin_region: string; dest_region: string }>(sql`
    select w.plate_no, w.trailer_plate_no, w.start_date::text as day, w.origin_region, w.dest_region from waybill w
    where w.state not in ('草稿', '已作废') and w.deleted_at is null and w.plate_no is not null and w.start_date >= current_date - 7
      and ${user.side === 'platform' ? sql`true` : user.regionCode ? regionRange(sql`w.carrier_region`, user.regionCode) : sql`false`}
    order by w.start_date, w.waybill_no limit 120`)).rows;
  const days = [...new Set(waybills.map((w) => w.day))];
  const day = days[days.length - 1] ?? new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  const busy = new Set(waybills.filter((w) => w.day === day).flatMap((w) => [w.plate_no, w.trailer_plate_no]));
  const idle = (await db.execute<{ plate_no: string; region_code: string }>(sql`
    select v.plate_no, e.region_code from vehicle v join enterprise e on e.id = v.enterprise_id
    where v.plate_no is not null and v.plate_no not like '%挂' and ${regionScope(user, sql`e.region_code`)} order by v.plate_no limit 200`)).rows
    .filter((v) => !busy.has(v.plate_no));
  const rows: string[][] = [];
  const put = (plate: string, trailer: string, time: string, region: string, i: number) =>
    rows.push(['卡口通行', plate, trailer, time, '', stationOf(region, i), i % 2 ? '上行' : '下行', plain(region), `KK${String(rows.length + 1).padStart(5, '0')}`]);
  waybills.forEach((w, i) => {
    if (i % 5 === 4) return; // no trace
    if (i % 4 === 1 && w.trailer_plate_no) return put(messy(w.trailer_plate_no, i), '', at(w.day, 9 * 60 + i), w.origin_region, i);
    if (i % 4 === 3) return put(messy(w.plate_no, i), '', at(w.day, 24 * 60 + 30), w.dest_region, i);
    const passes = 2 + (i % 2);
    for (let k = 0; k < passes; k++) put(messy(w.plate_no, i + k), '', at(w.day, 8 * 60 + k * 150 + i), k === passes - 1 ? w.dest_region : w.origin_region, i + k);
  });
  // vehicles on the road without a waybill on the day, until the file holds a few hundred passages
  const regions = waybills.length ? waybills.map((w) => w.origin_region) : idle.map((v) => v.region_code);
  // (a vehicle passes several checkpoints through the day)
  for (let i = 0; rows.length < MAX_ROWS && idle.length; i++) {
    const v = idle[i % idle.length]!;
    put(messy(v.plate_no, i), '', at(day, 6 * 60 + (i * 7) % (16 * 60)), i < idle.length ? v.region_code : regions[i % regions.length]!, i);
  }
  const csv = '\uFEFF' + [HEADER, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
  return { csv, rows: rows.length, from: days[0] ?? day, to: day };
}
