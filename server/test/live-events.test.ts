/**
 * Live updates across instances: a browser subscribed to one instance (GET /api/events) hears of a
 * message sent through another, and of a waybill written there (its enterprise and the supervisors
 * whose jurisdiction holds it) — through Redis when REDIS_URL is set, through PostgreSQL
 * LISTEN/NOTIFY otherwise — and hears nothing of what does not concern it. (The embedded database is one instance: its
 * events stay in the process, and the browser journeys cover it.)
 * Each change names the resource keys it changed: a waybill step is 'waybill' to its own enterprise and the supervisors of
 * its carrier's city only, a 托运人 edit is no waybill change.
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

const creditCode = () => '9133' + uid().toUpperCase().replace(/[^0-9A-Z]/g, '').padEnd(14, '0').slice(0, 14);

/**
 * An enterprise of this test's own in a city no other file writes to, with a user holding qiye's roles, and government
 * users (shiji's roles) of that city and of another: what these hear comes from this test alone.
 */
async function ownCity(t: TestApp) {
  const city = `39${String(10 + Math.floor(Math.random() * 89))}00`;
  const other = `38${String(10 + Math.floor(Math.random() * 89))}00`;
  const [ent] = await t.sql(`insert into enterprise (name, credit_code, legal_person, licence_no, licence_expiry, business_scope, region_code, address, phone, status, audit_status)
    values ($1, $2, '测试', 'XK1', current_date + 100, '{3}', $3, '地址', '0571-86000000', '正常', '已通过') returning id`, ['实时企业' + uid(), creditCode(), city.slice(0, 4) + '01']);
  const user = async (side: 'enterprise' | 'government', like: string, o: { enterpriseId?: string; region?: string }) => {
    const username = uid('live');
    let orgId: string | null = null;
    if (o.region) {
      [{ id: orgId }] = await t.sql(`insert into base_org (name, code, type, region_code, leader, phone) values ($1, $2, '市级', $3, '刘主任', '0571-87654321') returning id`,
        ['实时运管' + uid(), 'LIVE' + uid(), o.region]);
    }
    const [u] = await t.sql(`insert into base_user (name, username, password, side, enterprise_id, org_id, status) values ('实时流', $1, $2, $3, $4, $5, '1') returning id`,
      [username, await hashPassword('pass1234'), side, o.enterpriseId ?? null, orgId]);
    await t.sql(`insert into base_group_member (group_id, user_id) select m.group_id, $1 from base_group_member m join base_user d on d.id = m.user_id where d.username = $2`, [u.id, like]);
    const r = await t.login(username, 'pass1234');
    expect(r.status).toBe(200);
    return r.data as string;
  };
  return {
    enterprise: await user('enterprise', 'qiye', { enterpriseId: ent.id }),
    supervisor: await user('government', 'shiji', { region: city }),
    elsewhere: await user('government', 'shiji', { region: other }),
  };
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
      const subject = uid('实时');
      const r = await a.call('POST', '/api/znxx/message/send', { as: 'shiji', body: { subject, content: '请核实。', enterpriseIds: [ent.id] } });
      expect(r.body.status).toBe(200);
      // other suites write to the shared database meanwhile (their waybills reach these subscribers too): the message's event
      const aboutMessage = (e: { event: string; data: string }) => e.event === 'change' && JSON.parse(e.data).keys?.includes('message');
      // that it arrives, not how fast: a loaded test machine may take its time
      await expect.poll(() => qiye.events.find(aboutMessage), ARRIVES).toBeTruthy();
      const change = qiye.events.find(aboutMessage)!;
      expect(JSON.parse(change.data)).toEqual({ keys: ['message'] });
      // enterprise B's user was not concerned: the message is not in its box (its stream may hear the messages other
      // suites send on the shared database meanwhile, so a 'message' change there proves nothing either way)
      const box = await a.call('POST', '/api/znxx/message/inbox', { as: 'qiye2', body: { q: subject } });
      expect(box.body.status).toBe(200);
      expect(box.body.data.content).toEqual([]);
    });

    it('a waybill written through one instance reaches its enterprise and its supervisors (province and city) on the other', async (ctx) => {
      if (!v.redisUrl && !postgres) ctx.skip();
      const [qiye, qiye2, province, city] = await Promise.all(
        (['qiye', 'qiye2', 'zhengfu', 'shiji'] as const).map(async (u) => subscribe(`${base}/api/events`, await b.token(u))));
      subs.push(qiye, qiye2, province, city);
      const r = await a.call('POST', '/api/dzyd/waybill/add', { as: 'qiye', body: waybillBody() });
      expect(r.body.status).toBe(200);
      const heard = (s: typeof qiye) => s.events.some((e) => e.event === 'change' && JSON.parse(e.data).keys?.includes('waybill'));
      for (const s of [qiye, province, city]) await expect.poll(() => heard(s), ARRIVES).toBe(true);
      await new Promise((res) => setTimeout(res, 300));
      expect(heard(qiye2)).toBe(false); // another enterprise, another city
    });

    it('a waybill step is heard as a waybill change by its enterprise and its city\'s supervisors, not by another city', async () => {
      const own = await ownCity(b);
      const [ent, sup, elsewhere] = await Promise.all([own.enterprise, own.supervisor, own.elsewhere].map((tk) => subscribe(`${base}/api/events`, tk)));
      subs.push(ent!, sup!, elsewhere!);
      const draft = await b.call('POST', '/api/dzyd/waybill/add', { token: own.enterprise, body: waybillBody() });
      expect(draft.body.status).toBe(200);
      const aboutWaybill = (e: { event: string; data: string }) => e.event === 'change' && JSON.parse(e.data).keys?.includes('waybill');
      await expect.poll(() => ent!.events.filter(aboutWaybill).length, ARRIVES).toBe(1);
      const step = await b.call('POST', `/api/dzyd/waybill/submit/${draft.body.data.id}`, { token: own.enterprise, body: { version: draft.body.data.version } });
      expect(step.body.status).toBe(200);
      expect(step.body.data.state).toBe('待调度');
      for (const s of [ent!, sup!]) await expect.poll(() => s.events.filter(aboutWaybill).length, ARRIVES).toBe(2);
      expect(JSON.parse(ent!.events.filter(aboutWaybill)[1]!.data)).toEqual({ keys: ['waybill'] });
      // the other city's supervisor heard neither: the instance writes each change to every stream it concerns at once
      expect(elsewhere!.events.filter(aboutWaybill)).toEqual([]);
    });

    it('a 托运人 add and edit are heard as 托运人 changes by its enterprise, not another city, and as no waybill change', async () => {
      const own = await ownCity(b);
      const [s, elsewhere] = await Promise.all([own.enterprise, own.elsewhere].map((tk) => subscribe(`${base}/api/events`, tk)));
      subs.push(s!, elsewhere!);
      const about = (key: string) => (e: { event: string; data: string }) => e.event === 'change' && JSON.parse(e.data).keys?.includes(key);
      const aboutWaybill = about('waybill');
      const added = await b.call('POST', '/api/dzyd/shipper/add', { token: own.enterprise, body: { name: '托运人' + uid(), phone: '0571-86001234', regionCode: '330102', address: '化工园区1号' } });
      expect(added.body.status).toBe(200);
      const edited = await b.call('PUT', '/api/dzyd/shipper/update', { token: own.enterprise, body: { ...added.body.data, address: '化工园区2号' } });
      expect(edited.body.status).toBe(200);
      // a resource's generic writes publish its key to the row's enterprise and its supervisors
      await expect.poll(() => s!.events.filter(about('shipper')).length, ARRIVES).toBe(2);
      // then a waybill draft of the same enterprise: its change is the first and only waybill change this user hears
      // (changes published through one instance arrive in order)
      expect((await b.call('POST', '/api/dzyd/waybill/add', { token: own.enterprise, body: waybillBody() })).body.status).toBe(200);
      await expect.poll(() => s!.events.filter(aboutWaybill).length, ARRIVES).toBeGreaterThan(0);
      expect(s!.events.filter(aboutWaybill)).toHaveLength(1);
      // the other city's supervisor heard none of it (changes reach each stream they concern at once, in order)
      expect(elsewhere!.events.filter(about('shipper'))).toEqual([]);
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
