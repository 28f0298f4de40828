/**
 * Sessions (the level-3 requirements of 等保 2.0 for government systems): JWT of 4 h, refresh, invalidation on logout,
 * jwt/invalid, password change or disable; captcha. After 5 wrong passwords an account's sign-ins need a solved
 * captcha for 15 min (even with LOGIN_CAPTCHA=off): the right password still signs in, so no one can lock anyone
 * out. An address with 30 failed sign-ins in 15 min waits out the window.
 */
import { z } from 'zod';
import { randomBytes, randomUUID } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import { hashPassword } from '../../platform/crud/write.ts';
import svgCaptcha from 'svg-captcha';
import { sql } from 'drizzle-orm';
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES, MSG, authAnswers } from '@dg/core';
import { answer } from '../../platform/answers.ts';
import type { App } from '../../platform/context.ts';
import { ok, badInput, ApiError } from '../../platform/errors.ts';
import { logEntry } from '../../platform/audit.ts';

const BOTH = ['admin', 'super'] as ('admin' | 'super')[];
const WINDOW_SEC = LOGIN_LOCK_MINUTES * 60;
const CAPTCHA_MISSING = '请输入验证码';

/** an argon2id hash of nothing anyone knows: unknown names cost the same verification as known ones */
let dummy: Promise<string> | undefined;
const dummyHash = () => (dummy ??= hashPassword(randomBytes(16).toString('hex')));

export async function authRoutes(app: App) {
  const db = () => app.ctx.database.db;

  app.get('/api/admin/user/getVerify', { config: { access: { public: true } }, schema: { tags: ['登录'], summary: '验证码', response: answer(authAnswers.captcha) } }, async () => {
    const c = svgCaptcha.create({ size: 4, ignoreChars: '0o1ilI', noise: 2, color: true, width: 110, height: 38 });
    const verifyId = randomUUID();
    await app.ctx.state.putCaptcha(verifyId, c.text.toLowerCase(), 300);
    return ok({ verifyId, img: 'data:image/svg+xml;base64,' + Buffer.from(c.data).toString('base64') });
  });

  app.post('/api/auth/jwt/token', {
    config: { access: { public: true } },
    schema: {
      tags: ['登录'], summary: '登录',
      body: z.object({
        username: z.string({ error: '请输入账户' }).trim().min(1, '请输入账户').max(50, '账户不能超过50个字符'),
        password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(100, '密码不能超过100个字符'),
        type: z.coerce.number().int().optional(),
        verifyId: z.string().max(64).optional(),
        verifyCode: z.string().max(16).optional(),
      }),
      response: answer(authAnswers.token),
    },
  }, async (req) => {
    const { username, password, type, verifyId, verifyCode } = req.body;
    const state = app.ctx.state;
    if (!(await state.hit(`login:${req.ip}`, app.ctx.config.loginRatePerMinute, 60))) throw badInput('登录过于频繁，请稍后再试');
    if (!(await state.hit(`login:${req.ip}:${username}`, Math.max(5, Math.round(app.ctx.config.loginRatePerMinute / 15)), 60))) throw badInput('该账户登录过于频繁，请稍后再试');
    // an address that has failed too often waits out the window, whatever name it tries next
    const slowKey = `login-slow:${req.ip}`;
    if (await state.getJob(slowKey)) throw badInput(MSG.addressSlowed(LOGIN_LOCK_MINUTES));
    const failedFromAddress = async () => {
      if (!(await state.hit(`login-fail-address:${req.ip}`, app.ctx.config.loginAddressFailures, WINDOW_SEC))) await state.putJob(slowKey, { since: new Date().toISOString() }, WINDOW_SEC);
    };
    const log = (userId: string | null, result: string, message: string) =>
      db().execute(sql`insert into login_log (user_id, username, ip, result, message) values (${userId}, ${username}, ${req.ip}, ${result}, ${message})`);
    /** the captcha of this attempt: null when solved, else the refusal (whose data tells the page to show one) */
    const solveCaptcha = async () => {
      if (!verifyId || !verifyCode) return CAPTCHA_MISSING;
      const expected = await state.takeCaptcha(verifyId);
      const refusal = !expected ? MSG.captchaExpired : expected !== verifyCode.trim().toLowerCase() ? MSG.captchaWrong : null;
      if (refusal) await failedFromAddress();
      return refusal;
    };
    let solved = false;
    if (app.ctx.config.loginCaptcha) {
      const refusal = await solveCaptcha();
      if (refusal) throw badInput(refusal, { captcha: true });
      solved = true;
    }
    const r = await db().execute<{ id: string; name: string; username: string; password: string; status: string; locked_until: Date | null; failed_logins: number | null; is_super: boolean | null; token_epoch: number | null; enterprise_id: string | null }>(
      sql`select id, name, username, password, status, locked_until, failed_logins, is_super, token_epoch, enterprise_id from base_user where username = ${username}`);
    const found = r.rows[0];
    // an unknown name answers exactly as a wrong password does, the captcha requirement included, after the same
    // argon2 work: its failures are counted in the shared state instead of the user row
    const ghostKey = `login-fail:${username}`;
    const u = found ?? { id: null, password: await dummyHash(),
      ...(await state.getJob<{ n: number; lockedUntil: string | null }>(ghostKey).then((g) => ({ failed_logins: g?.n ?? 0, locked_until: g?.lockedUntil ? new Date(g.lockedUntil) : null }))) };
    // locked_until: until when this account's sign-ins need a solved captcha (it never refuses the right password)
    const needsCaptcha = !!u.locked_until && new Date(u.locked_until) > new Date();
    if (needsCaptcha && !solved) {
      const refusal = await solveCaptcha();
      if (refusal) {
        await log(u.id, '失败', refusal === CAPTCHA_MISSING ? '需要验证码' : refusal);
        throw badInput(refusal === CAPTCHA_MISSING ? MSG.captchaNeeded : refusal, { captcha: true });
      }
    }
    if (!found || !(await verify(u.password, password).catch(() => false))) {
      await failedFromAddress();
      // inside the captcha period every failure starts the period again; before it, the fifth failure starts it
      const failures = needsCaptcha ? LOGIN_MAX_FAILURES : (u.failed_logins ?? 0) + 1;
      const arms = failures >= LOGIN_MAX_FAILURES;
      if (!found) {
        await state.putJob(ghostKey, { n: arms ? 0 : failures, lockedUntil: arms ? new Date(Date.now() + WINDOW_SEC * 1000).toISOString() : null }, WINDOW_SEC + 60);
        await log(null, '失败', '账户不存在');
      } else if (arms) {
        await db().execute(sql`update base_user set failed_logins = 0, locked_until = now() + make_interval(mins => ${LOGIN_LOCK_MINUTES}) where id = ${found.id}`);
        await log(found.id, '失败', '密码错误，登录需验证码');
      } else {
        await db().execute(sql`update base_user set failed_logins = ${failures} where id = ${found.id}`);
        await log(found.id, '失败', '密码错误');
      }
      if (needsCaptcha) throw badInput(MSG.badCredentials, { captcha: true });
      if (arms) throw badInput(MSG.captchaNeeded, { captcha: true });
      throw badInput(MSG.failuresLeft(LOGIN_MAX_FAILURES - failures));
    }
    if (found.status !== '1') { await log(found.id, '失败', '账户已停用'); throw badInput(MSG.userDisabled); }
    const kind = type === 2 ? 'super' : 'admin';
    if (kind === 'super' && !found.is_super) { await log(found.id, '失败', '非超级管理员'); throw badInput('该账户不是超级管理员'); }
    if (kind === 'admin' && found.is_super) { await log(found.id, '失败', '超级管理员登录主页面'); throw badInput('超级管理员请从超级管理员入口登录'); }
    await db().execute(sql`update base_user set failed_logins = 0, locked_until = null, last_login_at = now() where id = ${found.id}`);
    await log(found.id, '成功', kind === 'super' ? '超级管理员登录' : '登录');
    // the 操作日志 shows the sign-ins beside the writes (login_log keeps every attempt, failures included)
    await logEntry(db(), req, { menu: '登录', opt: '登录', name: found.name, userId: found.id, enterpriseId: found.enterprise_id, result: '成功', body: { username } });
    const { token } = app.ctx.tokens.sign(found, kind, found.token_epoch ?? 0);
    return ok(token);
  });

  // the old token ends when the new one is issued
  app.get('/api/auth/jwt/refresh', { config: { access: { anyUser: true, kinds: BOTH } }, schema: { tags: ['登录'], summary: '刷新令牌', response: answer(authAnswers.token) } }, async (req) => {
    const old = req.user!.token;
    const { token } = app.ctx.tokens.sign(req.user!, old.kind, old.ep);
    await app.ctx.sessions.revoke(old);
    return ok(token);
  });

  app.post('/api/auth/jwt/invalid', { config: { access: { anyUser: true, kinds: BOTH, opt: '注销令牌' } }, schema: { tags: ['登录'], summary: '注销令牌', querystring: z.object({ token: z.string().optional() }), response: answer(authAnswers.done) } }, async (req) => {
    await app.ctx.sessions.revoke(req.user!.token);
    return ok(null);
  });

  const logout = async (req: import('fastify').FastifyRequest) => {
    const u = req.user!;
    await app.ctx.sessions.revoke(u.token);
    await logEntry(db(), req, { menu: '登录', opt: '退出登录', name: u.name, userId: u.id, enterpriseId: u.enterpriseId, result: '成功' });
    return ok(null);
  };
  app.get('/api/admin/user/logout', { config: { access: { anyUser: true } }, schema: { tags: ['登录'], summary: '退出登录', response: answer(authAnswers.done) } }, logout);
  app.get('/api/super/admin/user/logout', { config: { access: { anyUser: true, kinds: ['super'] } }, schema: { tags: ['登录'], summary: '退出登录（超级管理员）', response: answer(authAnswers.done) } }, logout);

  // one-time login tickets for /auth-redirect
  app.post('/api/auth/ticket', { config: { access: { anyUser: true, opt: '签发登录票据' } }, schema: { tags: ['登录'], summary: '签发一次性登录票据', response: answer(authAnswers.token) } }, async (req) => {
    const ticket = randomBytes(24).toString('base64url');
    await db().execute(sql`insert into login_ticket (ticket, user_id, expires_at) values (${ticket}, ${req.user!.id}, now() + interval '60 seconds')`);
    return ok(ticket);
  });
  app.post('/api/auth/jwt/ticket', { config: { access: { public: true } }, schema: { tags: ['登录'], summary: '以票据换取令牌', body: z.object({ ticket: z.string({ error: '缺少票据' }).min(1, '缺少票据').max(64) }), response: answer(authAnswers.token) } }, async (req) => {
    const { ticket } = req.body;
    const r = await db().execute<{ id: string; username: string; name: string; token_epoch: number | null }>(sql`
      with t as (update login_ticket set used_at = now() where ticket = ${ticket} and used_at is null and expires_at > now() returning user_id)
      select u.id, u.username, u.name, u.token_epoch from base_user u join t on t.user_id = u.id where u.status = '1'`);
    const u = r.rows[0];
    if (!u) throw new ApiError(40001, '登录票据无效或已过期');
    const { token } = app.ctx.tokens.sign(u, 'admin', u.token_epoch ?? 0);
    return ok(token);
  });
}
