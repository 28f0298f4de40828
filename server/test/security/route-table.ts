/**
 * The route fuzz tests walk Fastify's own route table (every route registered by buildApp, with the access it
 * declared), so a new module's routes are covered without touching the tests.
 */
import type { RouteOptions } from 'fastify';
import type { TestApp } from '../helpers.ts';

export interface FuzzRoute { method: string; url: string; path: string; access: NonNullable<NonNullable<RouteOptions['config']>['access']> }

const ZERO = '00000000-0000-0000-0000-000000000000';

/** the API routes, one per method, with their path parameters filled in */
export function apiRoutes(t: TestApp): FuzzRoute[] {
  const seen = new Set<string>();
  const out: FuzzRoute[] = [];
  for (const r of t.app.ctx.routes) {
    if (!r.url.startsWith('/api/')) continue;
    for (const method of ([] as string[]).concat(r.method)) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const key = `${method} ${r.url}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const path = r.url.replace(/:(\w+)/g, (_m, name: string) => (/id$/i.test(name) ? ZERO : 'x')).replace(/\*$/, 'x');
      out.push({ method, url: r.url, path, access: r.config!.access! });
    }
  }
  return out;
}

/** calls that would end the session the rest of the run uses, or send mail-like side effects */
export const SESSION_ENDING = [/\/logout$/, /\/jwt\/invalid$/, /\/jwt\/refresh$/, /\/admin\/user\/password$/];

/** streams that stay open while signed in (the live updates, server/test/live-events.test.ts): they take no input */
export const STREAMS = [/^\/api\/events$/];

/** the same path with its first letters percent-encoded, as the review sent them */
export const encoded = (path: string) => path.replace(/^\/api\//, '/%61pi/').replace(/\/(\w)/, (_m, c: string) => `/%${c.charCodeAt(0).toString(16)}`);
