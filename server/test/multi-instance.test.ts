/**
 * Several API instances share one database (and Redis when REDIS_URL is set): a token logged out on
 * one instance is refused by the other, a captcha issued by one is accepted by the other.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { testApp, type TestApp } from './helpers.ts';

const variants = [{ name: 'state in the database', redisUrl: undefined as string | undefined }];
if (process.env.REDIS_URL) variants.push({ name: 'state in Redis', redisUrl: process.env.REDIS_URL });

for (const v of variants) {
  describe(`two instances, ${v.name}`, () => {
    let a: TestApp, b: TestApp;
    beforeAll(async () => {
      a = await testApp({ redisUrl: v.redisUrl, loginCaptcha: true });
      b = await testApp({ redisUrl: v.redisUrl, loginCaptcha: true });
    });

    it('a token logged out on one instance is refused on the other', async () => {
      const img = await a.call('GET', '/api/admin/user/getVerify');
      const code = v.redisUrl
        ? await (async () => { const { Redis } = await import('ioredis'); const r = new Redis(v.redisUrl!); const t = await r.get(`dg:cap:${img.body.data.verifyId}`); r.disconnect(); return t!; })()
        : (await a.sql(`select text from captcha where id = $1`, [img.body.data.verifyId]))[0].text;
      // issued by A, answered on B
      const login = await b.call('POST', '/api/auth/jwt/token', { body: { username: 'qiye2', password: 'qiye123', type: 1, verifyId: img.body.data.verifyId, verifyCode: code } });
      expect(login.body.status).toBe(200);
      const token = login.body.data;
      expect((await a.call('GET', '/api/admin/user/front/info', { token })).body.username).toBe('qiye2');
      expect((await b.call('GET', '/api/admin/user/logout', { token })).body.status).toBe(200);
      const after = await a.call('GET', '/api/admin/user/front/info', { token });
      expect([after.http, after.body.status]).toEqual([401, 40101]);
    });
  });
}
