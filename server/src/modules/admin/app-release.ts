/**
 * APP管理: the driver app asks `GET /api/app/latest?platform=Android` (no token) for the newest
 * release. The installer of a release is also downloadable without a token (`/api/app/download/{id}`): the app
 * updates itself before anyone has signed in. Only files that are a release's installer are served there.
 */
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { App } from '../../platform/context.ts';
import { ok, notFound } from '../../platform/errors.ts';
import { idParam } from '../../platform/schemas.ts';
import { answer } from '../../platform/answers.ts';
import { adminAnswers } from '@dg/core';
import { sendAttachment, type AttachmentRow } from './files.ts';

type ReleaseRow = { id: string; version: unknown; platform: string; package: { id: string; name?: string }[] | { id: string; name?: string } | null; notes: string | null; force: boolean | null; created_at: Date };

export const appReleaseRoutes: FastifyPluginAsyncZod = async (fastify) => {
  if (fastify.prefix !== '/api') return;
  const app = fastify as unknown as App;
  const db = () => app.ctx.database.db;
  const tags = ['APP管理'];

  app.get('/app/latest', {
    config: { access: { public: true } },
    schema: { tags, summary: '最新版本', querystring: z.object({ platform: z.enum(['Android', 'iOS'], { error: '平台：请选择Android或iOS' }).optional() }),
      response: answer(adminAnswers.appRelease) },
  }, async (req) => {
    const platform = req.query.platform ?? 'Android';
    const r = await db().execute<ReleaseRow>(sql`select id, version_name as version, platform, package, notes, force, created_at from app_release
      where platform = ${platform} order by created_at desc limit 1`);
    const rel = r.rows[0];
    if (!rel) return ok(null);
    const pkg = Array.isArray(rel.package) ? rel.package[0] : rel.package;
    return ok({
      id: rel.id, version: rel.version === null || rel.version === undefined ? null : String(rel.version), platform: rel.platform,
      force: !!rel.force, notes: rel.notes, releasedAt: rel.created_at,
      url: pkg?.id ? `/api/zxxx/file/getAttachment/${pkg.id}` : null,
      downloadUrl: pkg?.id ? `/api/app/download/${pkg.id}` : null,
    });
  });

  app.get('/app/download/:id', { config: { access: { public: true } }, schema: { tags, summary: '下载安装包（无需令牌）', params: idParam } }, async (req, reply) => {
    const { id } = req.params;
    const r = await db().execute<AttachmentRow>(sql`select a.id, a.name, a.mime, a.size, a.storage_path, a.enterprise_id, a.created_by from attachment a
      where a.id = ${id} and a.deleted_at is null and a.enterprise_id is null
        and exists (select 1 from app_release r where r.package @> ${JSON.stringify([{ id }])}::jsonb or r.package->>'id' = ${id})`);
    if (!r.rows[0]) throw notFound();
    return sendAttachment(app, reply, r.rows[0]);
  });
};
