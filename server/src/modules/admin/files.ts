/**
 * Attachments, at the product's paths /zxxx/file/add, getAttachment/{id}, del/{id}. Files go to
 * `<dataDir>/files/yyyy/mm/<uuid>` — never a path the client chose; the original name lives only in the database.
 * Who may read: the uploader's enterprise, governments whose jurisdiction holds it, the platform; files with no
 * enterprise (uploaded by a government or the platform) are readable by every signed-in user.
 */
import { createReadStream } from 'node:fs';
import { rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { App } from '../../platform/context.ts';
import type { SessionUser } from '../../platform/access.ts';
import { enterpriseScope, holdsElement } from '../../platform/access.ts';
import { ok, badInput, notFound, forbidden } from '../../platform/errors.ts';
import { adminAnswers, resourceByKey, elementCode } from '@dg/core';
import { answer } from '../../platform/answers.ts';
import { z } from 'zod';
import { idParam } from '../../platform/schemas.ts';
import { INCOMPLETE_UPLOAD, brokenBody } from '../../platform/input-guard.ts';
import { FILE_MODE, PARTIAL, filesDir, makeStorageDir, newStoragePath, storageRefusal, storedFile, streamToNewFile, syncDir } from '../../platform/attachment-store.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const MAX_FILE_BYTES = 20 * 1024 * 1024;
const MIME: Record<string, string> = {
  jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', pdf: 'application/pdf',
  doc: 'application/msword', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv', txt: 'text/plain', zip: 'application/zip', apk: 'application/vnd.android.package-archive', mp4: 'video/mp4', webm: 'video/webm',
};
const INLINE = new Set(['image/jpeg', 'image/png', 'image/gif', 'application/pdf', 'video/mp4', 'video/webm']);

export type AttachmentRow = { id: string; name: string; mime: string; size: number; storage_path: string; enterprise_id: string | null; created_by: string | null };

/** the attachment if `user` may read it */
export function readableBy(user: SessionUser) {
  return sql`(a.enterprise_id is null or ${enterpriseScope(user, sql`a.enterprise_id`)})`;
}

/** `attachment; filename="ascii"; filename*=UTF-8''…` — the UTF-8 name for browsers, a safe fallback for the rest */
export function disposition(name: string, inline: boolean) {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export async function sendAttachment(app: App, reply: FastifyReply, a: AttachmentRow) {
  const file = storedFile(app.ctx.config.dataDir, a.storage_path);
  // the stored path is ours (yyyy/mm/uuid), but never follow one that leaves the files directory
  if (!file.startsWith(filesDir(app.ctx.config.dataDir) + path.sep)) throw notFound();
  const st = await stat(file).catch(() => null);
  if (!st) throw badInput('文件已丢失，请重新上传');
  reply
    .header('Content-Type', a.mime)
    .header('Content-Disposition', disposition(a.name, INLINE.has(a.mime)))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, max-age=0')
    .header('Accept-Ranges', 'bytes');
  // a player seeks with a Range request: only the bytes asked for are read from disk and sent
  const range = reply.request.headers.range;
  if (range === undefined) return reply.header('Content-Length', st.size).send(createReadStream(file));
  const part = byteRange(range, st.size);
  if (!part) return reply.code(416).header('Content-Range', `bytes */${st.size}`).send();
  return reply.code(206)
    .header('Content-Range', `bytes ${part.start}-${part.end}/${st.size}`)
    .header('Content-Length', part.end - part.start + 1)
    .send(createReadStream(file, { start: part.start, end: part.end }));
}

/** one range of `bytes=a-b`, `a-` or `-n` (the last n) within a file of `size` bytes; null when it cannot be served */
export function byteRange(header: string, size: number): { start: number; end: number } | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '') || size === 0) return null;
  if (m[1] === '') {
    const n = Number(m[2]);
    return n > 0 ? { start: Math.max(0, size - n), end: size - 1 } : null;
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  return Number.isSafeInteger(start) && start < size && start <= end ? { start, end } : null;
}

/** a write element of any page: someone who can fill in a form (a user with no role cannot upload or delete) */
const canWriteSomewhere = (user: SessionUser) => [...user.elements].some((e) => /:btn_(add|edit)$/.test(e));

/**
 * What a file is attached to decides who may touch it, like the record itself: `bizType` names the resource whose
 * form uploaded it (its add or edit element to upload and delete, its menu to read); a file without one is the
 * uploader's to delete, and anyone's in scope to read. The data scope of the file's enterprise applies always.
 */
function mayWrite(user: SessionUser, bizType: string | null | undefined, action: 'upload' | 'delete'): boolean {
  const def = bizType ? resourceByKey(bizType) : undefined;
  if (bizType && !def) return false;
  if (!def) return canWriteSomewhere(user);
  const edit = holdsElement(user, elementCode(def, 'edit'));
  return action === 'delete' ? edit : edit || holdsElement(user, elementCode(def, 'add'));
}
function mayRead(user: SessionUser, bizType: string | null) {
  const def = bizType ? resourceByKey(bizType) : undefined;
  return def ? user.menus.has(def.menu) : user.menus.size > 0;
}

export const fileRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const app = fastify as unknown as App;
  const db = () => app.ctx.database.db;
  const any = { access: { anyUser: true } };
  const tags = ['附件'];

  app.post('/zxxx/file/add', {
    config: { access: { anyUser: true, opt: '上传附件' } },
    schema: { tags, summary: '上传附件（multipart 字段 file）', querystring: z.object({ bizType: z.string().max(64).optional() }), response: answer(adminAnswers.uploaded) },
  }, async (req) => {
    if (!req.isMultipart()) throw badInput('请选择要上传的文件');
    const user = req.user!;
    const bizType = req.query.bizType || null;
    if (!mayWrite(user, bizType, 'upload')) throw forbidden();
    if (user.side === 'enterprise' && !user.enterpriseId) throw badInput('您的账户未关联企业，不能上传附件');
    const part = await req.file({ limits: { fileSize: MAX_FILE_BYTES, files: 1 }, throwFileSizeLimit: false });
    if (!part) throw badInput('请选择要上传的文件');
    // the input guard refused a NUL already; other control characters are dropped from the name shown and sent back
    const name = path.basename((part.filename || '').replace(/[\u0000-\u001f\u007f]/g, '')).slice(-200) || 'file';
    const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
    if (!ext || !MIME[ext]) {
      part.file.resume();
      throw badInput('不支持的文件类型');
    }
    const rel = newStoragePath();
    const abs = storedFile(app.ctx.config.dataDir, rel);
    // written under a `.part` name, flushed, renamed once whole and the name flushed (platform/attachment-store.ts)
    const partial = abs + PARTIAL;
    /** a files directory that is full or cannot be written: the file's remains removed, the operator told, the user refused */
    const refuse = async (err: unknown, file: string) => {
      await unlink(file).catch(() => {});
      const refusal = storageRefusal(err);
      if (!refusal) return err;
      if (!part.file.destroyed) part.file.resume();
      req.log.error({ traceId: req.id, code: (err as NodeJS.ErrnoException).code, syscall: (err as NodeJS.ErrnoException).syscall, dir: filesDir(app.ctx.config.dataDir) }, 'attachment not stored');
      return refusal;
    };
    try {
      await makeStorageDir(app.ctx.config.dataDir, rel);
      await streamToNewFile(part.file, partial, FILE_MODE, true);
    } catch (err) {
      if (brokenBody(err)) { await unlink(partial).catch(() => {}); throw badInput(INCOMPLETE_UPLOAD); }
      throw await refuse(err, partial);
    }
    if (part.file.truncated) {
      await unlink(partial).catch(() => {});
      throw badInput('文件大小不能超过20MB');
    }
    let size: number;
    try {
      await rename(partial, abs);
      await syncDir(path.dirname(abs));
      size = (await stat(abs)).size;
    } catch (err) {
      await unlink(partial).catch(() => {});
      throw await refuse(err, abs);
    }
    // a file is on disk only with its row: one the database refuses is removed again
    const r = await db().execute<{ id: string }>(sql`insert into attachment (name, mime, size, storage_path, enterprise_id, created_by, biz_type)
      values (${name}, ${MIME[ext]}, ${size}, ${rel}, ${user.side === 'enterprise' ? user.enterpriseId : null}, ${user.id}, ${bizType}) returning id`)
      .catch(async (err: unknown) => { await unlink(abs).catch(() => {}); throw err; });
    const row = { id: r.rows[0]!.id, name, size, mime: MIME[ext]! };
    req.audit = { after: row };
    return ok(row);
  });

  app.get('/zxxx/file/getAttachment/:id', { config: any, schema: { tags, summary: '下载附件', params: idParam } }, async (req, reply) => {
    const { id } = req.params;
    const r = await db().execute<AttachmentRow & { biz_type: string | null }>(sql`select a.id, a.name, a.mime, a.size, a.storage_path, a.enterprise_id, a.created_by, a.biz_type
      from attachment a where a.id = ${id} and a.deleted_at is null and ${readableBy(req.user!)}`);
    if (!r.rows[0]) throw notFound();
    if (!mayRead(req.user!, r.rows[0].biz_type)) throw forbidden();
    return sendAttachment(app, reply, r.rows[0]);
  });

  app.delete('/zxxx/file/del/:id', { config: { access: { anyUser: true, opt: '删除附件' } }, schema: { tags, summary: '删除附件', params: idParam, response: answer(adminAnswers.done) } }, async (req) => {
    const { id } = req.params;
    const user = req.user!;
    // the uploader's enterprise, the uploader itself, or the platform; the file stays on disk (records keep their evidence)
    const scope = user.side === 'platform' ? sql`true`
      : user.side === 'enterprise' && user.enterpriseId ? sql`enterprise_id = ${user.enterpriseId}`
      : sql`(enterprise_id is null and created_by = ${user.id})`;
    const found = await db().execute<{ id: string; name: string; biz_type: string | null; created_by: string | null }>(
      sql`select id, name, biz_type, created_by from attachment where id = ${id} and deleted_at is null and ${scope}`);
    const a = found.rows[0];
    if (!a) throw notFound();
    // a file of no record is its uploader's; a record's file needs that record's edit element
    if (!mayWrite(user, a.biz_type, 'delete') || (!a.biz_type && a.created_by !== user.id && user.side !== 'platform')) throw forbidden();
    await db().execute(sql`update attachment set deleted_at = now() where id = ${id} and deleted_at is null`);
    req.audit = { before: { id: a.id, name: a.name } };
    return ok(null);
  });
};
