/**
 * One paged read for every list: the resource engine's (crud/query.ts listRows), the waybill lists
 * (modules/waybill/list.ts), 运单监管's lists, the statistics' drill-down, 到期预警, 信息看板, 企业车辆审核 and 站内消息. A list says what it reads — from, where,
 * order, the columns — how its total is counted and how its statements are planned; the planner reads the page and the
 * total together and answers `{ content, total, totalCapped }`, with one page-size cap (schemas.ts MAX_PAGE_SIZE).
 */
import { sql, type SQL } from 'drizzle-orm';
import { allOn, execPrepared, type Compiled, type Db, type Plan } from '../db/index.ts';
import { badInput } from './errors.ts';
import { MAX_PAGE_SIZE } from './schemas.ts';

/**
 * lists never count more rows than this per page view (no exact count over millions of rows).
 * Counting 100,000 of a province's vehicles cost ~150 ms a page view; beyond a thousand pages a user narrows the
 * search instead (the pager says 共 10000+ 条).
 */
export const COUNT_CAP = 10_000;

/** what a list answers */
export interface Page<R> { content: R[]; total: number; totalCapped: boolean }

/** a page as asked: `size` rows (10 unless asked, at most MAX_PAGE_SIZE) from `offset` */
export interface Paging { page: number; size: number; offset: number }

/**
 * The page a request asks for. `refuseBeyond`: a page past that many rows is refused (the lists whose total stops at
 * COUNT_CAP: their pager never offers it, and reading to an offset of a million rows costs what the offset does).
 */
export function pagingOf(p: { page?: unknown; size?: unknown }, refuseBeyond?: number): Paging {
  const size = Math.min(Math.max(Number(p.size) || 10, 1), MAX_PAGE_SIZE);
  const page = Math.max(Math.floor(Number(p.page)) || 1, 1);
  const offset = (page - 1) * size;
  if (refuseBeyond !== undefined && offset >= refuseBeyond) throw badInput('页码过大，请缩小查询范围');
  return { page, size, offset };
}

/**
 * How a list's total is counted:
 * - `{ cap }`: the rows of from/where up to cap + 1 — the total stops at `cap` and says so (`totalCapped`);
 * - `'exact'`: every row of from/where (a small table only);
 * - `{ sql, cap? }`: the list's own statement answering `n` — a rollup's exact sum without `cap`, a count that stops
 *   at cap + 1 with it (the waybill lists, waybill/list.ts waybillCountSql).
 */
export type Count = { cap: number } | 'exact' | { sql: SQL | Compiled; cap?: number };

/** the count of `{ cap }`: the rows of from/where up to cap + 1 */
export const cappedCountSql = (from: SQL, where: SQL, cap: number) => sql`select count(*)::int as n from (select 1 from ${from} where ${where} limit ${cap + 1}) s`;

export interface PageQuery<R, X extends object = object> {
  /** the columns of the page's statement (`*` unless given) */
  select?: SQL;
  from: SQL;
  where: SQL;
  /** a total order (end it with the id), so pages never skip or repeat a row */
  order: SQL;
  count: Count;
  /** how both statements are planned (db/index.ts execPrepared); 'per call' unless given */
  plan?: Plan;
  /** the page's statement where it is not `select … from … where … order by … limit … offset …` (waybill/list.ts waybillPageSql) */
  pageSql?: (size: number, offset: number) => SQL;
  /** the page read by a query builder instead of SQL (the resource engine's drizzle select with its labels, prepared by name) */
  readPage?: (size: number, offset: number) => Promise<R[]>;
  /** a SQL row as the list answers it */
  row?: (r: Record<string, unknown>) => R;
  /** the rows once read, before the answer (labels, afterRead) — while the count still runs */
  finish?: (rows: R[]) => Promise<R[]>;
  /**
   * what else the count's own statement (`count: { sql }`) answers beside `n`, added to the answer: figures read with
   * the total rather than in a statement of their own (收件箱's unread, 企业车辆审核's count per type)
   */
  tally?: (row: Record<string, unknown>) => X;
}

/** the page and its total, read together (each on its own connection; one after the other in a transaction) */
export async function pagedQuery<R = Record<string, unknown>, X extends object = object>(db: Db, paging: Paging, q: PageQuery<R, X>): Promise<Page<R> & X> {
  const plan = q.plan ?? 'per call';
  const { size, offset } = paging;
  const readPage = async (): Promise<R[]> => {
    let rows: R[];
    if (q.readPage) rows = await q.readPage(size, offset);
    else {
      const text = q.pageSql?.(size, offset) ?? sql`select ${q.select ?? sql`*`} from ${q.from} where ${q.where} order by ${q.order} limit ${size} offset ${offset}`;
      const res = await execPrepared(db, text, plan);
      rows = q.row ? res.rows.map(q.row) : res.rows as R[];
    }
    return q.finish ? await q.finish(rows) : rows;
  };
  const { count } = q;
  const cap = count === 'exact' ? undefined : count.cap;
  const countSql = typeof count === 'object' && 'sql' in count ? count.sql
    : cap === undefined ? sql`select count(*)::int as n from ${q.from} where ${q.where}`
      : cappedCountSql(q.from, q.where, cap);
  const [content, counted] = await allOn<unknown>(db, [readPage, () => execPrepared<{ n: number }>(db, countSql, plan)]) as [R[], { rows: Record<string, unknown>[] }];
  const row = counted.rows[0] ?? {};
  const n = Math.max(0, Number(row.n ?? 0));
  return { ...(q.tally?.(row) ?? {}) as X, content, total: cap === undefined ? n : Math.min(n, cap), totalCapped: cap !== undefined && n > cap };
}
