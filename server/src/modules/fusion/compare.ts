/**
 * The comparison of one task, set-based: each statement aligns a chunk of external records (in id order after the
 * task's cursor) with the waybills in one INSERT … SELECT — a LATERAL join over the partitioned waybill table by plate
 * (the tractor's index or the trailer's) and time (the record's time within the tolerance of the waybill's period,
 * which also bounds `created_at`, so only the months that can hold such a waybill are read) — and keeps each record's
 * best-scoring waybill. A last statement lists the period's waybills that no record reached. Each statement adds what
 * it wrote to the task's counts by region and class. The weights and the classes are core's (packages/core/src/fusion.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import { FUSION_REASONS, FUSION_SCORE, FUSION_FULL_SCORE } from '@dg/core';
import type { Db } from '../../db/index.ts';
import { regionRange } from '../waybill/common.ts';

/** what the chunk statements need of the task */
export interface TaskScope { id: string; regionCode: string; kind: string | null; dateFrom: string; dateTo: string; toleranceMinutes: number; userId: string | null }

/**
 * A waybill runs from its 起运日期 to its completion (at least that whole day). It is created at most this many days
 * before it starts: the bound that lets a record's lookup skip the partitions (months) that cannot hold its waybill.
 */
export const CREATED_BEFORE_START_DAYS = 31;
/** waybills that exist for the comparison: not drafts, not voided, not deleted */
const LIVE_WAYBILL = sql`w.state not in ('草稿', '已作废') and w.deleted_at is null`;

/**
 * The results a statement wrote (`rows`: its RETURNING result_class, region_code) added to the task's counts by region
 * and class (fusion_result_count, which the results' charts read), in the same statement
 */
const countResults = (task: TaskScope, rows: SQL) => sql`
  insert into fusion_result_count (task_id, region_code, result_class, n)
  select ${task.id}, coalesce(region_code, ''), result_class, count(*)::int from ${rows} group by 2, 3
  on conflict (task_id, region_code, result_class) do update set n = fusion_result_count.n + excluded.n`;

/** the task's records: in its region, its period (days in China time) and of its kind */
export function recordsOf(task: TaskScope): SQL {
  return sql`${regionRange(sql`r.region_code`, task.regionCode)}
    and r.start_time >= ${task.dateFrom}::date::timestamptz and r.start_time < (${task.dateTo}::date + 1)::timestamptz
    ${task.kind ? sql`and r.kind = ${task.kind}` : sql``}`;
}

export async function countRecords(db: Db, task: TaskScope): Promise<number> {
  const r = await db.execute<{ n: number }>(sql`select count(*)::int as n from fusion_record r where ${recordsOf(task)}`);
  return r.rows[0]!.n;
}

/**
 * Aligns the next `limit` records after `cursor` and writes their results; answers how many of each class and the
 * last record's id (null when there were none left).
 */
export async function compareChunk(tx: Db, task: TaskScope, cursor: string | null, limit: number): Promise<{ last: string | null; rows: number; counts: Record<string, number> }> {
  const tol = task.toleranceMinutes;
  const r = await tx.execute<{ result_class: string; n: number; last: string | null; rows: number }>(sql`
    with r as (
      select r.id, r.kind, r.plate_no, r.trailer_plate_no, r.start_time, coalesce(r.end_time, r.start_time) as end_time,
        left(r.region_code, 4) as city, left(r.end_region_code, 4) as end_city, r.region_code, coalesce(r.station, r.start_place) as station
      from fusion_record r
      where ${recordsOf(task)} ${cursor ? sql`and r.id > ${cursor}` : sql``}
      order by r.id limit ${limit}
    ), pairs as (
      select r.*, m.* from r left join lateral (
        select q.* from (
          select w.id as wid, w.created_at as wcreated, w.waybill_no, w.enterprise_id, x.gap,
            case when w.plate_no = r.plate_no then ${FUSION_SCORE.plate}::int else ${FUSION_SCORE.trailerOnly}::int end as plate_score,
            case when x.gap <= 0 then ${FUSION_SCORE.time}::int else floor(${FUSION_SCORE.time}::int * (1 - x.gap / ${tol}::int))::int end as time_score,
            case when r.city in (left(w.origin_region, 4), left(w.dest_region, 4)) or r.end_city in (left(w.origin_region, 4), left(w.dest_region, 4))
              then ${FUSION_SCORE.place}::int else 0 end as place_score
          from waybill w
          cross join lateral (select w.start_date::timestamptz as lo) s
          cross join lateral (select greatest(s.lo + interval '1 day', coalesce(w.completed_at, w.closed_at, s.lo)) as hi) e
          cross join lateral (select extract(epoch from greatest(s.lo - r.end_time, r.start_time - e.hi, interval '0'))::float8 / 60 as gap) x
          where (w.plate_no = r.plate_no or w.trailer_plate_no = r.plate_no or (r.trailer_plate_no is not null and w.trailer_plate_no = r.trailer_plate_no))
            and w.created_at >= r.start_time - ${sql.raw(`interval '${CREATED_BEFORE_START_DAYS + 2} days'`)} - ${tol}::int * interval '1 minute'
            and w.created_at < r.end_time + interval '1 day' + ${tol}::int * interval '1 minute'
            and x.gap <= ${tol}::int and ${LIVE_WAYBILL}
        ) q
        order by q.plate_score + q.time_score + q.place_score desc, q.gap, q.wcreated desc
        limit 1
      ) m on true
    ), ins as (
      insert into fusion_result (task_id, result_class, handling, plate_no, score, reason, record_kind, record_time, station, waybill_no,
        enterprise_id, region_code, record_id, waybill_id, waybill_created_at, created_by, updated_by)
      select ${task.id}, case when p.wid is null then '疑似无运单运输'
          when p.plate_score + p.time_score + p.place_score = ${FUSION_FULL_SCORE}::int then '匹配' else '部分匹配' end,
        '未处理', p.plate_no, coalesce(p.plate_score + p.time_score + p.place_score, 0),
        case when p.wid is null then ${`容差${tol}分钟内无该车运单`}
          else nullif(concat_ws('；',
            case when p.plate_score < ${FUSION_SCORE.plate}::int then ${FUSION_REASONS.trailerOnly} end,
            case when p.time_score < ${FUSION_SCORE.time}::int then ${FUSION_REASONS.timeOff} end,
            case when p.place_score = 0 then ${FUSION_REASONS.placeOff} end), '') end,
        p.kind, p.start_time, p.station, p.waybill_no, p.enterprise_id, p.region_code, p.id::text, p.wid::text, p.wcreated, ${task.userId}, ${task.userId}
      from pairs p
      returning result_class, region_code
    ), counted as (${countResults(task, sql`ins`)})
    select c.result_class, c.n, t.last, t.rows from (select result_class, count(*)::int as n from ins group by 1) c
      right join (select max(id::text) as last, count(*)::int as rows from r) t on true`);
  const counts: Record<string, number> = {};
  for (const x of r.rows) if (x.result_class) counts[x.result_class] = x.n;
  const head = r.rows[0];
  return { last: head?.last ?? null, rows: head?.rows ?? 0, counts };
}

/** the period's waybills of the task's region that no record reached: 运单无外部记录; answers how many */
export async function listUntraced(tx: Db, task: TaskScope): Promise<number> {
  const r = await tx.execute<{ n: number }>(sql`
    with ins as (
      insert into fusion_result (task_id, result_class, handling, plate_no, score, reason, record_time, station, waybill_no,
        enterprise_id, region_code, waybill_id, waybill_created_at, created_by, updated_by)
      select ${task.id}, '运单无外部记录', '未处理', w.plate_no, 0, '期间内无该车外部记录', w.start_date::timestamptz, left(w.origin_address, 100), w.waybill_no,
        w.enterprise_id, w.carrier_region, w.id::text, w.created_at, ${task.userId}, ${task.userId}
      from waybill w
      where ${regionRange(sql`w.carrier_region`, task.regionCode)} and ${LIVE_WAYBILL}
        and w.start_date between ${task.dateFrom}::date and ${task.dateTo}::date
        and w.created_at >= ${task.dateFrom}::date - ${CREATED_BEFORE_START_DAYS + 2}::int and w.created_at < (${task.dateTo}::date + 2)::timestamptz
        and not exists (select 1 from fusion_result f where f.task_id = ${task.id} and f.waybill_id = w.id::text)
      returning result_class, region_code
    ), counted as (${countResults(task, sql`ins`)})
    select count(*)::int as n from ins`);
  return r.rows[0]!.n;
}
