/** Hooks of the 运单基础信息 resources (the engine gives their CRUD). */
import { sql } from 'drizzle-orm';
import { chinaToday } from '@dg/core/warnings';
import { crewQualification } from '@dg/core/waybill';
import { defineHooks, type Row } from '../../platform/crud/hooks.ts';
import { badInput } from '../../platform/errors.ts';
import type { Db } from '../../db/index.ts';
import { camel } from './common.ts';

/** 常用危险货物: UN编号, 名称, 类别, 次要危险性, 包装类别 come from the catalogue entry */
defineHooks('goods', {
  async beforeWrite({ tx }, values) {
    if (!values.goodsId) return;
    const g = (await tx.execute<{ un_no: string; name_zh: string; goods_class: string; subsidiary_hazard: string | null; packing_group: string | null }>(
      sql`select un_no, name_zh, goods_class, subsidiary_hazard, packing_group from dangerous_goods where id = ${values.goodsId}`)).rows[0];
    if (!g) throw badInput('危险货物：所选危险货物不存在');
    Object.assign(values, { unNo: g.un_no, goodsName: g.name_zh, goodsClass: g.goods_class, subsidiaryHazard: g.subsidiary_hazard, packingGroup: g.packing_group });
  },
});

async function byIds(db: Db, table: string, ids: string[]) {
  if (!ids.length) return new Map<string, any>();
  const r = await db.execute(sql`select * from ${sql.identifier(table)} where id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
  return new Map(r.rows.map((x) => [String(x.id), camel(x)]));
}

/** 车辆人员绑定: a consistent crew; its 资质 column is computed from the records every time it is read */
defineHooks('bind', {
  beforeWrite(_c, values, _mode, existing) {
    const v = { ...existing, ...values } as Row;
    if (v.vehicleId && v.vehicleId === v.trailerId) throw badInput('挂车不能与车辆相同');
    if (v.tankId && v.tankContainerId) throw badInput('罐体和罐箱只能选择一个');
    if (v.driverId && v.driverId === v.escortId) throw badInput('驾驶员与押运员不能为同一人');
  },
  async afterRead({ tx }, rows) {
    const ids = (k: string) => [...new Set(rows.map((r) => r[k]).filter(Boolean))] as string[];
    const [vehicles, tanks, containers, staff] = await Promise.all([
      byIds(tx, 'vehicle', [...ids('vehicleId'), ...ids('trailerId')]), byIds(tx, 'tank', ids('tankId')),
      byIds(tx, 'tank_container', ids('tankContainerId')), byIds(tx, 'staff', [...ids('driverId'), ...ids('escortId')]),
    ]);
    const today = chinaToday();
    for (const r of rows) {
      const tk = r.tankId ? tanks.get(r.tankId) : null;
      const tc = r.tankContainerId ? containers.get(r.tankContainerId) : null;
      r.qualification = crewQualification({
        today,
        vehicle: vehicles.get(r.vehicleId) ?? null,
        trailer: r.trailerId ? vehicles.get(r.trailerId) ?? null : null,
        tank: tk ? { tankNo: tk.tankNo, inspectionExpiry: tk.inspectionExpiry, status: tk.status } : tc ? { tankNo: tc.containerNo, inspectionExpiry: tc.inspectionExpiry, kind: '罐箱' } : null,
        driver: staff.get(r.driverId) ?? null,
        escort: r.escortId ? staff.get(r.escortId) ?? null : null,
      });
    }
  },
});

/** 空车台账: a typed 运单号 links the waybill of the same enterprise */
defineHooks('emptyLedger', {
  async beforeWrite({ tx, user }, values, _mode, existing) {
    if (values.waybillNo === undefined) return;
    if (!values.waybillNo) { values.waybillId = null; return; }
    const ent = (existing?.enterpriseId as string | undefined) ?? values.enterpriseId ?? user.enterpriseId;
    const r = (await tx.execute<{ id: string }>(sql`select w.id from waybill_number n join waybill w on w.id = n.waybill_id and w.created_at = n.waybill_created_at
      where n.waybill_no = ${String(values.waybillNo)} and w.enterprise_id = ${ent}`)).rows[0];
    if (!r) throw badInput('关联运单号：运单不存在或不属于本企业');
    values.waybillId = r.id;
  },
});
