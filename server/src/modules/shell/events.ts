/**
 * GET /api/events — the signed-in user's live updates as Server-Sent Events (platform/events.ts): `event: change`
 * with `{ keys }` (the resource keys of what changed) whenever something they are concerned by changes, a comment every 25 s to keep proxies from closing
 * the stream, `retry: 3000` for reconnecting. The browser invalidates the queries of those keys: the lists, details and counts that show them refetch. The stream
 * ends within a few seconds of its session ending (Sessions.watch).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerResponse } from 'node:http';
import type { App } from '../../platform/context.ts';
import { regionPrefix, type SessionUser } from '../../platform/access.ts';
import type { LiveEvent } from '../../platform/events.ts';

const HEARTBEAT_MS = 25_000;

/** whether an event concerns this user: named, of their enterprise, or inside their jurisdiction */
export function concerns(user: SessionUser, e: LiveEvent): boolean {
  if (e.all || e.users?.includes(user.id)) return true;
  if (user.enterpriseId !== null) return !!e.enterprises?.includes(user.enterpriseId);
  if (!e.regions?.length) return false;
  if (user.side === 'platform') return true;
  const prefix = user.side === 'government' && user.regionCode ? regionPrefix(user.regionCode) : null;
  return prefix !== null && e.regions.some((r) => r.startsWith(prefix));
}

export const eventRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const app = fastify as unknown as App;
  const open = new Set<ServerResponse>();
  // before the server stops accepting: an open stream would keep it from closing
  app.addHook('preClose', async () => { for (const res of open) res.end(); open.clear(); });

  app.get('/events', { config: { access: { anyUser: true } }, schema: { tags: ['框架'], summary: '实时提醒（Server-Sent Events：event: change, data: { keys }）' } }, async (req, reply) => {
    let user = req.user!;
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', connection: 'keep-alive', 'x-accel-buffering': 'no' });
    res.write('retry: 3000\nevent: ready\ndata: {}\n\n');
    open.add(res);
    const off = app.ctx.events.subscribe((e) => {
      if (concerns(user, e)) res.write(`event: change\ndata: ${JSON.stringify({ keys: e.keys })}\n\n`);
    });
    const beat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    beat.unref();
    // the stream lives as long as its session: signed out, refreshed, expired or disabled, it ends on every instance
    // (the browser's reconnect then gets 401); changed grants are read from the next event on
    const unwatch = app.ctx.sessions.watch(user, (u) => { if (u) user = u; else res.end(); });
    req.raw.on('close', () => { clearInterval(beat); off(); unwatch(); open.delete(res); });
  });
};
