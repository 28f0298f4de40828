/**
 * The comparison jobs' queue: the task rows themselves, claimed with a lease. Any instance polls for a task in 运行中
 * whose lease is free or expired (`for update skip locked`: two instances never take the same task), renews the lease
 * with every chunk it writes and releases it when it stops. A chunk's results, the task's progress and its cursor are
 * written in one transaction, so a run that an instance stops (shutdown) or loses (crash: the lease expires) resumes
 * on any instance from the last chunk written — nothing compared twice, nothing lost. A cancel is the task's own step
 * (运行中 → 已取消): the next chunk's update finds the task no longer running under this run and the job stops there.
 * A database error ends the run as 失败 with the reason on the task. The same code runs on the embedded database (one
 * instance) and on PostgreSQL (several).
 */
import { sql } from 'drizzle-orm';
import type { App } from '../../platform/context.ts';
import type { Db } from '../../db/index.ts';
import { recordStep } from '../../platform/flow.ts';
import { compareChunk, countRecords, listUntraced, type TaskScope } from './compare.ts';

/** records aligned per statement: a transaction short enough that the embedded database's other requests get turns */
export const CHUNK = Number(process.env.DG_FUSION_CHUNK) || 2000;
/** how long a claim holds without renewal: a crashed instance's task is taken over after this */
export const LEASE_SECONDS = Number(process.env.DG_FUSION_LEASE_SECONDS) || 60;
const POLL_MS = Number(process.env.DG_FUSION_POLL_MS) || 5000;
/** a run of this many records or more analyzes the records' table when it starts */
const ANALYZE_RECORDS = 10_000;
/** the cursor once every record is compared: the run's last statement lists the untraced waybills */
const RECORDS_DONE = '~';

interface Claimed extends TaskScope { runNo: number; cursor: string | null; total: number | null; state: string }

const SYSTEM = (userId: string | null) => ({ id: userId ?? '00000000-0000-0000-0000-000000000000', name: '比对作业', side: 'platform' as const });

export class FusionQueue {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopping = false;
  constructor(private readonly app: App) {}

  private get db(): Db { return this.app.ctx.database.db; }

  start() {
    this.timer = setInterval(() => this.wake(), POLL_MS);
    this.timer.unref();
    this.wake();
  }

  /** look for work now (after 运行比对 on this instance) */
  wake() {
    if (this.running || this.stopping) return;
    this.running = this.drain().catch((err) => this.app.log.error({ err }, 'fusion queue')).finally(() => { this.running = null; });
  }

  /** stops after the chunk in hand and releases the lease, so another instance (or this one restarted) resumes at once */
  async stop() {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  private async drain() {
    for (;;) {
      if (this.stopping) return;
      const task = await this.claim();
      if (!task) return;
      await this.runTask(task);
    }
  }

  private async claim(): Promise<Claimed | null> {
    const r = await this.db.execute<Record<string, unknown>>(sql`
      update fusion_task t set lease_until = now() + ${LEASE_SECONDS}::int * interval '1 second'
      where t.id = (select id from fusion_task where state = '运行中' and (lease_until is null or lease_until < now())
        order by started_at limit 1 for update skip locked)
      returning t.id, t.region_code, t.kind, t.date_from::text, t.date_to::text, t.tolerance_minutes, t.updated_by, t.run_no, t.cursor, t.total, t.state`);
    const x = r.rows[0];
    if (!x) return null;
    return {
      id: String(x.id), regionCode: String(x.region_code), kind: (x.kind as string | null) ?? null, dateFrom: String(x.date_from), dateTo: String(x.date_to),
      toleranceMinutes: Number(x.tolerance_minutes), userId: (x.updated_by as string | null) ?? null, runNo: Number(x.run_no ?? 0),
      cursor: (x.cursor as string | null) ?? null, total: x.total === null ? null : Number(x.total), state: String(x.state),
    };
  }

  private async runTask(task: Claimed) {
    try {
      if (task.total === null) {
        task.total = await countRecords(this.db, task);
        if (!(await this.advance(this.db, task, { total: task.total }))) return await this.release(task);
        // a large run planned on fresh statistics of the records (imports of a few thousand rows at a time leave the
        // table's as they were): planned on an empty table's, each chunk sorted every record of the region to take 2,000
        if (task.total >= ANALYZE_RECORDS) await this.db.execute(sql`analyze fusion_record`);
      }
      let cursor = task.cursor;
      while (cursor !== RECORDS_DONE) {
        if (this.stopping) return await this.release(task);
        const kept = await this.db.transaction(async (tx) => {
          const chunk = await compareChunk(tx, task, cursor, CHUNK);
          const next = chunk.rows < CHUNK ? RECORDS_DONE : chunk.last;
          const ok = await this.advance(tx, task, { cursor: next, chunk });
          if (!ok) throw new Cancelled();
          return next;
        }).catch((err) => { if (err instanceof Cancelled) return null; throw err; });
        if (kept === null) return await this.release(task);
        cursor = kept;
      }
      // the results just written in the statistics, whatever their number: without them the task looks empty, and
      // 运单无外部记录 compared every waybill of the period with every result (7 s for a city's 14,352 records, 2 s for
      // 2,930, growing with waybills × results); the results' screen then reads a page from the index instead of
      // sorting the task (460 ms at 100,000 records)
      await this.db.execute(sql`analyze fusion_result`);
      await this.db.transaction(async (tx) => {
        const untraced = await listUntraced(tx, task);
        const r = await tx.execute(sql`update fusion_task set state = '已完成', no_trace = ${untraced}::int, done = total, finished_at = now(), lease_until = null,
            message = null, version = version + 1, updated_at = now()
          where id = ${task.id} and run_no = ${task.runNo} and state = '运行中' returning id`);
        if (!r.rows.length) throw new Cancelled();
        await recordStep(tx, SYSTEM(task.userId), 'fusionTask', task.id, { action: '比对完成', from: '运行中', to: '已完成' });
      }).catch(async (err) => { if (!(err instanceof Cancelled)) throw err; await this.release(task); });
    } catch (err) {
      this.app.log.error({ err, task: task.id }, 'fusion comparison failed');
      await this.fail(task, err);
    }
  }

  /**
   * Writes the run's progress (and renews the lease) while the task is still this run, in 运行中; false when it is not
   * (cancelled, or run again meanwhile): the caller stops without writing.
   */
  private async advance(tx: Db, task: Claimed, p: { total?: number; cursor?: string | null; chunk?: { rows: number; counts: Record<string, number> } }): Promise<boolean> {
    const c = p.chunk?.counts ?? {};
    // progress is no edit: the version stays, so 取消 from a list read a moment ago is not refused as stale
    const r = await tx.execute(sql`update fusion_task set
        ${p.total !== undefined ? sql`total = ${p.total}, done = 0, matched = 0, partial = 0, no_waybill = 0, no_trace = 0,` : sql``}
        ${p.chunk ? sql`cursor = ${p.cursor ?? null}, done = done + ${p.chunk.rows}::int, matched = matched + ${c['匹配'] ?? 0}::int, partial = partial + ${c['部分匹配'] ?? 0}::int,
          no_waybill = no_waybill + ${c['疑似无运单运输'] ?? 0}::int,` : sql``}
        lease_until = now() + ${LEASE_SECONDS}::int * interval '1 second'
      where id = ${task.id} and run_no = ${task.runNo} and state = '运行中' returning id`);
    return r.rows.length > 0;
  }

  private async release(task: Claimed) {
    await this.db.execute(sql`update fusion_task set lease_until = null where id = ${task.id} and run_no = ${task.runNo}`);
  }

  private async fail(task: Claimed, err: unknown) {
    // a driver's error is wrapped in drizzle's (whose message is the whole query): the cause says what went wrong
    const cause = (err as { cause?: unknown })?.cause;
    const why = cause instanceof Error ? cause.message : err instanceof Error ? err.message : String(err);
    await this.db.transaction(async (tx) => {
      const r = await tx.execute(sql`update fusion_task set state = '失败', lease_until = null, finished_at = now(), version = version + 1, updated_at = now(),
          message = ${`比对失败：${why}`.slice(0, 500)}
        where id = ${task.id} and run_no = ${task.runNo} and state = '运行中' returning id`);
      if (r.rows.length) await recordStep(tx, SYSTEM(task.userId), 'fusionTask', task.id, { action: '比对失败', from: '运行中', to: '失败', opinion: why.slice(0, 500) });
    }).catch((e) => this.app.log.error({ err: e }, 'fusion task could not be marked failed'));
  }
}

class Cancelled extends Error {}
