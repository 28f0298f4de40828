/**
 * 服务管理: API clients of integrations (GPS platform, national exchange). A client's secret is
 * shown once — in the answer that created or reset it — and stored only as an argon2 hash. Clients exchange code and
 * secret for a one-hour client token (`POST /api/open/token`) and call open APIs within their allowed path prefixes.
 */
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { hash, verify } from '@node-rs/argon2';
import type { FastifyRequest } from 'fastify';
import { STATUS, adminAnswers } from '@dg/core';
import { answer } from '../../platform/answers.ts';
import type { App } from '../../platform/context.ts';
import { defineHooks } from '../../platform/crud/hooks.ts';
import { ok, badInput, notFound, ApiError } from '../../platform/errors.ts';
import { idParam } from '../../platform/schemas.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const CLIENT_TOKEN_SECONDS = 3600;
const newSecret = () => randomBytes(24).toString('base64url');
const hashSecret = (s: string) => hash(s, { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
/** tokens carry a fingerprint of the stored hash: resetting the secret ends every token issued with the old one */
const fingerprint = (secretHash: string) => createHash('sha256').update(secretHash).digest('base64url').slice(0, 16);

/** secrets of clients just created, handed to the add answer once (same request, same process) */
const freshSecrets = new Map<string, string>();
const pendingByInput = new WeakMap<object, string>();

defineHooks('serviceClient', {
  async beforeWrite(_c, values, mode, _existing, input) {
    if (mode !== 'add') return;
    const secret = newSecret();
    values.secretHash = await hashSecret(secret);
    pendingByInput.set(input, secret);
  },
  async afterWrite(_c, row, mode, input) {
    if (mode !== 'add') return;
    const secret = pendingByInput.get(input);
    pendingByInput.delete(input);
    if (!secret) return;
    freshSecrets.set(row.id as string, secret);
    // if the answer is never built (the transaction failed), forget it anyway
    setTimeout(() => freshSecrets.delete(row.id as string), 30_000).unref();
  },
  afterRead(_c, rows) {
    for (const r of rows) {
      delete r.secretHash;
      const secret = freshSecrets.get(r.id as string);
      if (secret) { r.secret = secret; freshSecrets.delete(r.id as string); }
    }
  },
});
/** the JWT secret of this deployment (shared by every instance), for the client tokens */
const signingKey = (app: App) => app.ctx.tokens.secret;

type ClientRow = { id: string; code: string; name: string; enabled: boolean | null; secret_hash: string | null; allowed_paths: string | null };
const clientError = (message: string) => new ApiError(STATUS.TOKEN, message, 401);

/**
 * The client calling an open API: a valid client token (Authorization header), the client still enabled and its
 * secret unchanged, and the path inside one of its allowed prefixes (AG-Admin's 40331 "client forbidden" otherwise).
 */
export async function openClient(app: App, req: FastifyRequest): Promise<ClientRow> {
  const header = req.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7) : header;
  if (!token) throw clientError('Client token is null or empty!');
  let payload: { sub?: string; kind?: string; fp?: string };
  try {
    payload = (await jwtVerify(token, signingKey(app), { algorithms: ['HS256'] })).payload as typeof payload;
  } catch {
    throw clientError('Client token expired or signature error!');
  }
  if (payload.kind !== 'client' || !payload.sub) throw clientError('Client token expired or signature error!');
  const r = await app.ctx.database.db.execute<ClientRow>(sql`select id, code, name, enabled, secret_hash, allowed_paths from service_client where id = ${payload.sub}`);
  const c = r.rows[0];
  if (!c || !c.enabled || !c.secret_hash || fingerprint(c.secret_hash) !== payload.fp) throw clientError('Client token expired or signature error!');
  const path = req.url.split('?')[0]!;
  const allowed = (c.allowed_paths ?? '').split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  if (!allowed.some((p) => path === p || path.startsWith(p.endsWith('/') ? p : p + '/') || (p.endsWith('*') && path.startsWith(p.slice(0, -1))))) {
    throw new ApiError(40331, '该服务无权访问此接口', 200);
  }
  return c;
}

export const serviceClientRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const app = fastify as unknown as App;
  const db = () => app.ctx.database.db;

  app.post('/admin/serviceClient/resetSecret/:id', {
    config: { access: { element: 'serviceManager:btn_resetSecret' } },
    schema: { tags: ['服务管理'], summary: '重置密钥', params: idParam, response: answer(adminAnswers.secretReset) },
  }, async (req) => {
    const { id } = req.params;
    const secret = newSecret();
    const r = await db().execute<{ id: string; code: string; name: string }>(sql`update service_client set secret_hash = ${await hashSecret(secret)},
        updated_at = now(), updated_by = ${req.user!.id}, version = version + 1 where id = ${id} returning id, code, name`);
    const c = r.rows[0];
    if (!c) throw notFound();
    req.audit = { before: { id, code: c.code }, after: { id, code: c.code, secret: '(已重置)' } };
    return ok({ id: c.id, code: c.code, name: c.name, secret });
  });

  // the open API lives on the main prefix only
  if (fastify.prefix !== '/api') return;

  app.post('/open/token', {
    config: { access: { public: true } },
    schema: {
      tags: ['开放接口'], summary: '获取服务令牌',
      body: z.object({
        code: z.string({ error: '请输入服务编码' }).trim().min(1, '请输入服务编码').max(64, '服务编码不能超过64个字符'),
        secret: z.string({ error: '请输入服务密钥' }).min(1, '请输入服务密钥').max(200, '服务密钥不能超过200个字符'),
      }),
      response: answer(adminAnswers.clientToken),
    },
  }, async (req) => {
    const { code, secret } = req.body;
    if (!(await app.ctx.state.hit(`open-token:${req.ip}`, 30, 60))) throw badInput('请求过于频繁，请稍后再试');
    const r = await db().execute<ClientRow>(sql`select id, code, name, enabled, secret_hash, allowed_paths from service_client where code = ${code}`);
    const c = r.rows[0];
    const good = !!c?.secret_hash && await verify(c.secret_hash, secret).catch(() => false);
    if (!c || !good) throw badInput('服务编码或密钥错误');
    if (!c.enabled) throw badInput('该服务已停用');
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ kind: 'client', code: c.code, fp: fingerprint(c.secret_hash!) })
      .setProtectedHeader({ alg: 'HS256' }).setSubject(c.id).setIssuedAt(now).setExpirationTime(now + CLIENT_TOKEN_SECONDS)
      .sign(signingKey(app));
    return ok({ token, expiresIn: CLIENT_TOKEN_SECONDS });
  });

  app.get('/open/ping', { config: { access: { public: true } }, schema: { tags: ['开放接口'], summary: '连通性检查（服务令牌）', response: answer(adminAnswers.openPing) } }, async (req) => {
    const c = await openClient(app, req);
    return ok({ client: c.code, time: new Date().toISOString() });
  });
};
