/**
 * Several API instances share one database (and Redis when REDIS_URL is set): a token logged out on
 * one instance is refused by the other, a captcha issued by one is accepted by the other, an import
 * run by one reports its progress on the other.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { testApp, uid, type TestApp } from './helpers.ts';
import { importXlsx, readXlsx, writeXlsx } from './records/fixtures.ts';

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
      // the other instance hears of it by notification: within milliseconds, not before the next instruction
      await expect.poll(async () => { const r = await a.call('GET', '/api/admin/user/front/info', { token }); return [r.http, r.body.status]; }, { timeout: 2000, interval: 5 })
        .toEqual([401, 40101]);
    });

    it('an import run on one instance reports its progress on the other, to its owner only', async () => {
      const c = await testApp({ redisUrl: v.redisUrl });
      const d = await testApp({ redisUrl: v.redisUrl });
      const tpl = await c.app.inject({ method: 'GET', url: '/api/xxda/vehicle/template', headers: { authorization: await c.token('qiye2') } });
      const [head] = await readXlsx(tpl.rawPayload);
      const row = head!.map((h) => (h === '车牌号码' ? '浙A12' : ''));
      const jobId = uid('job');
      const rep = await importXlsx(c, `/api/xxda/vehicle/import?jobId=${jobId}`, 'qiye2', await writeXlsx([head!, row]));
      expect(rep.data).toMatchObject({ total: 1, imported: 0 });
      const onD = await d.call('GET', `/api/xxda/vehicle/import/progress/${jobId}`, { as: 'qiye2' });
      expect(onD.body.data).toEqual({ done: 1, total: 1, finished: true, stage: '完成' });
      // the job id is the client's: another user asking for it learns nothing
      const other = await d.call('GET', `/api/xxda/vehicle/import/progress/${jobId}`, { as: 'qiye' });
      expect(other.body).toMatchObject({ status: 200, data: null });
    });
  });
}
