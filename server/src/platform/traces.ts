/** 链路监控: recent and slow requests of this instance, with their SQL spans (kept in memory, bounded). */
import { AsyncLocalStorage } from 'node:async_hooks';

/** `sql` and `values`: the whole statement, kept only with TRACE_SQL=full (the bench replays them to time the raw SQL) */
export interface Span { name: string; ms: number; sql?: string; values?: unknown[] }
export const FULL_SQL = process.env.TRACE_SQL === 'full';
export interface Trace { traceId: string; method: string; path: string; status: number; ms: number; user: string | null; at: string; spans: Span[] }

export const traceStore = new AsyncLocalStorage<{ spans: Span[] }>();

export class Traces {
  private ring: (Trace | undefined)[];
  private next = 0;
  slow: Trace[] = [];
  private minute = -1;
  private counts = { n: 0, errors: 0 };
  private previous = { n: 0, errors: 0 };
  constructor(private max = 500, public slowMs = 500) { this.ring = new Array(max); }
  /** O(1) per request: a ring of the last `max` traces, and this minute's and the last minute's counts */
  add(t: Trace) {
    this.ring[this.next] = t;
    this.next = (this.next + 1) % this.max;
    if (t.ms >= this.slowMs) { this.slow.push(t); if (this.slow.length > this.max) this.slow.shift(); }
    const m = Math.floor(Date.now() / 60000);
    if (m !== this.minute) {
      this.previous = m === this.minute + 1 ? this.counts : { n: 0, errors: 0 };
      this.counts = { n: 0, errors: 0 };
      this.minute = m;
    }
    this.counts.n += 1;
    if (t.status >= 500) this.counts.errors += 1;
  }
  /** the recent traces, oldest first */
  get recent(): Trace[] {
    const out: Trace[] = [];
    for (let i = 0; i < this.max; i++) { const t = this.ring[(this.next + i) % this.max]; if (t) out.push(t); }
    return out;
  }
  /** requests and 5xx errors in the last full minute */
  lastMinute() {
    const m = Math.floor(Date.now() / 60000);
    return m === this.minute ? this.previous : m === this.minute + 1 ? this.counts : { n: 0, errors: 0 };
  }
}

/** records a span on the current request's trace, if any */
export function span(name: string, ms: number) {
  traceStore.getStore()?.spans.push({ name, ms: Math.round(ms * 10) / 10 });
}
