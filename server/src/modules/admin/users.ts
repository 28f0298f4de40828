/**
 * 用户管理: the data scope of users, their roles (virtual `groupIds`), side consistency,
 * disabling (tokens die), 重置密码 / 解锁, and the 个人中心 of the signed-in user.
 */
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { verify } from '@node-rs/argon2';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAnswers, checkRule, resourceByKey, type Side } from '@dg/core';
import type { App } from '../../platform/context.ts';
import { textArray, uuidArray } from '../../db/index.ts';
import type { SessionUser } from '../../platform/access.ts';
import { defineHooks, type Row } from '../../platform/crud/hooks.ts';
import { findRow } from '../../platform/crud/query.ts';
import { hashPassword } from '../../platform/crud/write.ts';
import { ok, badInput, notFound } from '../../platform/errors.ts';
import { checkAssignable, groupsByIds, jurisdictionEnterprises, jurisdictionOrgs, visibleGroups } from './common.ts';
import { UUID_RE, idParam } from '../../platform/schemas.ts';
import { answer } from '../../platform/answers.ts';

const userDef = resourceByKey('user')!;

/** roles chosen on the form, validated in beforeWrite, written in afterWrite (same transaction) */
const pendingRoles = new WeakMap<object, string[]>();

defineHooks('user', {
  // enterprise: its own users; government: users of organisations or enterprises in its jurisdiction; platform: all
  // (the super administrator's account is shown to the super administrator only)
  scope(user, t) {
    if (user.side === 'platform') return user.isSuper ? sql`true` : sql`coalesce(${t.isSuper}, false) = false`;
    if (user.side === 'enterprise') return user.enterpriseId ? sql`${t.enterpriseId} = ${user.enterpriseId}` : sql`false`;
    if (!user.regionCode) return sql`false`;
    return sql`(${t.orgId} in ${jurisdictionOrgs(user)} or ${t.enterpriseId} in ${jurisdictionEnterprises(user)})`;
  },
  filters: {
    // 姓名或账户 (AG-Admin's one search box)
    name: (value, t) => {
      const s = String(value ?? '').trim();
      if (!s) return undefined;
      const like = '%' + s.replace(/[\\%_]/g, (c) => '\\' + c) + '%';
      return sql`(${t.name} ilike ${like} or ${t.username} ilike ${like})`;
    },
    groupId: (value, t) => (typeof value === 'string' && UUID_RE.test(value)
      ? sql`${t.id} in (select user_id from base_group_member where group_id = ${value})` : undefined),
  },

  // 角色: the user's roles by name, ids and names in the same order
  columns: () => {
    const roles = (col: 'id' | 'name') => sql`array(select g.${sql.identifier(col)}::text from base_group_member m join base_group g on g.id = m.group_id
      where m.user_id = base_user.id order by g.name, g.id)`;
    return { groupIds: roles('id'), groupIdsLabel: roles('name') };
  },

  async beforeWrite(c, values, mode, existing, input) {
    const me = c.user;
    const eff: Row = { ...(existing ?? {}), ...values };
    const side = eff.side as Side;

    // side consistency: who may create which kind of user, bound to what
    if (me.side === 'enterprise') {
      if (side !== 'enterprise') throw badInput('用户类型：企业用户只能管理本企业的用户');
      values.enterpriseId = me.enterpriseId;
      values.orgId = null;
    } else {
      if (side === 'platform' && me.side !== 'platform') throw badInput('用户类型：只有平台管理员可以创建平台用户');
      if (side === 'enterprise') {
        if (!eff.enterpriseId) throw badInput('所属企业：请选择所属企业');
        const inScope = me.side === 'platform' ? sql`true` : sql`e.id in ${jurisdictionEnterprises(me)}`;
        const hit = await c.tx.execute(sql`select 1 from enterprise e where e.id = ${eff.enterpriseId} and ${inScope}`);
        if (!hit.rows.length) throw badInput('所属企业：所选企业不存在或不在您的辖区内');
        values.enterpriseId = eff.enterpriseId;
        values.orgId = null;
      } else if (side === 'government') {
        if (!eff.orgId) throw badInput('所属机构：请选择所属机构');
        const inScope = me.side === 'platform' ? sql`true` : sql`o.id in ${jurisdictionOrgs(me)}`;
        const hit = await c.tx.execute(sql`select 1 from base_org o where o.id = ${eff.orgId} and ${inScope}`);
        if (!hit.rows.length) throw badInput('所属机构：所选机构不存在或不在您的辖区内');
        values.orgId = eff.orgId;
        values.enterpriseId = null;
      } else {
        values.enterpriseId = null;
        values.orgId = null;
      }
    }

    // 账户 signs in alone, so it is unique across all users (the table's index is per enterprise)
    if (mode === 'add') {
      const username = String(values.username);
      await c.tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'user:' + username}))`);
      const taken = await c.tx.execute(sql`select 1 from base_user where username = ${username}`);
      if (taken.rows.length) throw badInput(`账户“${username}”已存在`);
    }

    // disabling a user ends every session at once
    if (values.status === '0' && (mode === 'add' || existing?.status !== '0')) {
      if (existing && existing.id === me.id) throw badInput('状态：不能停用当前登录的账户');
      values.tokensValidAfter = new Date();
    }

    // roles: replaced as a whole when sent; only roles the caller may hand out
    if (mode === 'add' || 'groupIds' in input) {
      const wanted = [...new Set((values.groupIds as string[] | undefined) ?? [])];
      const current = existing
        ? (await c.tx.execute<{ group_id: string }>(sql`select group_id from base_group_member where user_id = ${existing.id}`)).rows.map((r) => r.group_id)
        : [];
      const added = await groupsByIds(c.tx, wanted.filter((g) => !current.includes(g)));
      const removed = await groupsByIds(c.tx, current.filter((g) => !wanted.includes(g)));
      await checkAssignable(c.tx, me, added, side, 'add');
      await checkAssignable(c.tx, me, removed, side, 'remove');
      // a side change must not leave roles of the other side behind
      if (existing && existing.side !== side) await checkAssignable(c.tx, me, await groupsByIds(c.tx, wanted), side, 'add');
      pendingRoles.set(input, wanted);
    }
  },

  async afterWrite(c, row, _mode, input) {
    const wanted = pendingRoles.get(input);
    if (!wanted) return;
    pendingRoles.delete(input);
    await c.tx.execute(sql`delete from base_group_member where user_id = ${row.id} and not (group_id = any(${uuidArray(wanted)}))`);
    if (wanted.length) {
      await c.tx.execute(sql`insert into base_group_member (group_id, user_id)
        select g, ${row.id}::uuid from unnest(${uuidArray(wanted)}) as g on conflict do nothing`);
    }
  },

  async beforeDelete(c, row) {
    if (row.id === c.user.id) throw badInput('不能删除当前登录的账户');
    await c.tx.execute(sql`delete from base_group_member where user_id = ${row.id}`);
    await c.tx.execute(sql`delete from base_group_leader where user_id = ${row.id}`);
  },
});

const passwordSchema = (label: string) => z.string({ error: `请输入${label}` }).min(1, `请输入${label}`).max(100, `${label}不能超过100个字符`);

export const userRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const app = fastify as unknown as App;
  const db = () => app.ctx.database.db;
  const tags = ['用户管理'];

  /** the user row within the caller's scope, or 40001 数据不存在或无权访问 */
  const scopedUser = async (me: SessionUser, id: string) => {
    const row = await findRow(db(), userDef, me, id);
    if (!row) throw notFound();
    return row;
  };

  app.put('/admin/user/resetPassword/:id', {
    config: { access: { element: 'userManager:btn_resetPassword' } },
    schema: { tags, summary: '重置密码', params: idParam, body: z.object({ password: passwordSchema('密码') }), response: answer(adminAnswers.done) },
  }, async (req) => {
    const { id } = req.params;
    const { password } = req.body;
    const msg = checkRule('password', password);
    if (msg) throw badInput(`密码：${msg}`);
    const row = await scopedUser(req.user!, id);
    const hashed = await hashPassword(password);
    await db().execute(sql`update base_user set password = ${hashed}, tokens_valid_after = now(), locked_until = null, failed_logins = 0,
      updated_at = now(), updated_by = ${req.user!.id}, version = version + 1 where id = ${id}`);
    req.audit = { before: { id, username: row.username }, after: { id, username: row.username, password: '(已重置)' } };
    return ok(null);
  });

  app.put('/admin/user/unlock/:id', {
    config: { access: { element: 'userManager:btn_unlock' } },
    schema: { tags, summary: '解锁', params: idParam, response: answer(adminAnswers.done) },
  }, async (req) => {
    const { id } = req.params;
    const row = await scopedUser(req.user!, id);
    await db().execute(sql`update base_user set locked_until = null, failed_logins = 0, updated_at = now(), updated_by = ${req.user!.id}, version = version + 1 where id = ${id}`);
    req.audit = { before: { id, username: row.username, lockedUntil: row.lockedUntil }, after: { id, username: row.username, lockedUntil: null } };
    return ok(null);
  });

  // roles a caller may pick for a user (the `groupIds` picker): [{ value, label }]
  app.get('/admin/group/options', {
    config: { access: { menu: 'userManager' } },
    schema: { tags, summary: '可分配的角色', querystring: z.object({ q: z.string().max(50).optional(), ids: z.string().max(4000).optional(), limit: z.coerce.number().int().min(1).max(100).optional() }),
      response: answer(adminAnswers.options) },
  }, async (req) => {
    const { q, ids, limit } = req.query;
    const conds = [visibleGroups(req.user!)];
    if (q) conds.push(sql`g.name ilike ${'%' + q.replace(/[\\%_]/g, (c) => '\\' + c) + '%'}`);
    if (ids) conds.push(sql`g.id::text = any(${textArray(ids.split(',').map((s) => s.trim()))})`);
    const r = await db().execute<{ value: string; label: string }>(sql`select g.id as value, g.name as label from base_group g
      where ${sql.join(conds, sql` and `)} order by g.name limit ${limit ?? 50}`);
    return ok(r.rows);
  });

  // ---------------------------------------------------------------------------
  // 个人中心
  // ---------------------------------------------------------------------------
  const any = { access: { anyUser: true } };

  app.get('/admin/user/profile', { config: any, schema: { tags: ['个人中心'], summary: '个人信息', response: answer(adminAnswers.profile) } }, async (req) => {
    const me = req.user!;
    const r = await db().execute<{ name: string; username: string; mobile: string | null; email: string | null; sex: string | null; side: Side;
      enterprise_name: string | null; org_name: string | null; last_login_at: Date | null }>(sql`
      select u.name, u.username, u.mobile, u.email, u.sex, u.side, e.name as enterprise_name, o.name as org_name, u.last_login_at
      from base_user u left join enterprise e on e.id = u.enterprise_id left join base_org o on o.id = u.org_id where u.id = ${me.id}`);
    const u = r.rows[0];
    if (!u) throw notFound();
    const logins = await db().execute<{ at: Date; ip: string | null; result: string; message: string | null }>(sql`
      select at, ip, result, message from login_log where user_id = ${me.id} order by at desc limit 20`);
    return ok({
      id: me.id, name: u.name, username: u.username, mobile: u.mobile, email: u.email, sex: u.sex, side: u.side,
      enterpriseName: u.enterprise_name, orgName: u.org_name, lastLoginAt: u.last_login_at,
      logins: logins.rows.map((l) => ({ at: l.at, ip: l.ip, result: l.result, message: l.message })),
    });
  });

  app.put('/admin/user/profile', {
    config: { access: { anyUser: true, opt: '修改个人信息' } },
    schema: {
      tags: ['个人中心'], summary: '修改个人信息',
      body: z.object({
        name: z.string({ error: '请输入姓名' }).trim().min(2, '姓名不能少于2个字符').max(20, '姓名不能超过20个字符'),
        mobile: z.string().trim().max(20, '手机：请输入正确手机号码').nullish(),
        email: z.string().trim().max(100, '邮箱不能超过100个字符').nullish(),
      }),
      response: answer(adminAnswers.profileEdit),
    },
  }, async (req) => {
    const me = req.user!;
    const body = req.body;
    const mobile = body.mobile || null, email = body.email || null;
    if (mobile) { const m = checkRule('mobile', mobile); if (m) throw badInput(`手机：${m}`); }
    if (email) { const m = checkRule('email', email); if (m) throw badInput(`邮箱：${m}`); }
    const before = (await db().execute(sql`select name, mobile, email from base_user where id = ${me.id}`)).rows[0];
    await db().execute(sql`update base_user set name = ${body.name}, mobile = ${mobile}, email = ${email}, updated_at = now(), updated_by = ${me.id}, version = version + 1 where id = ${me.id}`);
    const after = { name: body.name, mobile, email };
    req.audit = { before, after };
    return ok(after);
  });

  app.put('/admin/user/password', {
    config: { access: { anyUser: true, opt: '修改密码' } },
    schema: { tags: ['个人中心'], summary: '修改密码', body: z.object({ oldPassword: passwordSchema('原密码'), newPassword: passwordSchema('新密码') }),
      response: answer(adminAnswers.newToken) },
  }, async (req) => {
    const me = req.user!;
    const { oldPassword, newPassword } = req.body;
    // the old password is a secret too: limit guesses made with a stolen session
    if (!(await app.ctx.state.hit(`pwd:${me.id}`, 10, 600))) throw badInput('尝试次数过多，请稍后再试');
    const r = await db().execute<{ password: string }>(sql`select password from base_user where id = ${me.id}`);
    if (!r.rows[0] || !(await verify(r.rows[0].password, oldPassword).catch(() => false))) throw badInput('原密码不正确');
    const msg = checkRule('password', newPassword);
    if (msg) throw badInput(`新密码：${msg}`);
    if (newPassword === oldPassword) throw badInput('新密码：新密码不能与原密码相同');
    const r2 = await db().execute<{ token_epoch: number }>(sql`update base_user set password = ${await hashPassword(newPassword)}, tokens_valid_after = now(), updated_at = now(), version = version + 1 where id = ${me.id} returning token_epoch`);
    // every earlier token dies: the password change moved the user's token epoch on (a trigger); the caller gets a new one
    const { token } = app.ctx.tokens.sign(me, me.token.kind, r2.rows[0]!.token_epoch);
    return ok(token);
  });
};
