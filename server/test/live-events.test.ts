/**
 * Live updates across instances: a browser subscribed to one instance (GET /api/events) hears of a
 * message sent through another within two seconds, and of a waybill written there (its enterprise and the supervisors
 * whose jurisdiction holds it) — through Redis when REDIS_URL is set, through PostgreSQL
 * LISTEN/NOTIFY otherwise — and hears nothing of what does not concern it. (The embedded database is one instance: its
 * events stay in the process, and the browser journeys cover it.)
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { testApp, uid, type TestApp } from './helpers.ts';
import { detectEngine } from '../src/db/index.ts';
import { waybillBody } from './waybill/fixtures.ts';

const variants: { name: string; redisUrl?: string }[] = [];
if (process.env.REDIS_URL) variants.push({ name: 'Redis pub/sub', redisUrl: process.env.REDIS_URL });
variants.push({ name: 'PostgreSQL LISTEN/NOTIFY' });

/** an SSE subscriber: the events received so far */
async function subscribe(url: string, token: string) {
  const controller = new AbortController();
  const events: { event: string; data: string; at: number }[] = [];
  const res = await fetch(url, { headers: { Authorization: token }, signal: controller.signal });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          if (event) events.push({ event, data: /^data: (.*)$/m.exec(block)?.[1] ?? '', at: Date.now() });
        }
      }
    } catch { /* aborted */ }
  })();
  await expect.poll(() => events.some((e) => e.event === 'ready'), { timeout: 5000 }).toBe(true);
  return { events, close: () => controller.abort() };
}

for (const v of variants) {
  describe(`live updates between two instances, ${v.name}`, () => {
    let a: TestApp, b: TestApp;
    let base = '';
    let postgres = true;
    const subs: { close(): void }[] = [];
    beforeAll(async () => {
      a = await testApp({ redisUrl: v.redisUrl });
      b = await testApp({ redisUrl: v.redisUrl });
      postgres = await detectEngine(b.app.ctx.database);
      await b.app.listen({ port: 0, host: '127.0.0.1' });
      const addr = b.app.server.address();
      base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    });
    afterAll(() => { for (const s of subs) s.close(); });

    it('a message sent through one instance reaches the subscriber of the other within two seconds', async (ctx) => {
      if (!v.redisUrl && !postgres) ctx.skip(); // the embedded database is one instance
      const qiye = await subscribe(`${base}/api/events`, await b.token('qiye'));
      const qiye2 = await subscribe(`${base}/api/events`, await b.token('qiye2'));
      subs.push(qiye, qiye2);
      const [ent] = await a.sql(`select enterprise_id as id from base_user where username = 'qiye'`);
      const sentAt = Date.now();
      const r = await a.call('POST', '/api/znxx/message/send', { as: 'shiji', body: { subject: uid('实时'), content: '请核实。', enterpriseIds: [ent.id] } });
      expect(r.body.status).toBe(200);
      // other suites write to the shared database meanwhile (their waybills reach these subscribers too): the message's event
      const aboutMessage = (e: { event: string; data: string }) => e.event === 'change' && JSON.parse(e.data).topic === 'message';
      await expect.poll(() => qiye.events.find(aboutMessage), { timeout: 2000, interval: 20 }).toBeTruthy();
      const change = qiye.events.find(aboutMessage)!;
      expect(JSON.parse(change.data)).toEqual({ topic: 'message' });
      expect(change.at - sentAt).toBeLessThan(2000);
      // enterprise B's user was not concerned
      await new Promise((res) => setTimeout(res, 300));
      expect(qiye2.events.filter(aboutMessage)).toEqual([]);
    });

    it('a waybill written through one instance reaches its enterprise and its supervisors (province and city) on the other', async (ctx) => {
      if (!v.redisUrl && !postgres) ctx.skip();
      const [qiye, qiye2, province, city] = await Promise.all(
        (['qiye', 'qiye2', 'zhengfu', 'shiji'] as const).map(async (u) => subscribe(`${base}/api/events`, await b.token(u))));
      subs.push(qiye, qiye2, province, city);
      const r = await a.call('POST', '/api/dzyd/waybill/add', { as: 'qiye', body: waybillBody() });
      expect(r.body.status).toBe(200);
      const heard = (s: typeof qiye) => s.events.some((e) => e.event === 'change' && JSON.parse(e.data).topic === 'waybill');
      for (const s of [qiye, province, city]) await expect.poll(() => heard(s), { timeout: 2000, interval: 20 }).toBe(true);
      await new Promise((res) => setTimeout(res, 300));
      expect(heard(qiye2)).toBe(false); // another enterprise, another city
    });
  });
}
