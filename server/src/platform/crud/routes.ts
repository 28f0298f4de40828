/** The routes of a resource (docs/api-contract.md "Resource routes"), from its definition alone. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { type ResourceDef, MSG, columnName, elementCode, resourceZod } from '@dg/core';
import { optionMenus } from '@dg/core/options';
import { ok, badInput } from '../errors.ts';
import type { App } from '../context.ts';
import { listRows, findRow, present, presentOne, whereOf, tableOf } from './query.ts';
import { addRow, updateRow, deleteRow } from './write.ts';
import { readFile } from 'node:fs/promises';
import { exportXlsx, xlsxDisposition, templateBuffer, importRows, importUploadBytes, spoolUpload, UPLOAD_BYTES } from './excel.ts';
import { and, sql } from 'drizzle-orm';
import { notFound } from '../errors.ts';
import { UUID_RE, idParam, listBody as sharedListBody } from '../schemas.ts';
import { enterpriseAudience, type LiveEvent } from '../events.ts';
import { readAccess, type SessionUser } from '../access.ts';
import type { Row } from './hooks.ts';
import type { Db } from '../../db/index.ts';

const listBody = sharedListBody.extend({ parentId: z.string().optional() });

/**
 * who hears of a write to a resource's rows (the live stream: their screens refetch what is keyed by the resource):
 * the row's enterprise and the supervisors of its region, or everyone where the rows belong to no enterprise
 */
async function audienceOf(db: Db, def: ResourceDef, user: SessionUser, row: Row | null): Promise<Omit<LiveEvent, 'keys'>> {
  const enterpriseId = def.scope === 'enterpriseSelf' ? row?.id : def.scope === 'enterprise' ? (row?.enterpriseId ?? user.enterpriseId) : null;
  return typeof enterpriseId === 'string' ? enterpriseAudience(db, enterpriseId) : { all: true };
}

export function resourceRoutes(def: ResourceDef): FastifyPluginAsyncZod {
  return async (app) => {
    const a = app as unknown as App;
    const db = () => a.ctx.database.db;
    const menu = { access: readAccess(def) };
    const el = (action: string) => ({ access: { element: elementCode(def, action) } });
    const tags = [def.title];
    /** the write is committed: a live event lost on the way costs the others a refetch on their next visit, never the write */
    const published = async (req: FastifyRequest, row: Row | null) => {
      try {
        await a.ctx.events.publish({ keys: [def.key], ...(await audienceOf(db(), def, req.user!, row)) });
      } catch (err) {
        req.log.warn({ err, resource: def.key }, 'live event of a write not published');
      }
    };

    app.post('/list', { config: menu, schema: { tags, summary: `${def.title}列表`, body: listBody.optional() } }, async (req) => {
      const body: z.infer<typeof listBody> = req.body ?? {};
      return ok(await listRows(db(), def, req.user!, { ...body, sort: body.sort ?? undefined }));
    });
    app.get('/info/:id', { config: menu, schema: { tags, summary: `${def.title}详情`, params: idParam } }, async (req) => {
      const row = await findRow(db(), def, req.user!, req.params.id);
      if (!row) throw notFound();
      return ok(await presentOne(db(), def, req.user!, row));
    });
    // pickers name a row by its label field: a resource without one (e.g. 操作日志) has no options. They are read by
    // the screens that pick these rows (optionMenus), in the list's data scope (whereOf)
    const pickers = { access: { anyMenu: optionMenus(def) } };
    if (def.labelField || 'name' in def.fields) app.get('/options', { config: pickers, schema: { tags, summary: `${def.title}选项`, querystring: z.object({ q: z.string().max(50).optional(), limit: z.coerce.number().int().min(1).max(100).optional(), ids: z.string().optional() }) } }, async (req) => {
      const { q, limit, ids } = req.query;
      const t = tableOf(def);
      const label = def.labelField ?? 'name';
      const conds = [whereOf(def, req.user!, {})];
      if (q) conds.push(sql`${t[label]} ilike ${'%' + q.replace(/[\\%_]/g, (c) => '\\' + c) + '%'}`);
      if (ids !== undefined) {
        const wanted = ids.split(',').filter((i) => UUID_RE.test(i));
        if (!wanted.length) return ok([]);
        conds.push(sql`${t.id} in (${sql.join(wanted.map((i) => sql`${i}`), sql`, `)})`);
      }
      const rows = await db().execute<{ value: string; label: string }>(sql`select id as value, ${sql.identifier(columnName(label))} as label from ${t} where ${and(...conds)} order by 2 limit ${limit ?? 20}`);
      return ok(rows.rows);
    });

    if (def.readOnly) {
      app.post('/export', { config: el('export'), schema: { tags, summary: `导出${def.title}`, body: listBody.optional() } }, async (req, reply) => {
        const body: z.infer<typeof listBody> = req.body ?? {};
        // bad filters or a failing query answer the envelope: the file's headers are set after the first page is read
        const file = await exportXlsx(db(), def, req.user!, { ...body, sort: body.sort ?? undefined });
        reply.header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').header('Content-Disposition', xlsxDisposition());
        return reply.send(file);
      });
      return;
    }

    app.post('/add', { config: el('add'), schema: { tags, summary: `新增${def.title}`, body: resourceZod(def, 'add') } }, async (req) => {
      const row = await addRow(a, db(), def, req.user!, req.body);
      req.audit = { after: row };
      await published(req, row);
      return ok((await present(db(), def, req.user!, [row]))[0]);
    });
    app.put('/update', { config: el('edit'), schema: { tags, summary: `修改${def.title}`, body: resourceZod(def, 'update').and(z.object({ id: z.string({ error: '缺少id' }), version: z.coerce.number({ error: '缺少版本号version，请刷新后重试' }) })) } }, async (req) => {
      const { before, after, held } = await updateRow(a, db(), def, req.user!, req.body);
      req.audit = { before, after };
      await published(req, after);
      const shown = await presentOne(db(), def, req.user!, after);
      return held ? ok(shown, MSG.changeHeld(held.map((k) => def.fields[k]!.label))) : ok(shown);
    });
    app.delete('/del/:id', { config: el('del'), schema: { tags, summary: `删除${def.title}`, params: idParam } }, async (req) => {
      const row = await deleteRow(a, db(), def, req.user!, req.params.id);
      req.audit = { before: row };
      await published(req, row);
      return ok(null);
    });
    app.post('/export', { config: el('export'), schema: { tags, summary: `导出${def.title}`, body: listBody.optional() } }, async (req, reply) => {
      const body: z.infer<typeof listBody> = req.body ?? {};
      // bad filters or a failing query answer the envelope: the file's headers are set after the first page is read
      const file = await exportXlsx(db(), def, req.user!, { ...body, sort: body.sort ?? undefined });
      reply.header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').header('Content-Disposition', xlsxDisposition());
      return reply.send(file);
    });
    // import is a button of the menu (menus.ts `import`): a resource whose menu has none has no import routes
    if (!elementCode(def, 'import')) return;
    app.get('/template', { config: el('import'), schema: { tags, summary: `${def.title}导入模板` } }, async (_req, reply) => {
      reply.header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').header('Content-Disposition', xlsxDisposition(`${def.title}导入模板`));
      return reply.send(await templateBuffer(def));
    });
    app.post('/import', { config: el('import'), schema: { tags, summary: `导入${def.title}`, querystring: z.object({ validOnly: z.enum(['0', '1']).optional(), jobId: z.string().max(64).optional() }) } }, async (req) => {
      const { validOnly, jobId } = req.query;
      const file = await req.file({ limits: { fileSize: importUploadBytes(def) } });
      if (!file) throw badInput('请选择要导入的文件');
      if (!/\.(xlsx|csv)$/i.test(file.filename)) throw badInput('只支持xlsx或csv文件');
      const upload = await spoolUpload(file.file, a.ctx.config.dataDir);
      let report;
      try {
        const csv = /\.csv$/i.test(file.filename);
        if (!csv && upload.bytes > UPLOAD_BYTES) throw badInput('上传文件过大');
        report = await importRows(a, db(), def, req.user!, csv ? { path: upload.path } : await readFile(upload.path), file.filename, validOnly === '1', jobId);
      } finally { await upload.remove(); }
      req.audit = { opt: '导入', after: { total: report.total, imported: report.imported, errors: report.errors.length } };
      if (report.imported > 0) await published(req, null);
      return ok(report);
    });
    app.get('/import/progress/:jobId', { config: { access: { anyUser: true } }, schema: { tags, params: z.object({ jobId: z.string().max(64) }) } }, async (req) => {
      return ok(await a.ctx.imports.read(req.user!.id, req.params.jobId));
    });
  };
}

/** registers every resource of an area under /<area>/<key> of the current prefix */
export function registerResources(app: App, defs: ResourceDef[]) {
  for (const def of defs) app.register(resourceRoutes(def), { prefix: `/${def.area}/${def.key}` });
}
