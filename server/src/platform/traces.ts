/** 链路监控: recent and slow requests of this instance, with their SQL spans (kept in memory, bounded). */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface Span { name: string; ms: number }
export interface Trace { traceId: string; method: string; path: string; status: number; ms: number; user: string | null; at: string; spans: Span[] }

export const traceStore = new AsyncLocalStorage<{ spans: Span[] }>();

export class Traces {
  recent: Trace[] = [];
  slow: Trace[] = [];
  private minuteCounts = new Map<number, { n: number; errors: number }>();
  constructor(private max = 500, public slowMs = 500) {}
  add(t: Trace) {
    this.recent.push(t);
    if (this.recent.length > this.max) this.recent.shift();
    if (t.ms >= this.slowMs) { this.slow.push(t); if (this.slow.length > this.max) this.slow.shift(); }
    const m = Math.floor(Date.now() / 60000);
    const c = this.minuteCounts.get(m) ?? { n: 0, errors: 0 };
    c.n += 1; if (t.status >= 500) c.errors += 1;
    this.minuteCounts.set(m, c);
    for (const k of this.minuteCounts.keys()) if (k < m - 10) this.minuteCounts.delete(k);
  }
  /** requests and 5xx errors in the last full minute */
  lastMinute() { return this.minuteCounts.get(Math.floor(Date.now() / 60000) - 1) ?? { n: 0, errors: 0 }; }
}

/** records a span on the current request's trace, if any */
export function span(name: string, ms: number) {
  traceStore.getStore()?.spans.push({ name, ms: Math.round(ms * 10) / 10 });
}
