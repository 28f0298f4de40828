/**
 * 档案管理 — the bespoke behaviour of the record resources, as engine hooks.
 * Every hook runs inside the engine's transaction (`c.tx`), so a write and what it changes
 * elsewhere (a tank's 检验有效期, a person's 在职状态) commit or fail together.
 */
import { sql } from 'drizzle-orm';
import { checkIdCard18 } from '@dg/core';
import { defineHooks, type HookCtx, type Row } from '../../platform/crud/hooks.ts';
import { badInput, forbidden } from '../../platform/errors.ts';
import { checkMedia } from './media.ts';

type Tx = HookCtx['tx'];
const merged = (values: Row, existing: Row | null): Row => ({ ...(existing ?? {}), ...values });

// ---------------------------------------------------------------------------
// 企业基本信息: an enterprise user keeps its own row up to date; it never creates or removes
// enterprises (registration is /userRegister, approval the government's), and 审核状态 is read-only
// for every client (the field is readOnly, so the engine never takes it from a request).
// ---------------------------------------------------------------------------
defineHooks('enterprise', {
  beforeWrite(c, _values, mode) {
    if (mode === 'add' && c.user.side === 'enterprise') throw forbidden();
  },
  beforeDelete(c) {
    if (c.user.side === 'enterprise') throw forbidden();
  },
});

// ---------------------------------------------------------------------------
// 常运货物: UN编号, 品名, 类别, 包装类别 come from the chosen catalogue row, never from the client.
// ---------------------------------------------------------------------------
defineHooks('companyGoods', {
  async beforeWrite(c, values, _mode, existing) {
    if (!values.goodsId) return;
    const r = await c.tx.execute<{ un_no: string; name_zh: string; goods_class: string; packing_group: string | null }>(
      sql`select un_no, name_zh, goods_class, packing_group from dangerous_goods where id = ${values.goodsId}`);
    const g = r.rows[0];
    if (!g) throw badInput('危险货物：所选危险货物不存在');
    const enterpriseId = values.enterpriseId ?? existing?.enterpriseId ?? c.user.enterpriseId;
    const dup = await c.tx.execute(sql`select 1 from company_goods where enterprise_id = ${enterpriseId} and goods_id = ${values.goodsId}
      ${existing ? sql`and id <> ${existing.id}` : sql``} limit 1`);
    if (dup.rows.length) throw badInput(`常运货物“UN${g.un_no} ${g.name_zh}”已存在`);
    values.unNo = g.un_no;
    values.goodsName = g.name_zh;
    values.goodsClass = g.goods_class;
    values.packingGroup = g.packing_group;
  },
});

// ---------------------------------------------------------------------------
// 车辆: a new vehicle is a 草稿 until it is submitted for audit (POST …/submitAudit/:id).
// ---------------------------------------------------------------------------
defineHooks('vehicle', {
  beforeWrite(_c, values, mode, existing) {
    if (mode === 'add') values.auditStatus = '草稿';
    if (typeof values.vin === 'string') values.vin = values.vin.toUpperCase();
    const v = merged(values, existing);
    if (v.approvedLoad != null && v.totalMass != null && Number(v.approvedLoad) > Number(v.totalMass)) {
      throw badInput('核定载质量（千克）不能大于总质量（千克）');
    }
  },
  async beforeDelete(c, row) {
    const r = await c.tx.execute<{ tank_no: string }>(sql`select tank_no from tank where vehicle_id = ${row.id} limit 1`);
    if (r.rows.length) throw badInput(`该车辆上还有罐体“${r.rows[0]!.tank_no}”，请先解除罐体与车辆的关联`);
  },
});

// ---------------------------------------------------------------------------
// 罐体: 草稿 on creation; 适装介质 entries checked; the vehicle must belong to the tank's enterprise
// (the engine checks the user may see the vehicle; a platform user sees every enterprise's).
// ---------------------------------------------------------------------------
defineHooks('tank', {
  async beforeWrite(c, values, mode, existing) {
    if (mode === 'add') values.auditStatus = '草稿';
    const media = checkMedia(values.suitableMedia);
    if (media) values.suitableMedia = media;
    if (values.vehicleId) {
      const enterpriseId = values.enterpriseId ?? existing?.enterpriseId ?? c.user.enterpriseId;
      const r = await c.tx.execute<{ enterprise_id: string }>(sql`select enterprise_id from vehicle where id = ${values.vehicleId}`);
      if (!r.rows[0] || r.rows[0].enterprise_id !== enterpriseId) throw badInput('所属车辆：所选车辆不属于罐体所属企业');
    }
  },
});

defineHooks('tankContainer', {
  beforeWrite(_c, values) {
    const media = checkMedia(values.suitableMedia);
    if (media) values.suitableMedia = media;
  },
});

// ---------------------------------------------------------------------------
// 罐体定期检验: the latest 合格 inspection sets the tank's 检验有效期 to its 下次检验日期.
// ---------------------------------------------------------------------------
async function syncTankExpiry(c: HookCtx, tankId: string, exceptCheckId?: string) {
  const r = await c.tx.execute<{ next_date: string }>(sql`select next_date from tank_check
    where tank_id = ${tankId} and result = '合格' and next_date is not null ${exceptCheckId ? sql`and id <> ${exceptCheckId}` : sql``}
    order by record_date desc, created_at desc limit 1`);
  const next = r.rows[0]?.next_date;
  if (!next) return;
  await c.tx.execute(sql`update tank set inspection_expiry = ${next}, updated_at = now(), updated_by = ${c.user.id}, version = version + 1
    where id = ${tankId} and inspection_expiry is distinct from ${next}::date`);
}

defineHooks('tankCheck', {
  beforeWrite(_c, values, _mode, existing) {
    const v = merged(values, existing);
    if (v.nextDate && v.recordDate && String(v.nextDate) <= String(v.recordDate)) throw badInput('下次检验日期必须晚于检验日期');
  },
  async afterWrite(c, row) { await syncTankExpiry(c, row.tankId); },
  async beforeDelete(c, row) {
    await syncTankExpiry(c, row.tankId, row.id);
  },
});

// ---------------------------------------------------------------------------
// 人员档案 / 入职 / 离职: the person's 在职状态, 入职日期 and 岗位 follow the latest entry or leave.
// The person's row is kept after leaving (the engine refuses to delete a person with entries or leaves).
// ---------------------------------------------------------------------------
defineHooks('staff', {
  beforeWrite(_c, values, mode) {
    if (mode === 'add') values.status = '在职';
    const q = values.qualificationNo;
    // 从业资格证号 is in practice the holder's ID number (older ones are shorter): checked when it has 18 characters
    if (typeof q === 'string' && q.length === 18) {
      const reason = checkIdCard18(q);
      if (reason) throw badInput(`从业资格证号：${reason}`);
    }
  },
});

type StaffEvent = { kind: 'entry' | 'leave'; d: string; post: string | null };

async function latestEvent(tx: Tx, staffId: string, except?: string): Promise<StaffEvent | undefined> {
  const ex = except ? sql`and id <> ${except}` : sql``;
  const r = await tx.execute<StaffEvent>(sql`select kind, d, post from (
      select 'entry' as kind, entry_date as d, post, created_at from staff_entry where staff_id = ${staffId} ${ex}
      union all
      select 'leave' as kind, leave_date as d, null as post, created_at from staff_leave where staff_id = ${staffId} ${ex}
    ) e order by d desc, created_at desc limit 1`);
  return r.rows[0];
}

async function syncStaff(c: HookCtx, staffId: string, except?: string) {
  const last = await latestEvent(c.tx, staffId, except);
  if (!last) return;
  const ex = except ? sql`and id <> ${except}` : sql``;
  const entry = (await c.tx.execute<{ entry_date: string; post: string }>(sql`select entry_date, post from staff_entry
    where staff_id = ${staffId} ${ex} order by entry_date desc, created_at desc limit 1`)).rows[0];
  await c.tx.execute(sql`update staff set status = ${last.kind === 'leave' ? '离职' : '在职'},
      entry_date = coalesce(${entry?.entry_date ?? null}::date, entry_date), post = coalesce(${entry?.post ?? null}, post),
      updated_at = now(), updated_by = ${c.user.id}, version = version + 1
    where id = ${staffId}`);
}

async function staffOf(tx: Tx, id: string) {
  return (await tx.execute<{ name: string; entry_date: string | null }>(sql`select name, entry_date from staff where id = ${id}`)).rows[0];
}

defineHooks('staffEntry', {
  async beforeWrite(c, values, mode, existing) {
    const v = merged(values, existing);
    if (v.contractEnd && v.contractStart && String(v.contractEnd) < String(v.contractStart)) throw badInput('合同结束日期不能早于合同开始日期');
    if (mode === 'add') {
      const last = await latestEvent(c.tx, String(v.staffId));
      if (last?.kind === 'entry') throw badInput(`人员“${(await staffOf(c.tx, String(v.staffId)))?.name ?? ''}”已在职，请先办理离职`);
      if (last?.kind === 'leave' && String(v.entryDate) < last.d) throw badInput(`入职日期不能早于上次离职日期（${last.d}）`);
    }
  },
  async afterWrite(c, row) { await syncStaff(c, row.staffId); },
  async beforeDelete(c, row) { await syncStaff(c, row.staffId, row.id); },
});

defineHooks('staffLeave', {
  async beforeWrite(c, values, mode, existing) {
    const v = merged(values, existing);
    const person = await staffOf(c.tx, String(v.staffId));
    if (mode === 'add') {
      const last = await latestEvent(c.tx, String(v.staffId));
      if (last?.kind === 'leave') throw badInput(`人员“${person?.name ?? ''}”已离职`);
    }
    const lastEntry = (await c.tx.execute<{ entry_date: string }>(sql`select entry_date from staff_entry where staff_id = ${v.staffId}
      order by entry_date desc limit 1`)).rows[0]?.entry_date ?? person?.entry_date;
    if (lastEntry && v.leaveDate && String(v.leaveDate) < lastEntry) throw badInput(`离职日期不能早于入职日期（${lastEntry}）`);
  },
  async afterWrite(c, row) { await syncStaff(c, row.staffId); },
  async beforeDelete(c, row) { await syncStaff(c, row.staffId, row.id); },
});
