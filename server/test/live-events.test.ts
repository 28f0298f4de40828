/**
 * Live updates across instances: a browser subscribed to one instance (GET /api/events) hears of a
 * message sent through another, and of a waybill written there (its enterprise and the supervisors
 * whose jurisdiction holds it) — through Redis when REDIS_URL is set, through PostgreSQL
 * LISTEN/NOTIFY otherwise — and hears nothing of what does not concern it. (The embedded database is one instance: its
 * events stay in the process, and the browser journeys cover it.)
 * A stream lives as long as its session: signed out, re-passworded, disabled or expired through one instance, the
 * stream open on the other ends within seconds (on the embedded database too: two apps of this process share it).
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createHmac } from 'node:crypto';
import { testApp, uid, type TestApp } from './helpers.ts';
import { detectEngine } from '../src/db/index.ts';
import { hashPassword } from '../src/platform/crud/write.ts';
import { waybillBody } from './waybill/fixtures.ts';

const variants: { name: string; redisUrl?: string }[] = [];
if (process.env.REDIS_URL) variants.push({ name: 'Redis pub/sub', redisUrl: process.env.REDIS_URL });
variants.push({ name: 'PostgreSQL LISTEN/NOTIFY' });

/** an SSE subscriber: the events received so far, and whether the server has ended the stream */
async function subscribe(url: string, token: string) {
  const controller = new AbortController();
  const events: { event: string; data: string; at: number }[] = [];
  const ended = { yes: false };
  const res = await fetch(url, { headers: { Authorization: token }, signal: controller.signal });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) { ended.yes = true; return; }
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
  return { events, ended: () => ended.yes, close: () => controller.abort() };
}

/** a user of enterprise B of this test's own (the demo accounts are never disabled or re-passworded) */
async function ownUser(t: TestApp) {
  const username = uid('sse');
  const [ent] = await t.sql(`select enterprise_id as id from base_user where username = 'qiye2'`);
  const [u] = await t.sql(`insert into base_user (name, username, password, side, enterprise_id, status) values ('实时流', $1, $2, 'enterprise', $3, '1') returning id`,
    [username, await hashPassword('pass1234'), ent.id]);
  const signIn = async () => { const r = await t.login(username, 'pass1234'); expect(r.status).toBe(200); return r.data; };
  return { id: u.id as string, username, signIn };
}

/** a token of `user` signed as the server signs them, but expiring in `seconds` */
function shortToken(t: TestApp, user: { id: string; username: string }, seconds: number) {
  const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const iat = Math.floor(Date.now() / 1000);
  const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ username: user.username, name: '实时流', kind: 'admin', ep: 0, sub: user.id, jti: uid('jti'), iat, exp: iat + seconds })}`;
  return `${body}.${createHmac('sha256', t.app.ctx.tokens.secret).update(body).digest('base64url')}`;
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

    const ARRIVES = { timeout: 15_000, interval: 20 };

    it('a message sent through one instance reaches the subscriber of the other', async (ctx) => {
      if (!v.redisUrl && !postgres) ctx.skip(); // the embedded database is one instance
      const qiye = await subscribe(`${base}/api/events`, await b.token('qiye'));
      const qiye2 = await subscribe(`${base}/api/events`, await b.token('qiye2'));
      subs.push(qiye, qiye2);
      const [ent] = await a.sql(`select enterprise_id as id from base_user where username = 'qiye'`);
      const r = await a.call('POST', '/api/znxx/message/send', { as: 'shiji', body: { subject: uid('实时'), content: '请核实。', enterpriseIds: [ent.id] } });
      expect(r.body.status).toBe(200);
      // other suites write to the shared database meanwhile (their waybills reach these subscribers too): the message's event
      const aboutMessage = (e: { event: string; data: string }) => e.event === 'change' && JSON.parse(e.data).topic === 'message';
      // that it arrives, not how fast: a loaded test machine may take its time
      await expect.poll(() => qiye.events.find(aboutMessage), ARRIVES).toBeTruthy();
      const change = qiye.events.find(aboutMessage)!;
      expect(JSON.parse(change.data)).toEqual({ topic: 'message' });
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
      for (const s of [qiye, province, city]) await expect.poll(() => heard(s), ARRIVES).toBe(true);
      await new Promise((res) => setTimeout(res, 300));
      expect(heard(qiye2)).toBe(false); // another enterprise, another city
    });

    describe('a stream ends with its session, on the other instance', () => {
      const ENDS_WITHIN = { timeout: 6000, interval: 50 };

      it("signed out through one instance: that token's stream ends on the other, the same user's other session streams on", async () => {
        const u = await ownUser(a);
        const [gone, kept] = [await u.signIn(), await u.signIn()];
        const s1 = await subscribe(`${base}/api/events`, gone);
        const s2 = await subscribe(`${base}/api/events`, kept);
        subs.push(s1, s2);
        expect((await a.call('GET', '/api/admin/user/logout', { token: gone })).body.status).toBe(200);
        await expect.poll(() => s1.ended(), ENDS_WITHIN).toBe(true);
        await new Promise((res) => setTimeout(res, 2500)); // a round of the periodic check
        expect(s2.ended()).toBe(false);
        // the browser's reconnect is refused
        expect((await fetch(`${base}/api/events`, { headers: { Authorization: gone } })).status).toBe(401);
      });

      it('a password change through one instance ends every stream of the user on the other', async () => {
        const u = await ownUser(a);
        const token = await u.signIn();
        const s = await subscribe(`${base}/api/events`, token);
        subs.push(s);
        const changed = await a.call('PUT', '/api/admin/user/password', { token, body: { oldPassword: 'pass1234', newPassword: 'Newpass1234' } });
        expect(changed.body.status).toBe(200);
        await expect.poll(() => s.ended(), ENDS_WITHIN).toBe(true);
      });

      it('a user disabled (straight in the database) loses the stream', async () => {
        const u = await ownUser(a);
        const s = await subscribe(`${base}/api/events`, await u.signIn());
        subs.push(s);
        await a.sql(`update base_user set status = '0' where id = $1`, [u.id]);
        await expect.poll(() => s.ended(), ENDS_WITHIN).toBe(true);
      });

      it('an expired token loses the stream within seconds of its expiry', async () => {
        const u = await ownUser(a);
        const s = await subscribe(`${base}/api/events`, shortToken(a, u, 3));
        subs.push(s);
        const expires = Date.now() + 3000;
        await expect.poll(() => s.ended(), { timeout: 9000, interval: 50 }).toBe(true);
        expect(Date.now()).toBeGreaterThanOrEqual(expires - 1000);
      });
    });
  });
}
