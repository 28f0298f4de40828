/**
 * A small closed-loop load generator: `concurrency` workers call `fn` until `seconds` pass, after `warmup` seconds
 * (default 0.5) of the same calls that are not counted — the first calls of a shape pay for cold caches and code
 * not yet optimised, which is not the latency a user meets all day.
 */
export interface LoadResult { requests: number; errors: number; seconds: number; rps: number; p50: number; p99: number; max: number }

export async function load(fn: () => Promise<boolean>, opts: { concurrency: number; seconds: number; warmup?: number }): Promise<LoadResult> {
  const warmUntil = performance.now() + (opts.warmup ?? 0.5) * 1000;
  await Promise.all(Array.from({ length: opts.concurrency }, async () => {
    while (performance.now() < warmUntil) await fn().catch(() => false);
  }));
  const times: number[] = [];
  let errors = 0;
  const until = performance.now() + opts.seconds * 1000;
  const started = performance.now();
  await Promise.all(Array.from({ length: opts.concurrency }, async () => {
    while (performance.now() < until) {
      const t0 = performance.now();
      let okCall = false;
      try { okCall = await fn(); } catch { okCall = false; }
      times.push(performance.now() - t0);
      if (!okCall) errors += 1;
    }
  }));
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const pct = (p: number) => (times.length ? times[Math.min(times.length - 1, Math.floor(times.length * p))]! : 0);
  const r = (n: number) => Math.round(n * 10) / 10;
  return { requests: times.length, errors, seconds: r(elapsed), rps: r(times.length / elapsed), p50: r(pct(0.5)), p99: r(pct(0.99)), max: r(times[times.length - 1] ?? 0) };
}

export async function post(url: string, body: unknown, token?: string) {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) }, body: JSON.stringify(body) });
  return r.json() as Promise<{ status: number; data: any; message: string }>;
}
