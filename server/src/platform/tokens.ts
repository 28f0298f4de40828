import { SignJWT, jwtVerify, errors } from 'jose';
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { SESSION_MS } from '@dg/core';
import type { Db } from '../db/index.ts';

export type TokenKind = 'admin' | 'super';
export interface TokenClaims { sub: string; username: string; name: string; kind: TokenKind; jti: string; iat: number; exp: number }

/** JWT_SECRET, or one generated on first start and kept in the database (so every instance shares it). */
export async function loadSecret(db: Db, fromEnv?: string): Promise<Uint8Array> {
  if (fromEnv) return new TextEncoder().encode(fromEnv);
  const fresh = randomBytes(48).toString('base64url');
  await db.execute(sql`insert into system_flag (key, value) values ('jwt_secret', ${fresh}) on conflict (key) do nothing`);
  const r = await db.execute<{ value: string }>(sql`select value from system_flag where key = 'jwt_secret'`);
  return new TextEncoder().encode(r.rows[0]!.value);
}

export class Tokens {
  constructor(private secret: Uint8Array) {}

  async sign(user: { id: string; username: string; name: string }, kind: TokenKind): Promise<{ token: string; claims: TokenClaims }> {
    const iat = Math.floor(Date.now() / 1000);
    const exp = iat + SESSION_MS / 1000;
    const jti = randomUUID();
    const token = await new SignJWT({ username: user.username, name: user.name, kind })
      .setProtectedHeader({ alg: 'HS256' }).setSubject(user.id).setJti(jti).setIssuedAt(iat).setExpirationTime(exp)
      .sign(this.secret);
    return { token, claims: { sub: user.id, username: user.username, name: user.name, kind, jti, iat, exp } };
  }

  /** AG-Admin's messages: User token expired! / User token signature error! / User token is null or empty! */
  async verify(token: string | undefined): Promise<TokenClaims | { error: string }> {
    if (!token) return { error: 'User token is null or empty!' };
    try {
      const { payload } = await jwtVerify(token, this.secret, { algorithms: ['HS256'] });
      return payload as unknown as TokenClaims;
    } catch (e) {
      if (e instanceof errors.JWTExpired) return { error: 'User token expired!' };
      return { error: 'User token signature error!' };
    }
  }
}
