/**
 * The raw SQL of one call, beside the call. The bench's server runs with TRACE_SQL=full, which keeps each statement of
 * a request with its parameters in 链路监控 (the request's trace, named by its `x-trace-id`). `statementsOf` reads them
 * back; `replay` runs them again from here, one after another on one connection, as the request ran them — the least
 * the database can answer the call in. The call's time minus that is the server's own work and its round trips.
 */
import pg from 'pg';

export interface TracedStatement { sql: string; values: unknown[]; ms: number }

/** the statements one request ran, with the time each took as the server saw it (ms) */
export async function statementsOf(baseUrl: string, adminToken: string, traceId: string | null | undefined): Promise<TracedStatement[]> {
  if (!traceId) return [];
  const res = await fetch(`${baseUrl}/api/admin/serviceTrace/${traceId}`, { headers: { authorization: adminToken } });
  const trace = await res.json() as { data: { spans: { sql?: string; values?: unknown[]; ms: number }[] } | null };
  return (trace.data?.spans ?? []).filter((s) => s.sql).map((s) => ({ sql: s.sql!, values: s.values ?? [], ms: s.ms }));
}

/** a statement's first words, on one line, for a table */
export const shortSql = (text: string, max = 90) => {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
};

/**
 * The statements replayed from here for about `seconds` each way: each a named prepared statement, on a session that
 * leaves the plan to PostgreSQL and on one forcing a generic plan (the server runs a statement one way or the other,
 * db/index.ts execPrepared). Answers the lower p50 of one replay of them all (ms). A write is replayed too: the
 * statements the bench replays are upserts and updates of the bench's own rows, which a repeat leaves as they were.
 */
export async function replay(databaseUrl: string, statements: TracedStatement[], seconds = 1): Promise<number> {
  if (!statements.length) return 0;
  const clients = ['', '-c plan_cache_mode=force_generic_plan'].map((options) => new pg.Client({ connectionString: databaseUrl, options }));
  try {
    const p50s: number[] = [];
    for (const [k, client] of clients.entries()) {
      client.on('error', (err) => console.error('bench database connection:', err.message));
      await client.connect();
      const times: number[] = [];
      const until = performance.now() + seconds * 1000;
      while (performance.now() < until || times.length < 5) {
        const t0 = performance.now();
        for (const [i, s] of statements.entries()) {
          // begin/commit of the request's transaction are replayed as they ran, unnamed (a name would prepare them)
          if (/^\s*(begin|commit|rollback)\b/i.test(s.sql)) await client.query(s.sql);
          else await client.query({ name: `replay${k}_${i}`, text: s.sql, values: s.values });
        }
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      p50s.push(times[Math.floor(times.length / 2)]!);
    }
    return Math.round(Math.min(...p50s) * 100) / 100;
  } finally {
    await Promise.all(clients.map((c) => c.end().catch(() => {})));
  }
}
