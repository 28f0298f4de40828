import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SESSION_MS } from '@dg/core';

export type TokenKind = 'admin' | 'super';
/** `ep`: the user's token epoch when it was issued (a password change, a disable or a role change moves it on) */
export interface TokenClaims { sub: string; username: string; name: string; kind: TokenKind; jti: string; iat: number; exp: number; ep: number }

/**
 * The signing secret, from (first that is set) JWT_SECRET, the file JWT_SECRET_FILE names, or `<DATA_DIR>/jwt-secret`,
 * created on first start with 0600 permissions. Never from the database: whoever can read a table must not be able
 * to forge a session. Several instances behind one address share JWT_SECRET or one JWT_SECRET_FILE.
 */
export function loadSecret(o: { secret?: string; secretFile?: string; dataDir: string }): Buffer {
  if (o.secret) return Buffer.from(o.secret);
  if (o.secretFile) {
    const v = readFileSync(o.secretFile, 'utf8').trim();
    if (v.length < 32) throw new Error(`JWT_SECRET_FILE ${o.secretFile}: the secret must be at least 32 characters`);
    return Buffer.from(v);
  }
  const file = path.join(o.dataDir, 'jwt-secret');
  mkdirSync(o.dataDir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(48).toString('base64url') + '\n', { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600); // an earlier copy made readable by others
  }
  return Buffer.from(readFileSync(file, 'utf8').trim());
}

/**
 * HS256 session tokens signed and verified with node:crypto (an HMAC and a constant-time compare: a few microseconds,
 * where WebCrypto through jose cost a tenth of a busy instance's CPU). Every claim is required: a token without `exp`,
 * `jti` or the user's token epoch `ep` is refused.
 */
export class Tokens {
  private key: Buffer;
  constructor(secret: Uint8Array | string) { this.key = Buffer.from(secret); }

  /** the signing key, for the service clients' tokens (admin/service-clients.ts) */
  get secret(): Uint8Array { return this.key; }

  private mac(data: string) { return createHmac('sha256', this.key).update(data).digest(); }

  sign(user: { id: string; username: string; name: string }, kind: TokenKind, epoch: number): { token: string; claims: TokenClaims } {
    const iat = Math.floor(Date.now() / 1000);
    const claims: TokenClaims = { sub: user.id, username: user.username, name: user.name, kind, jti: randomUUID(), iat, exp: iat + SESSION_MS / 1000, ep: epoch };
    const body = `${HEADER}.${Buffer.from(JSON.stringify({ username: claims.username, name: claims.name, kind, ep: epoch, sub: claims.sub, jti: claims.jti, iat, exp: claims.exp })).toString('base64url')}`;
    return { token: `${body}.${this.mac(body).toString('base64url')}`, claims };
  }

  /** AG-Admin's messages: User token expired! / User token signature error! / User token is null or empty! */
  verify(token: string | undefined): TokenClaims | { error: string } {
    if (!token) return { error: 'User token is null or empty!' };
    const dot = token.lastIndexOf('.');
    const first = token.indexOf('.');
    if (first <= 0 || dot <= first || token.length > 4096) return { error: 'User token signature error!' };
    const sig = Buffer.from(token.slice(dot + 1), 'base64url');
    const want = this.mac(token.slice(0, dot));
    if (sig.length !== want.length || !timingSafeEqual(sig, want)) return { error: 'User token signature error!' };
    let header: { alg?: unknown }, p: Record<string, unknown>;
    try {
      header = JSON.parse(Buffer.from(token.slice(0, first), 'base64url').toString('utf8'));
      p = JSON.parse(Buffer.from(token.slice(first + 1, dot), 'base64url').toString('utf8'));
    } catch { return { error: 'User token signature error!' }; }
    if (header?.alg !== 'HS256' || !p || typeof p !== 'object') return { error: 'User token signature error!' };
    const { sub, username, name, kind, jti, iat, exp, ep } = p;
    if (typeof sub !== 'string' || typeof jti !== 'string' || typeof iat !== 'number' || typeof exp !== 'number' || typeof ep !== 'number'
      || (kind !== 'admin' && kind !== 'super') || typeof username !== 'string' || typeof name !== 'string') return { error: 'User token signature error!' };
    if (exp * 1000 <= Date.now()) return { error: 'User token expired!' };
    return { sub, username, name, kind, jti, iat, exp, ep };
  }
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
