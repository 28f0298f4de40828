/**
 * Several API instances share one database (and Redis when REDIS_URL is set): a token logged out on
 * one instance is refused by the other, a captcha issued by one is accepted by the other, a role's menus, a password
 * and a disable changed through one reach the other's next requests (within a notification's delivery), an import
 * run by one reports its progress on the other.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { testApp, uid, type TestApp } from './helpers.ts';
import { importXlsx, readXlsx, writeXlsx } from './records/fixtures.ts';
import { hashPassword } from '../src/platform/crud/write.ts';

const variants = [{ name: 'state in the database', redisUrl: undefined as string | undefined }];
if (process.env.REDIS_URL) variants.push({ name: 'state in Redis', redisUrl: process.env.REDIS_URL });

for (const v of variants) {
  describe(`two instances, ${v.name}`, () => {
    let a: TestApp, b: TestApp;
    beforeAll(async () => {
      a = await testApp({ redisUrl: v.redisUrl, loginCaptcha: true });
      b = await testApp({ redisUrl: v.redisUrl, loginCaptcha: true });
    });

    /** signs in on B with a captcha issued by A (the captcha is on for these instances) */
    async function signInOnB(username: string, password: string) {
      const img = await a.call('GET', '/api/admin/user/getVerify');
      const code = v.redisUrl
        ? await (async () => { const { Redis } = await import('ioredis'); const r = new Redis(v.redisUrl!); const t = await r.get(`dg:cap:${img.body.data.verifyId}`); r.disconnect(); return t!; })()
        : (await a.sql(`select text from captcha where id = $1`, [img.body.data.verifyId]))[0].text;
      return b.call('POST', '/api/auth/jwt/token', { body: { username, password, type: 1, verifyId: img.body.data.verifyId, verifyCode: code } });
    }

    it('a token logged out on one instance is refused on the other', async () => {
      // issued by A, answered on B
      const login = await signInOnB('qiye2', 'qiye123');
      expect(login.body.status).toBe(200);
      const token = login.body.data;
      expect((await a.call('GET', '/api/admin/user/front/info', { token })).body.username).toBe('qiye2');
      expect((await b.call('GET', '/api/admin/user/logout', { token })).body.status).toBe(200);
      // the other instance hears of it by notification: within milliseconds, not before the next instruction
      await expect.poll(async () => { const r = await a.call('GET', '/api/admin/user/front/info', { token }); return [r.http, r.body.status]; }, { timeout: 2000, interval: 5 })
        .toEqual([401, 40101]);
    });

    it("a role's menus, a password and a disable changed through one instance reach the other", async () => {
      const username = uid('mi');
      const [ent] = await a.sql(`select enterprise_id as id from base_user where username = 'qiye2'`);
      const [u] = await a.sql(`insert into base_user (name, username, password, side, enterprise_id, status) values ('多实例', $1, $2, 'enterprise', $3, '1') returning id`,
        [username, await hashPassword('pass1234'), ent.id]);
      const group = uid('mig');
      const [g] = await a.sql(`insert into base_group (code, name, group_type_id) select $1, '多实例角色', id from base_group_type limit 1 returning id`, [group]);
      await a.sql(`insert into base_group_member (group_id, user_id) values ($1, $2)`, [g.id, u.id]);
      await a.sql(`insert into base_resource_authority (group_id, resource_id, resource_type) select $1, id, 'menu' from base_menu where code in ('vehicleBasicManager', 'staffManager')`, [g.id]);
      const token = (await signInOnB(username, 'pass1234')).body.data as string;
      const menus = async (on: TestApp) => { const r = await on.call('GET', '/api/admin/user/front/info', { token }); return r.body.menus?.map((m: { code: string }) => m.code) ?? r.body.status; };
      expect(await menus(b)).toContain('staffManager');
      expect(await menus(a)).toContain('staffManager');
      // a grant taken away (here straight in the database): both instances' cached sessions drop it
      await a.sql(`delete from base_resource_authority where group_id = $1 and resource_id = (select id from base_menu where code = 'staffManager')`, [g.id]);
      for (const on of [a, b]) await expect.poll(() => menus(on), { timeout: 2000, interval: 5 }).not.toContain('staffManager');
      expect(await menus(b)).toContain('vehicleBasicManager');
      // a password changed through instance A: the old token is refused on B
      const changed = await a.call('PUT', '/api/admin/user/password', { token, body: { oldPassword: 'pass1234', newPassword: 'Newpass1234' } });
      expect(changed.body.status).toBe(200);
      await expect.poll(async () => (await b.call('GET', '/api/admin/user/front/info', { token })).http, { timeout: 2000, interval: 5 }).toBe(401);
      // disabled: the new token too
      const fresh = changed.body.data as string;
      expect((await b.call('GET', '/api/admin/user/front/info', { token: fresh })).body.username).toBe(username);
      await a.sql(`update base_user set status = '0' where id = $1`, [u.id]);
      for (const on of [a, b]) await expect.poll(async () => (await on.call('GET', '/api/admin/user/front/info', { token: fresh })).http, { timeout: 2000, interval: 5 }).toBe(401);
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
