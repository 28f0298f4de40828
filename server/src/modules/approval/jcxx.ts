/**
 * 基础信息查询 (jcxxcxManager, 政): read-only views over the records in the user's
 * jurisdiction, gated by the jcxx menu codes (a government role may hold these without the 档案管理
 * menus). The engine's own readers do the work (listRows / findRow / present with the records'
 * definitions), so scope, filters, labels and hooks are the records' own.
 *   POST /jcxx/<page>/list · POST /jcxx/<page>/export (<menu>:btn_export) · GET /jcxx/<page>/info/:id
 * 异常运单 (ycyd) reads the supervision routes (/ydjg/abnormal/list|info), which admit its menu; 高速卡口通行
 * (gsjzx) reads the imported external records (/sjrh/fusionRecord/list|info, whose definition admits its menu
 * among its readMenus), of kind 卡口通行, scoped by the checkpoint's region.
 */
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { approvalAnswers, menuTitle, resourceByKey, type MenuCode, type ResourceDef, type Served } from '@dg/core';
import type { App } from '../../platform/context.ts';
import type { SessionUser } from '../../platform/access.ts';
import { ok, notFound } from '../../platform/errors.ts';
import { answer } from '../../platform/answers.ts';
import { findRow, listRows, present } from '../../platform/crud/query.ts';
import { exportStream, xlsxDisposition } from '../../platform/crud/excel.ts';
import type { Db } from '../../db/index.ts';
import { idParam, listBody } from '../../platform/schemas.ts';

/** each page's menu (its title is the menu catalogue's) and the records it reads */
export const JCXX_PAGES = {
  qyxxcx: { menu: 'qyxxcxManager', resource: 'enterprise' },
  clxxcx: { menu: 'clxxcxManager', resource: 'vehicle' },
  cyryxx: { menu: 'cyryxxManager', resource: 'staff' },
  jcxxgcgt: { menu: 'jcxxgcgtManager', resource: 'tank' },
} as const satisfies Record<string, { menu: MenuCode; resource: string }>;
export type JcxxPage = keyof typeof JCXX_PAGES;


const def = (key: string): ResourceDef => resourceByKey(key)!;
/** the rows of a related list the detail page shows at once (longer lists page through /list) */
const related = async (db: Db, key: string, user: SessionUser, params: { filters?: Record<string, unknown>; parentId?: string }, size = 50) =>
  listRows(db, def(key), user, { ...params, page: 1, size });

async function count(db: Db, table: string, where: ReturnType<typeof sql>): Promise<number> {
  const r = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`);
  return r.rows[0]?.n ?? 0;
}

type Extras = typeof approvalAnswers.jcxxExtras;
/** what each detail page shows besides the record itself */
export const EXTRAS: { [P in JcxxPage]: (db: Db, user: SessionUser, row: Record<string, any>) => Promise<Served<Extras[P]>> } = {
  // 企业: licences, then the size of its fleet and staff (the lists page through /jcxx/clxxcx|cyryxx|jcxxgcgt/list with filters.enterpriseId)
  async qyxxcx(db, user, row) {
    const id = row.id as string;
    const [licences, vehicles, tanks, tankContainers, staff, parks, waybills] = await Promise.all([
      related(db, 'companyLicence', user, { filters: { enterpriseId: id } }, 100),
      count(db, 'vehicle', sql`enterprise_id = ${id} and (status is null or status <> '报废')`),
      count(db, 'tank', sql`enterprise_id = ${id} and (status is null or status <> '报废')`),
      count(db, 'tank_container', sql`enterprise_id = ${id}`),
      count(db, 'staff', sql`enterprise_id = ${id} and status = '在职'`),
      count(db, 'company_park', sql`enterprise_id = ${id}`),
      // 运单: from the per-state rollup the waybill writes keep current
      db.execute<{ n: number }>(sql`select coalesce(sum(n), 0)::int as n from waybill_state_count where enterprise_id = ${id}`).then((r) => r.rows[0]?.n ?? 0),
    ]);
    return { licences: licences.content, counts: { vehicles, tanks, tankContainers, staff, parks, waybills } };
  },
  async clxxcx(db, user, row) {
    const [tanks, facilities] = await Promise.all([
      related(db, 'tank', user, { filters: { vehicleId: row.id } }),
      related(db, 'vehicleFacility', user, { parentId: row.id }),
    ]);
    return { tanks: tanks.content, facilities: facilities.content };
  },
  async cyryxx(db, user, row) {
    const [entries, leaves] = await Promise.all([
      related(db, 'staffEntry', user, { parentId: row.id }),
      related(db, 'staffLeave', user, { parentId: row.id }),
    ]);
    return { entries: entries.content, leaves: leaves.content };
  },
  async jcxxgcgt(db, user, row) {
    const vehicleRow = row.vehicleId ? await findRow(db, def('vehicle'), user, row.vehicleId as string) : null;
    const [checks, vehicle] = await Promise.all([
      related(db, 'tankCheck', user, { parentId: row.id }),
      vehicleRow ? present(db, def('vehicle'), user, [vehicleRow]).then((r) => r[0]) : Promise.resolve(null),
    ]);
    return { vehicle, checks: checks.content };
  },
};

export const jcxxRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const app = fastify as unknown as App;
  const db = () => app.ctx.database.db;
  const tags = ['基础信息查询'];

  for (const [page, p] of Object.entries(JCXX_PAGES) as [JcxxPage, (typeof JCXX_PAGES)[JcxxPage]][]) {
    const d = def(p.resource);
    const base = `/jcxx/${page}`;
    const title = menuTitle(p.menu);
    app.post(`${base}/list`, { config: { access: { menu: p.menu } }, schema: { tags, summary: `${title}列表`, body: listBody.nullish(), response: answer(approvalAnswers.jcxxList) } }, async (req) => {
      const body = (req.body ?? {});
      return ok(await listRows(db(), d, req.user!, { ...body, sort: body.sort ?? undefined }));
    });
    app.post(`${base}/export`, { config: { access: { element: `${p.menu}:btn_export` } }, schema: { tags, summary: `导出${title}`, body: listBody.nullish() } }, async (req, reply) => {
      const body = (req.body ?? {});
      reply.header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').header('Content-Disposition', xlsxDisposition());
      return reply.send(exportStream(db(), d, req.user!, { ...body, sort: body.sort ?? undefined }));
    });
    app.get(`${base}/info/:id`, { config: { access: { menu: p.menu } }, schema: { tags, summary: `${title}详情`, params: idParam, response: answer(approvalAnswers.jcxxInfo[page]) } }, async (req) => {
      const row = await findRow(db(), d, req.user!, req.params.id);
      if (!row) throw notFound();
      const [shown] = await present(db(), d, req.user!, [row]);
      return ok({ ...shown, ...(await EXTRAS[page](db(), req.user!, row)) });
    });
  }
};
