/**
 * 代码表, with the product's paths: addDict / updateDict / deleteDict. A root entry (pid null) is a dictionary
 * type whose `value` is its code; entries hang below it, possibly as a tree. getAll / getTree live in modules/shell.
 */
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { App } from '../../platform/context.ts';
import type { Db } from '../../db/index.ts';
import { ok, badInput, notFound, staleVersion } from '../../platform/errors.ts';
import { UUID_RE, isUuid } from '../../platform/schemas.ts';
import { answer } from '../../platform/answers.ts';
import { adminAnswers, type Served } from '@dg/core';

type DictRow = { id: string; type: string; name: string; value: string; pid: string | null; order_num: number; enabled: boolean; version: number };
const out = (d: DictRow): Served<typeof adminAnswers.dict> => ({ id: d.id, type: d.type, name: d.name, value: d.value, pid: d.pid, orderNum: d.order_num, enabled: d.enabled, version: d.version });
const TYPE_RE = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

const fields = {
  name: z.string({ error: '请输入名称' }).trim().min(1, '请输入名称').max(100, '名称不能超过100个字符'),
  value: z.string({ error: '请输入值' }).trim().min(1, '请输入值').max(100, '值不能超过100个字符'),
  pid: z.string().nullish(),
  orderNum: z.coerce.number({ error: '排序：请输入数字' }).int('排序：请输入整数').min(0, '排序不能小于0').max(99999, '排序不能大于99999').optional(),
  enabled: z.boolean({ error: '启用：请选择是或否' }).optional(),
};
const addBody = z.object(fields);
const updateBody = z.object({
  ...fields,
  id: z.string({ error: '缺少id' }).regex(UUID_RE, '参数id格式不正确'),
  version: z.coerce.number({ error: '缺少版本号version，请刷新后重试' }).int(),
});
type AddBody = z.infer<typeof addBody>;

const findDict = async (tx: Db, id: string) =>
  (await tx.execute<DictRow>(sql`select id, type, name, value, pid, order_num, enabled, version from base_dict where id = ${id}`)).rows[0];

export const dictRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const app = fastify as unknown as App;
  const db = () => app.ctx.database.db;
  const tags = ['代码表'];

  /** the type of a new or moved entry, from its parent; a root's type is its own value */
  async function placement(tx: Db, body: AddBody, selfId: string | null): Promise<{ type: string; pid: string | null }> {
    const pid = body.pid && body.pid !== '-1' ? body.pid : null;
    if (!pid) {
      if (!TYPE_RE.test(body.value)) throw badInput('类型编码：请输入以字母开头、64位以内的英文字符、数字或下划线');
      const dup = await tx.execute(sql`select 1 from base_dict where pid is null and type = ${body.value} and (${selfId}::uuid is null or id <> ${selfId}::uuid)`);
      if (dup.rows.length) throw badInput(`类型编码“${body.value}”已存在`);
      return { type: body.value, pid: null };
    }
    if (!isUuid(pid)) throw badInput('上级：参数格式不正确');
    const parent = await findDict(tx, pid);
    if (!parent) throw badInput('上级：所选上级不存在');
    if (selfId) {
      const below = await tx.execute(sql`with recursive d as (select id from base_dict where id = ${selfId}
        union all select c.id from base_dict c join d on c.pid = d.id) select 1 from d where id = ${pid}`);
      if (below.rows.length) throw badInput('上级：不能选择自身或下级代码');
    }
    const dup = await tx.execute(sql`select 1 from base_dict where pid is not null and type = ${parent.type} and value = ${body.value}
      and (${selfId}::uuid is null or id <> ${selfId}::uuid)`);
    if (dup.rows.length) throw badInput(`值“${body.value}”已存在`);
    return { type: parent.type, pid };
  }

  // the 代码表 screen's tree: every entry, disabled ones too, with the version an edit sends back
  app.get('/admin/dict/manageTree', { config: { access: { menu: 'dictManager' } }, schema: { tags, summary: '代码表维护树', response: answer(adminAnswers.dictTree) } }, async () => {
    const r = await db().execute<DictRow>(sql`select id, type, name, value, pid, order_num, enabled, version from base_dict order by order_num, value`);
    type Node = Served<typeof adminAnswers.dictTree>[number];
    const nodes = new Map(r.rows.map((d): [string, Node] => [d.id, { ...out(d), children: [] }]));
    const roots: Node[] = [];
    for (const n of nodes.values()) (n.pid && nodes.get(n.pid) ? nodes.get(n.pid)!.children : roots).push(n);
    return ok(roots);
  });

  app.post('/admin/dict/addDict', { config: { access: { element: 'dictManager:btn_add' } }, schema: { tags, summary: '新增代码', body: addBody, response: answer(adminAnswers.dict) } }, async (req) => {
    const body = req.body;
    const row = await db().transaction(async (tx) => {
      const { type, pid } = await placement(tx, body, null);
      return (await tx.execute<DictRow>(sql`insert into base_dict (type, name, value, pid, order_num, enabled)
        values (${type}, ${body.name}, ${body.value}, ${pid}, ${body.orderNum ?? 0}, ${body.enabled ?? true})
        returning id, type, name, value, pid, order_num, enabled, version`)).rows[0]!;
    });
    req.audit = { after: row };
    return ok(out(row));
  });

  app.put('/admin/dict/updateDict', { config: { access: { element: 'dictManager:btn_edit' } }, schema: { tags, summary: '修改代码', body: updateBody, response: answer(adminAnswers.dict) } }, async (req) => {
    const body = req.body;
    const { before, after } = await db().transaction(async (tx) => {
      const before = await findDict(tx, body.id);
      if (!before) throw notFound();
      if (before.version !== body.version) throw staleVersion();
      const pid = body.pid === undefined ? before.pid : body.pid && body.pid !== '-1' ? body.pid : null;
      if ((before.pid === null) !== (pid === null)) throw badInput('上级：类型与代码项不能互相转换');
      if (before.pid === null && before.value !== body.value) {
        // records store the type code in their dict fields: a type in use keeps its code
        const used = await tx.execute(sql`select 1 from base_dict where pid is not null and type = ${before.type} limit 1`);
        if (used.rows.length) throw badInput('类型编码：该类型下已有代码项，不能修改编码');
      }
      const { type } = await placement(tx, { ...body, pid }, body.id);
      if (pid && type !== before.type) throw badInput('上级：只能在同一类型内调整上级');
      const r = await tx.execute<DictRow>(sql`update base_dict set type = ${type}, name = ${body.name}, value = ${body.value}, pid = ${pid},
          order_num = ${body.orderNum ?? before.order_num}, enabled = ${body.enabled ?? before.enabled}, version = version + 1, updated_at = now()
        where id = ${body.id} and version = ${body.version} returning id, type, name, value, pid, order_num, enabled, version`);
      if (!r.rows[0]) throw staleVersion();
      return { before, after: r.rows[0] };
    });
    req.audit = { before, after };
    return ok(out(after));
  });

  app.delete('/admin/dict/deleteDict', {
    config: { access: { element: 'dictManager:btn_del' } },
    schema: { tags, summary: '删除代码', querystring: z.object({ id: z.string({ error: '缺少id' }).regex(UUID_RE, '参数id格式不正确') }),
      response: answer(adminAnswers.done) },
  }, async (req) => {
    const { id } = req.query;
    const before = await db().transaction(async (tx) => {
      const d = await findDict(tx, id);
      if (!d) throw notFound();
      const below = await tx.execute(sql`select 1 from base_dict where pid = ${id} limit 1`);
      if (below.rows.length) throw badInput(d.pid === null ? '该类型下还有代码项，请先删除代码项' : '请先删除下级代码');
      await tx.execute(sql`delete from base_dict where id = ${id}`);
      return d;
    });
    req.audit = { before };
    return ok(null);
  });
};
