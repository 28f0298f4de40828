/**
 * A small closed-loop load generator: `concurrency` workers call `fn` until `seconds` pass, after `warmup` seconds
 * (default 0.5) of the same calls that are not counted — the first calls of a shape pay for cold caches and code
 * not yet optimised, which is not the latency a user meets all day.
 */
import http from 'node:http';

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
  // hundredths below 10 ms: a call near the floor (0.4 ms for /api/health here) is told apart from its SQL's time
  const r = (n: number) => (n < 10 ? Math.round(n * 100) / 100 : Math.round(n * 10) / 10);
  return { requests: times.length, errors, seconds: r(elapsed), rps: r(times.length / elapsed), p50: r(pct(0.5)), p99: r(pct(0.99)), max: r(times[times.length - 1] ?? 0) };
}

/**
 * The load's HTTP client: keep-alive connections through node:http. fetch (undici) cost the load generator ~0.4 ms of
 * CPU a call — 87 % of a core driving /api/health from 4 callers — and its own pauses showed up as the server's tail:
 * /api/health p99 8–10 ms through fetch, 3–4 through this (the same server, minutes apart).
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
export function request(url: string, o: { method?: 'GET' | 'POST'; token?: string; body?: unknown } = {}): Promise<{ status: number; text: string }> {
  const body = o.body === undefined ? undefined : JSON.stringify(o.body);
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: o.method ?? (body === undefined ? 'GET' : 'POST'), agent,
      headers: { ...(o.token ? { authorization: o.token } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }) },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** a JSON API call (POST with a body): the answer's envelope */
export async function post(url: string, body: unknown, token?: string) {
  return JSON.parse((await request(url, { method: 'POST', body, token })).text) as { status: number; data: any; message: string };
}
/** a GET that answers 200 */
export const getOk = async (url: string, token?: string) => (await request(url, { token })).status === 200;
