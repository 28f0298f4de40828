/**
 * 操作日志: who sees which rows. An enterprise sees its own; a government sees the rows of the
 * enterprises in its jurisdiction and the rows written by the users of its organisations (those carry no
 * enterprise); the platform sees everything.
 */
import { sql } from 'drizzle-orm';
import { defineHooks } from '../../platform/crud/hooks.ts';
import { jurisdictionEnterprises, jurisdictionOrgs } from './common.ts';

defineHooks('gateLog', {
  scope(user, t) {
    if (user.side === 'platform') return sql`true`;
    if (user.side === 'enterprise') return user.enterpriseId ? sql`${t.enterpriseId} = ${user.enterpriseId}` : sql`false`;
    if (!user.regionCode) return sql`false`;
    return sql`(${t.enterpriseId} in ${jurisdictionEnterprises(user)}
      or (${t.enterpriseId} is null and ${t.crtUser} in (select u.id::text from base_user u where u.org_id in ${jurisdictionOrgs(user)})))`;
  },
});
