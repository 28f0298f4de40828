/** Document numbers (prefix + today + a 5-digit sequence) and the issuing unit's name, shared by the workflows here. */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import type { SessionUser } from './access.ts';

export async function nextNo(tx: Db, prefix: string, sequence: string): Promise<string> {
  const r = await tx.execute<{ no: string }>(sql`select ${prefix} || to_char(current_date, 'YYYYMMDD') || lpad((nextval(${sequence}::regclass) % 100000)::text, 5, '0') as no`);
  return r.rows[0]!.no;
}

/** the name of the user's organisation (a government unit), else the user's own name */
export async function issuerOf(tx: Db, user: SessionUser): Promise<string> {
  if (!user.orgId) return user.name;
  const r = await tx.execute<{ name: string }>(sql`select name from base_org where id = ${user.orgId}`);
  return r.rows[0]?.name ?? user.name;
}
