/** Writing resource rows: validation, scope, uniqueness, optimistic version, hooks — in one transaction. */
import { holdSupervised, sameValue } from './changes.ts';
import { and, eq, ne, sql } from 'drizzle-orm';
import { hash } from '@node-rs/argon2';
import { type FieldDef, type ResourceDef, RESOURCES, checkField, validateInput, lockRefusal, workflowFields, writableFields, writableSides } from '@dg/core';
import type { Db } from '../../db/index.ts';
import type { SessionUser } from '../access.ts';
import { badInput, forbidden, notFound, staleVersion } from '../errors.ts';
import type { App } from '../context.ts';
import { hooksOf, type Row } from './hooks.ts';
import { blank, tableOf, findRow, whereOf, scopeCondition } from './query.ts';
import { UUID_RE } from '../schemas.ts';
import { cleanRichText } from '../rich-text.ts';

export const hashPassword = (p: string) => hash(p, { algorithm: 2 /* argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 });

export function canWrite(def: ResourceDef, user: SessionUser) {
  if (def.readOnly) return false;
  return writableSides(def).includes(user.side);
}

/** one field's value checked with its definition's rule and Chinese message (a workflow step's own fields), or badInput */
export function fieldValue(f: FieldDef, raw: unknown, required = f.required ?? false): unknown {
  const r = checkField({ ...f, required }, raw);
  if ('error' in r) throw badInput(r.error);
  return r.value;
}

/** a value sent back as it was read: the stored one (a number may come back as a number or as the column's text) */
const numeric = (v: unknown): number => (typeof v === 'number' || (typeof v === 'string' && v.trim() !== '') ? Number(v) : NaN);
const unchanged = (sent: unknown, stored: unknown) => sameValue(sent, stored) || numeric(sent) === numeric(stored);

/**
 * 流程字段 (ResourceDef.workflow): a body that sets one on add, or changes one on update, is refused naming the field —
 * only the workflow's steps write them, each with its timeline row. Sent back as stored (a client returning the row
 * it read), it is no change.
 */
function refuseWorkflowFields(def: ResourceDef, input: Row, before: Row | null) {
  for (const name of workflowFields(def, before ? 'update' : 'add')) {
    if (!(name in input)) continue;
    if (before ? unchanged(input[name], before[name]) : blank(input[name])) continue;
    throw badInput(`${def.fields[name]!.label}：由办理流程确定，不能直接修改`);
  }
}

function firstError(errors: { message: string }[]) {
  if (errors.length) throw badInput(errors[0]!.message, { errors });
}

async function checkUnique(tx: Db, def: ResourceDef, values: Row, enterpriseId: string | null, exceptId?: string) {
  const t = tableOf(def);
  for (const [name, f] of Object.entries(def.fields)) {
    if (!f.unique || values[name] === undefined || values[name] === null) continue;
    const conds = [eq(t[name], values[name])];
    if (def.scope === 'enterprise' && f.unique !== 'global' && enterpriseId) conds.push(eq(t.enterpriseId, enterpriseId));
    if (exceptId) conds.push(ne(t.id, exceptId));
    if (def.softDelete) conds.push(sql`${t.deletedAt} is null`);
    const hit = await tx.select({ id: t.id }).from(t).where(and(...conds)).limit(1);
    if (hit.length) throw badInput(`${f.label}“${values[name]}”已存在`);
  }
}

/** refs must point at rows the user may see */
async function checkRefs(tx: Db, def: ResourceDef, user: SessionUser, values: Row) {
  for (const [name, f] of Object.entries(def.fields)) {
    if (f.type !== 'ref' || f.virtual || values[name] === undefined || values[name] === null) continue;
    const target = RESOURCES.find((r) => r.key === f.ref!.resource);
    if (!target) continue;
    const ids = Array.isArray(values[name]) ? values[name] as string[] : [values[name] as string];
    for (const id of ids) {
      const t = tableOf(target);
      const hit = await tx.select({ id: t.id }).from(t).where(and(eq(t.id, id), whereOf(target, user, {}))).limit(1);
      if (!hit.length) throw badInput(`${f.label}：所选${f.label}不存在或无权使用`);
    }
  }
}

async function ownerEnterprise(tx: Db, def: ResourceDef, user: SessionUser, input: Row): Promise<string | null> {
  if (def.scope !== 'enterprise' || 'enterpriseId' in def.fields) return null;
  if (user.side === 'enterprise') return user.enterpriseId;
  const id = input.enterpriseId;
  if (typeof id !== 'string' || !UUID_RE.test(id)) throw badInput('请选择所属企业');
  const e = await tx.execute(sql`select id from enterprise where id = ${id} and ${scopeCondition(RESOURCES.find((r) => r.key === 'enterprise')!, user)}`);
  if (!e.rows.length) throw badInput('所属企业不存在或无权使用');
  return id;
}

export async function addRow(app: App, db: Db, def: ResourceDef, user: SessionUser, input: Row): Promise<Row> {
  if (!canWrite(def, user)) throw forbidden();
  refuseWorkflowFields(def, input, null);
  const { values, errors } = validateInput(def, input, 'add');
  firstError(errors);
  cleanRichText(def, values);
  return db.transaction(async (tx) => {
    const hooks = hooksOf(def.key);
    const enterpriseId = await ownerEnterprise(tx, def, user, input);
    if (enterpriseId) values.enterpriseId = enterpriseId;
    if (def.parent) {
      const parentDef = RESOURCES.find((r) => r.key === def.parent!.resource)!;
      const parent = await findRow(tx, parentDef, user, String(values[def.parent.field] ?? ''));
      if (!parent) throw badInput(`${def.fields[def.parent.field]?.label ?? '上级记录'}不存在或无权访问`);
      if (parent.enterpriseId && def.scope === 'enterprise') values.enterpriseId = parent.enterpriseId;
    }
    await checkRefs(tx, def, user, values);
    await hooks.beforeWrite?.({ app, user, def, tx }, values, 'add', null, input);
    await checkUnique(tx, def, values, (values.enterpriseId as string) ?? null);
    for (const [name, f] of writableFields(def, 'add')) {
      if (f.type === 'password' && values[name]) values[name] = await hashPassword(String(values[name]));
      if (f.virtual) delete values[name];
    }
    const t = tableOf(def);
    const [row] = (await tx.insert(t).values({ ...values, createdBy: user.id, updatedBy: user.id }).returning()) as Row[];
    await hooks.afterWrite?.({ app, user, def, tx }, row as Row, 'add', input);
    return row as Row;
  });
}

export async function updateRow(app: App, db: Db, def: ResourceDef, user: SessionUser, input: Row): Promise<{ before: Row; after: Row; held: string[] | null }> {
  if (!canWrite(def, user)) throw forbidden();
  const id = String(input.id ?? '');
  const version = Number(input.version);
  if (!Number.isInteger(version)) throw badInput('缺少版本号version，请刷新后重试');
  const { values, errors } = validateInput(def, input, 'update');
  firstError(errors);
  cleanRichText(def, values);
  return db.transaction(async (tx) => {
    const hooks = hooksOf(def.key);
    const before = await findRow(tx, def, user, id);
    if (!before) throw notFound();
    refuseWorkflowFields(def, input, before);
    const locked = lockRefusal(def, before, '修改');
    if (locked) throw badInput(locked);
    if (before.version !== version) throw staleVersion();
    await checkRefs(tx, def, user, values);
    await hooks.beforeWrite?.({ app, user, def, tx }, values, 'update', before, input);
    // 监管字段 of an approved record: the enterprise's change waits for 企业车辆审核 (crud/changes.ts)
    const held = await holdSupervised(tx, def, user, before, values);
    await checkUnique(tx, def, values, before.enterpriseId ?? null, id);
    for (const [name, f] of Object.entries(def.fields)) if (f.virtual) delete values[name];
    const t = tableOf(def);
    const res = await tx.update(t).set({ ...values, updatedAt: new Date(), updatedBy: user.id, version: sql`${t.version} + 1` })
      .where(and(eq(t.id, id), eq(t.version, version))).returning();
    if (!res.length) throw staleVersion();
    const after = res[0] as Row;
    await hooks.afterWrite?.({ app, user, def, tx }, after, 'update', input);
    return { before, after, held };
  });
}

export async function deleteRow(app: App, db: Db, def: ResourceDef, user: SessionUser, id: string): Promise<Row> {
  if (!canWrite(def, user)) throw forbidden();
  return db.transaction(async (tx) => {
    const row = await findRow(tx, def, user, id);
    if (!row) throw notFound();
    const locked = lockRefusal(def, row, '删除');
    if (locked) throw badInput(locked);
    // sub-records keep their parent: refuse rather than orphan or silently cascade
    for (const child of RESOURCES.filter((r) => r.parent?.resource === def.key)) {
      const ct = tableOf(child);
      const conds = [eq(ct[child.parent!.field], id)];
      if (child.softDelete) conds.push(sql`${ct.deletedAt} is null`);
      const n = await tx.select({ id: ct.id }).from(ct).where(and(...conds)).limit(1);
      if (n.length) throw badInput(`该${def.title}下还有${child.title}记录，请先删除这些记录`);
    }
    await hooksOf(def.key).beforeDelete?.({ app, user, def, tx }, row);
    const t = tableOf(def);
    if (def.softDelete) await tx.update(t).set({ deletedAt: new Date(), updatedBy: user.id, version: sql`${t.version} + 1` }).where(eq(t.id, id));
    else await tx.delete(t).where(eq(t.id, id));
    return row;
  });
}
