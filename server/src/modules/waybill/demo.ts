/**
 * Demo rows of the waybill area for both demo enterprises: base info, ~90 days of finished waybills
 * (set-based, with timelines and rollups), and today's waybills in every state made through the real
 * lifecycle code (so numbers, crew locks, timelines and rollups are exactly what the product writes),
 * a few abnormal waybills and a 核查单 in each state. Uses the records team's vehicles, tanks and staff
 * when their seeder ran first, and adds compliant sets of its own so that three stay free to dispatch on the day
 * the demo starts.
 */
import { sql } from 'drizzle-orm';
import { chinaToday } from '@dg/core/warnings';
import { MENUS, flattenMenus, makeIdCard18 } from '@dg/core';
import { dispatchComplianceProblems, DEFAULT_CHECK_ITEMS, FIVE_CHECKS, CREW_FIELDS } from '@dg/core/waybill';
import { addDemoSeeder, insertDemoRow, type DemoContext, type DemoEnterprise } from '../../db/seed-demo.ts';
import { textArray, type Db } from '../../db/index.ts';
import type { SessionUser } from '../../platform/access.ts';
import { provinceTree } from '../../platform/regions.ts';
import { camel } from './common.ts';
import { createWaybill } from './workflow.ts';
import { waybillWorkflow } from './steps.ts';
import { runStep } from '../../platform/workflow.ts';
import { loadCrew, lockCrew, crewColumns, complianceInput, releaseCrew, goodsOf, type Crew } from './service.ts';
import { generateWaybills, createCrewTable } from './generate.ts';
import { sweepOverdue } from './abnormal.ts';

const ALL_ELEMENTS = new Set(flattenMenus(MENUS).flatMap((m) => (m.elements ?? []).map((e) => e.code)));
const ALL_MENUS = new Set(flattenMenus(MENUS).map((m) => m.code));

const insertRow = insertDemoRow;

interface DemoCrew extends Crew { label: string; goods: { unNo: string; goodsName: string; goodsClass: string; packingGroup: string; quantity: number; unit: string } }

const GOODS_FOR: { media: string; unNo: string; goodsName: string; goodsClass: string; packingGroup: string }[] = [
  { media: '1203', unNo: '1203', goodsName: '车用汽油或汽油', goodsClass: '3', packingGroup: 'II' },
  { media: '1202', unNo: '1202', goodsName: '柴油', goodsClass: '3', packingGroup: 'III' },
  { media: '1830', unNo: '1830', goodsName: '硫酸', goodsClass: '8', packingGroup: 'II' },
  { media: '1075', unNo: '1075', goodsName: '液化石油气', goodsClass: '2.1', packingGroup: '-' },
  { media: '1170', unNo: '1170', goodsName: '乙醇', goodsClass: '3', packingGroup: 'II' },
];

/** how many crews today's demo waybills keep busy, and how many stay free to dispatch */
const BUSY_CREWS = 4;
const IDLE_CREWS = 3;
const DEMO_DRIVERS = ['孙海', '钱江', '吴涛', '郑伟', '蒋波', '韩冰', '沈阳'];
const DEMO_ESCORTS = ['冯丽', '陈静', '褚敏', '卫芳', '秦月', '杨柳', '许晴'];

/** compliant crews of the enterprise (today), built from its records, and completed with sets of their own up to BUSY + IDLE */
async function compliantCrews(db: Db, e: DemoEnterprise, letter: string): Promise<DemoCrew[]> {
  const q = async (s: ReturnType<typeof sql>) => (await db.execute(s)).rows.map((r) => camel<any>(r));
  const vehicles = await q(sql`select * from vehicle where enterprise_id = ${e.id} order by plate_no`);
  const tanks = await q(sql`select * from tank where enterprise_id = ${e.id} order by tank_no`);
  const staff = await q(sql`select * from staff where enterprise_id = ${e.id} and status = '在职' order by name`);
  const ent = (await db.execute<{ business_scope: string[] }>(sql`select business_scope from enterprise where id = ${e.id}`)).rows[0]!;
  const today = chinaToday();
  const drivers = staff.filter((s) => (s.qualificationTypes ?? []).includes('driver') && s.qualificationExpiry >= today);
  const escorts = staff.filter((s) => (s.qualificationTypes ?? []).includes('escort') && s.qualificationExpiry >= today);
  const crews: DemoCrew[] = [];
  const used = new Set<string>();
  for (const t of tanks) {
    const carrier = vehicles.find((v) => v.id === t.vehicleId);
    if (!carrier) continue;
    const isTrailer = String(carrier.vehicleType ?? '').endsWith('railer');
    const heads = isTrailer ? vehicles.filter((v) => v.vehicleType === 'tractor') : [null];
    for (const head of heads) {
      const vehicle = head ?? carrier;
      const trailer = head ? carrier : null;
      const g = GOODS_FOR.find((x) => (t.suitableMedia ?? []).includes(x.media));
      if (!g) continue;
      const driver = drivers.find((d) => !used.has(d.id));
      const escort = escorts.find((s) => !used.has(s.id) && s.id !== driver?.id);
      if (!driver || !escort || used.has(vehicle.id) || (trailer && used.has(trailer.id))) continue;
      const cap = Number((trailer ?? vehicle).approvedLoad ?? 0);
      const goods = { ...g, quantity: Math.max(1, Math.floor(cap / 1000 * 0.8)), unit: '吨' };
      const problems = dispatchComplianceProblems({
        today, businessScope: ent.business_scope ?? [], vehicle, trailer, tank: { tankNo: t.tankNo, suitableMedia: t.suitableMedia, inspectionExpiry: t.inspectionExpiry, status: t.status },
        driver, escort, goods: [goods],
      });
      if (problems.length) continue;
      crews.push({ vehicleId: vehicle.id, trailerId: trailer?.id ?? null, tankId: t.id, driverId: driver.id, escortId: escort.id, label: `${vehicle.plateNo}${trailer ? '/' + trailer.plateNo : ''}`, goods });
      for (const id of [vehicle.id, trailer?.id, driver.id, escort.id]) if (id) used.add(id);
      break;
    }
  }
  // today's waybills keep the first BUSY_CREWS busy (待检查 … 运输中); the IDLE_CREWS sets of its own come last and stay
  // free for the 待调度 ones' goods (汽油), whatever the records' expiries leave usable on the day the demo starts
  for (let i = 0; i < IDLE_CREWS || crews.length < BUSY_CREWS + IDLE_CREWS; i++) {
    const d = (n: number) => sql.raw(`(current_date + ${n})`);
    const plate = `${e.abbr}${letter}W${String(800 + i)}${letter === 'A' ? '1' : '2'}`.slice(0, 8);
    const vehicle = {
      enterpriseId: e.id, plateNo: plate, plateColor: '2', vehicleType: 'tanker', brandModel: '东风天锦 DFH5180GYYEX 运油车', vin: `LDEMO${letter}${String(i).padStart(2, '0')}${e.regionCode}`.slice(0, 17).padEnd(17, '0'),
      approvedLoad: 15000, totalMass: 25000, transportCertNo: `${e.abbr}交运管字${e.regionCode}${String(900 + i).padStart(6, '0')}`, transportCertExpiry: d(300), annualReviewExpiry: d(300), inspectionExpiry: d(300), techGrade: '一级',
      compulsoryInsuranceExpiry: d(300), carrierInsuranceExpiry: d(300), registerDate: d(-400), status: '营运', auditStatus: '已通过',
    };
    const vehicleId = await insertRow(db, 'vehicle', vehicle as never);
    const tank = { tankNo: `GT${letter}${e.regionCode.slice(2)}-W${String(i + 1).padStart(2, '0')}`, suitableMedia: ['1203', '1202', '3'], status: '在用' };
    const tankId = await insertRow(db, 'tank', { enterpriseId: e.id, ...tank, vehicleId, tankType: 'atmospheric', volume: 20, inspectionExpiry: d(300), auditStatus: '已通过' } as never);
    const person = async (n: number, type: 'driver' | 'escort', name: string) => {
      // born 1980-0(i+1)-1n, sequence 1i1 (odd: male): unique within the enterprise, apart from its records' staff
      const idCard = makeIdCard18(`${e.regionCode}1980${String(1 + i).padStart(2, '0')}1${n}1${i}1`);
      const row = {
        enterpriseId: e.id, name, sex: '1', idCard, mobile: `1370000${String(1000 + n * 10 + i)}`, post: type === 'driver' ? '驾驶员' : '押运员',
        qualificationNo: idCard, qualificationTypes: [type], qualificationExpiry: d(600), status: '在职',
        ...(type === 'driver' ? { drivingLicenceNo: idCard, drivingClass: 'A2', drivingLicenceExpiry: d(900) } : {}),
      };
      return insertRow(db, 'staff', row as never);
    };
    const driverId = await person(1, 'driver', DEMO_DRIVERS[i % DEMO_DRIVERS.length]!);
    const escortId = await person(2, 'escort', DEMO_ESCORTS[i % DEMO_ESCORTS.length]!);
    const goods = { ...GOODS_FOR[0]!, quantity: 10, unit: '吨' };
    // the set must pass the dispatch check itself: a demo that offers a crew the check refuses is a broken demo
    const [v] = await q(sql`select * from vehicle where id = ${vehicleId}`);
    const people = await q(sql`select * from staff where id in (${driverId}, ${escortId})`);
    const problems = dispatchComplianceProblems({
      today, businessScope: ent.business_scope ?? [], vehicle: v, trailer: null, tank: { ...tank, inspectionExpiry: (await q(sql`select inspection_expiry from tank where id = ${tankId}`))[0].inspectionExpiry },
      driver: people.find((p) => p.id === driverId), escort: people.find((p) => p.id === escortId), goods: [goods],
    });
    if (problems.length) throw new Error(`demo crew ${plate} fails the dispatch check: ${problems.join('; ')}`);
    crews.push({ vehicleId, trailerId: null, tankId, driverId, escortId, label: plate, goods });
  }
  return crews;
}

function demoUser(e: DemoEnterprise, name: string): SessionUser {
  return { id: e.adminUserId, username: 'demo', name, side: 'enterprise', enterpriseId: e.id, orgId: null, regionCode: null, isSuper: false, menus: ALL_MENUS, elements: ALL_ELEMENTS, token: {} as never };
}

async function seedEnterprise(c: DemoContext, e: DemoEnterprise, letter: 'A' | 'B') {
  const db = c.db;
  const own = { enterpriseId: e.id, createdBy: e.adminUserId, updatedBy: e.adminUserId };
  const city = e.cityCode;
  // ─ base info ─
  const shippers = [
    ['中石化销售股份有限公司浙江石油分公司油库', '91330000MA27U0RQ1M', '王建', '0571-87012345'], ['巨化集团有限公司', '91330800142941287T', '李明', '0570-3091234'],
    ['万华化学（宁波）有限公司', '913302067532880286', '周强', '0574-86221234'],
  ];
  const shipperIds: string[] = [];
  for (const [name, , contact, phone] of shippers) shipperIds.push(await insertRow(db, 'wb_shipper', { ...own, name: name!, contact, phone, regionCode: e.regionCode, address: '化工园区滨海路1号' }));
  for (const [name, phone] of [['园区热电有限公司', '0571-86551234'], ['中石油加油站（城北）', '0571-85551234'], ['新材料科技有限公司', '0574-86661234']]) {
    await insertRow(db, 'wb_consignee', { ...own, name, contact: '赵经理', phone, regionCode: e.regionCode, address: '工业大道88号' });
  }
  const loaderId = await insertRow(db, 'wb_loader', { ...own, name: '化工园区公共装卸站', contact: '钱站长', phone: '0571-86001111', regionCode: e.regionCode, address: '化工园区纬五路6号', loadingPlace: '3号装车鹤位' });
  await insertRow(db, 'wb_loader', { ...own, name: '港区液体化工码头', contact: '孙主任', phone: '0574-86002222', regionCode: e.regionCode, address: '港区大道9号', loadingPlace: '2号泊位装车区' });
  for (const un of ['1203', '1202', '1830', '1075']) {
    const g = (await db.execute<{ id: string; name_zh: string; goods_class: string; subsidiary_hazard: string | null; packing_group: string | null }>(
      sql`select id, name_zh, goods_class, subsidiary_hazard, packing_group from dangerous_goods where un_no = ${un} order by created_at limit 1`)).rows[0];
    if (g) await insertRow(db, 'wb_cargo', { ...own, goodsId: g.id, unNo: un, goodsName: g.name_zh, goodsClass: g.goods_class, subsidiaryHazard: g.subsidiary_hazard, packingGroup: g.packing_group,
      packingType: '罐装', unit: '吨', density: un === '1075' ? 0.51 : null, commonQuantity: 20, emergencyMeasures: '泄漏时切断火源，设置警戒区，用砂土围堵收容；报119及企业应急电话。' });
  }
  const otherCity = provinceTree(c.provinceCode)[0]?.children?.find((x) => x.id !== city)?.children?.[0]?.id ?? e.regionCode;
  const lineId = await insertRow(db, 'wb_transport_line', { ...own, name: '园区—城北油库', originRegion: e.regionCode, originAddress: '化工园区纬五路6号', destRegion: e.regionCode, destAddress: '城北工业区油库路2号', via: '绕城高速', distanceKm: 86, expectedHours: 3 });
  await insertRow(db, 'wb_transport_line', { ...own, name: '园区—跨市配送', originRegion: e.regionCode, originAddress: '化工园区纬五路6号', destRegion: otherCity, destAddress: '经济开发区化工路18号', via: '杭甬高速', distanceKm: 210, expectedHours: 5 });
  for (const [i, it] of DEFAULT_CHECK_ITEMS.entries()) {
    await insertRow(db, 'wb_check_item', { ...own, name: it.name, category: it.category, mandatory: it.mandatory, applies: it.applies, orderNum: i + 1, enabled: true });
  }

  const crews = await compliantCrews(db, e, letter);
  for (const [i, cr] of crews.entries()) {
    await insertRow(db, 'wb_bind', { ...own, name: `${i + 1}号车组（${cr.label}）`.slice(0, 50), vehicleId: cr.vehicleId, trailerId: cr.trailerId ?? null, tankId: cr.tankId ?? null, driverId: cr.driverId, escortId: cr.escortId ?? null });
  }
  // and one set the check refuses, as a fleet has: its driver's 从业资格证 has expired
  const lapsed = (await db.execute<{ id: string }>(sql`select id from staff where enterprise_id = ${e.id} and status = '在职' and 'driver' = any(qualification_types)
    and qualification_expiry < current_date order by name limit 1`)).rows[0];
  const last = crews[crews.length - 1]!;
  if (lapsed) await insertRow(db, 'wb_bind', { ...own, name: `${crews.length + 1}号车组（${last.label}，驾驶员证件过期）`.slice(0, 50), vehicleId: last.vehicleId, tankId: last.tankId ?? null, driverId: lapsed.id, escortId: last.escortId ?? null });
  const vehicleIds = crews.map((x) => x.vehicleId!);
  await insertRow(db, 'wb_fleet', { ...own, name: '第一车队', captain: '刘国庆', phone: '13905710001', vehicleIds });
  for (const [i, cr] of crews.slice(0, 2).entries()) {
    await insertRow(db, 'wb_empty_ledger', { ...own, vehicleId: cr.vehicleId, tankId: cr.tankId ?? null, unNo: cr.goods.unNo, goodsName: cr.goods.goodsName, goodsClass: cr.goods.goodsClass,
      cleaned: i === 1, originRegion: otherCity, originAddress: '经济开发区化工路18号', destRegion: e.regionCode, destAddress: '化工园区停车场', tripDate: chinaToday(new Date(Date.now() - (i + 2) * 86400_000)), driverId: cr.driverId, escortId: cr.escortId ?? null });
  }
  return { crews, shipperIds, loaderId, lineId };
}

/** today's waybills in every state, through the lifecycle code */
async function seedToday(c: DemoContext, e: DemoEnterprise, crews: DemoCrew[], base: { shipperIds: string[]; loaderId: string; lineId: string }) {
  const db = c.db;
  const user = demoUser(e, e.adminUserId === c.users.qiye ? '张安全' : '李调度');
  const consignee = (await db.execute<{ id: string }>(sql`select id from wb_consignee where enterprise_id = ${e.id} order by created_at limit 1`)).rows[0]!.id;
  const make = async (submit: boolean, cr?: DemoCrew, i = 0) => createWaybill(db, user, {
    shipperId: base.shipperIds[i % base.shipperIds.length], consigneeId: consignee, loaderId: base.loaderId, lineId: base.lineId,
    startDate: chinaToday(), waybillType: '普通', remark: i === 0 ? '夜间禁止通行路段请绕行' : null,
    goods: [cr?.goods ?? { unNo: '1203', goodsName: '车用汽油或汽油', goodsClass: '3', packingGroup: 'II', quantity: 10, unit: '吨' }],
  }, submit);
  const v = async (id: string) => (await db.execute<{ version: number }>(sql`select version from waybill where id = ${id}`)).rows[0]!.version;
  /**
   * the demo's own step effects on the same engine: each demo crew is dispatched as it is (a crew with a document
   * expiring soon shows on 预警), a check passes or fails on its first item, loading records 五必查 as passed
   */
  const demoCrew = new Map<string, DemoCrew>();
  const passing = new Map<string, boolean>();
  const steps = waybillWorkflow(c.provinceCode, {
    dispatch: async ({ tx, wb }) => {
      const cr = demoCrew.get(wb.id)!;
      const crew: Crew = Object.fromEntries(CREW_FIELDS.map((f) => [f, cr[f] ?? null]));
      const docs = await loadCrew(tx, wb.enterpriseId, crew);
      await lockCrew(tx, wb, crew, docs);
      return { set: { ...crewColumns(crew, docs), dispatcherId: user.id, dispatcherName: user.name, dispatchedAt: new Date() }, opinion: cr.label };
    },
    check: async ({ tx, wb }) => {
      const pass = passing.get(wb.id)!;
      const items = (await tx.execute<{ id: string; name: string; category: string; mandatory: boolean }>(sql`select id, name, category, mandatory from wb_check_item where enterprise_id = ${e.id} and enabled order by order_num`)).rows;
      const answers = items.map((it, k) => ({ itemId: it.id, name: it.name, category: it.category, mandatory: it.mandatory, result: !pass && k === 0 ? '不合格' : '合格', remark: !pass && k === 0 ? '左后轮胎气压不足' : null, photos: null }));
      await tx.execute(sql`insert into waybill_check (waybill_id, waybill_created_at, checker_id, checker_name, result, answers, failed_items, driver_notified, escort_notified)
        values (${wb.id}, ${wb.createdAt}, ${user.id}, ${user.name}, ${pass ? '合格' : '不合格'}, ${JSON.stringify(answers)}::jsonb, ${pass ? null : JSON.stringify([{ itemId: answers[0]!.itemId, name: answers[0]!.name, remark: answers[0]!.remark }])}::jsonb, true, true)`);
      if (pass) return { to: '待下发', set: { checkedAt: new Date() }, outcome: 'checkPass', opinion: null };
      await releaseCrew(tx, wb);
      return { to: '待调度', set: { problems: [`检查项“${items[0]!.name}”不合格：左后轮胎气压不足`] }, outcome: 'checkFail', opinion: '左后轮胎气压不足' };
    },
    load: async ({ tx, wb }) => {
      const lines = await goodsOf(tx, wb);
      await tx.execute(sql`update waybill_goods set actual_quantity = quantity where waybill_id = ${wb.id} and waybill_created_at = ${wb.createdAt}`);
      await tx.execute(sql`insert into waybill_loading (waybill_id, waybill_created_at, loader_name, loaded_at, checks, actual, total_mass_kg, operator_id, operator_name)
        values (${wb.id}, ${wb.createdAt}, ${wb.loaderName}, now(), ${JSON.stringify(FIVE_CHECKS.map((f) => ({ key: f.key, label: f.label, ok: true, remark: null })))}::jsonb,
        ${JSON.stringify(lines.map((l) => ({ lineId: l.id, unNo: l.unNo, goodsName: l.goodsName, planned: l.quantity, actual: l.quantity, unit: l.unit })))}::jsonb, ${wb.totalMassKg}, ${user.id}, ${user.name})`);
      return { set: { loadedAt: new Date() }, opinion: '五必查通过' };
    },
    change: async ({ tx, wb, opinion }) => {
      await tx.execute(sql`insert into waybill_change (waybill_id, waybill_created_at, user_id, user_name, reason, fields, before, after)
        values (${wb.id}, ${wb.createdAt}, ${user.id}, ${user.name}, ${opinion}, ${textArray(['consigneePhone'])}, ${JSON.stringify({ consigneePhone: wb.consigneePhone })}::jsonb, '{"consigneePhone":"0571-86559999"}'::jsonb)`);
      return { to: wb.state, set: { consigneePhone: '0571-86559999' }, data: { fields: ['consigneePhone'] } };
    },
  });
  const step = async (id: string, name: string, body: Record<string, unknown> = {}) => runStep(db, steps, user, id, name, { version: await v(id), ...body });
  const dispatch = async (id: string, cr: DemoCrew) => { demoCrew.set(id, cr); await step(id, 'dispatch'); };
  const check = async (id: string, pass: boolean) => { passing.set(id, pass); await step(id, 'check'); };
  const load = (id: string) => step(id, 'load');
  const distributeOne = (id: string) => step(id, 'distribute');

  for (let i = 0; i < 3; i++) await make(false, undefined, i);                 // 草稿
  for (let i = 0; i < 3; i++) await make(true, undefined, i);                  // 待调度
  // a failed check: back to 待调度 with its problems
  if (crews[0]) { const w = await make(true, crews[0]); await dispatch(w.id, crews[0]); await check(w.id, false); }
  if (crews[0]) { const w = await make(true, crews[0]); await dispatch(w.id, crews[0]); }                                   // 待检查
  if (crews[1]) { const w = await make(true, crews[1]); await dispatch(w.id, crews[1]); await check(w.id, true); }         // 待下发
  if (crews[2]) {                                                                                                         // 待装货, with a change record
    const w = await make(true, crews[2], 1); await dispatch(w.id, crews[2]); await check(w.id, true);
    await distributeOne(w.id);
    await step(w.id, 'change', { reason: '收货人更换联系电话' });
  }
  if (crews[3]) {                                                                                                         // 运输中, overdue
    const w = await make(true, crews[3], 2); await dispatch(w.id, crews[3]); await check(w.id, true);
    await distributeOne(w.id); await load(w.id);
    await db.execute(sql`update waybill set loaded_at = now() - interval '9 hours', expected_hours = 3 where id = ${w.id}`);
  }
  const voided = await make(false, undefined, 1);
  await step(voided.id, 'cancel', { reason: '托运人取消运输计划' });
  const closed = await make(true, undefined, 2);
  await step(closed.id, 'close', { reason: '装货单位停产检修' });
  void complianceInput;
}

async function seedHistory(c: DemoContext, crewsByEnt: { e: DemoEnterprise; crews: DemoCrew[]; user: string }[]) {
  const db = c.db;
  await createCrewTable(db, 'pg_temp.wbgen_crew');
  let idx = 0;
  for (const { e, crews, user } of crewsByEnt) {
    const ent = (await db.execute<{ name: string; phone: string; licence_no: string }>(sql`select name, phone, licence_no from enterprise where id = ${e.id}`)).rows[0]!;
    // history may use any vehicle of the enterprise (documents expire over time)
    const extra = (await db.execute<{ id: string }>(sql`select id from vehicle where enterprise_id = ${e.id} and vehicle_type in ('tanker', 'van') order by plate_no`)).rows.map((r) => r.id);
    const all = [...crews, ...extra.filter((id) => !crews.some((x) => x.vehicleId === id)).map((id) => ({ ...crews[0]!, vehicleId: id, trailerId: null, tankId: null }))];
    for (const cr of all) {
      const docs = await loadCrew(db, e.id, cr);
      const cols = crewColumns(cr, docs);
      await db.execute(sql`insert into pg_temp.wbgen_crew values (${idx++}, ${e.id}, ${e.regionCode}, ${ent.name}, ${ent.phone}, ${ent.licence_no}, ${cols.vehicleId}, ${cols.plateNo}, ${cols.plateColor},
        ${cols.vehicleCertNo}, ${cols.trailerId}, ${cols.trailerPlateNo}, ${cols.trailerCertNo}, ${cols.tankId}, ${cols.tankNo}, ${cols.tankVolume}, ${cols.driverId}, ${cols.driverName},
        ${cols.driverQualificationNo}, ${cols.driverPhone}, ${cols.escortId}, ${cols.escortName}, ${cols.escortQualificationNo}, ${cols.escortPhone}, ${user})`);
    }
  }
  const districts = crewsByEnt.map((x) => x.e.regionCode);
  const now = Date.now();
  await generateWaybills(db, {
    crewTable: 'pg_temp.wbgen_crew', count: 600, fromMs: now - 90 * 86400_000, toMs: now - 3 * 86400_000, provinceCode: c.provinceCode,
    regions: [...districts, ...districts, ...(provinceTree(c.provinceCode)[0]?.children ?? []).slice(2, 5).map((x) => x.children?.[0]?.id ?? x.id)], transitions: true,
  });
  await db.execute(sql`drop table pg_temp.wbgen_crew`);
}

/** abnormal waybills found by the rules (history), a manual report, and a 核查单 in each state */
async function seedSupervision(c: DemoContext) {
  const db = c.db;
  const gov = c.users.zhengfu!;
  const rules: [string, string][] = [
    ['资质过期', '车辆道路运输证过期（装货时已超过有效期）'], ['超载', '超过核定载质量（实际装货16500千克，核定13500千克）'],
    ['无押运员', '缺少押运员（装货查验时押运员未随车）'], ['超经营范围', '经营范围不含第6类'],
  ];
  for (const [k, e] of [c.enterprises.a, c.enterprises.b].entries()) {
    const ws = (await db.execute<{ id: string; created_at: Date; waybill_no: string; plate_no: string; carrier_region: string }>(sql`
      select id, created_at, waybill_no, plate_no, carrier_region from waybill where enterprise_id = ${e.id} and state in ('已完成', '异常关闭') and waybill_no is not null
      order by created_at desc limit 4 offset 5`)).rows;
    for (const [i, w] of ws.entries()) {
      const [rule, detail] = rules[(i + k) % rules.length]!;
      await db.execute(sql`insert into abnormal_waybill (waybill_id, waybill_created_at, waybill_no, plate_no, enterprise_id, carrier_region, rule, detail, source, found_at)
        values (${w.id}, ${w.created_at}, ${w.waybill_no}, ${w.plate_no}, ${e.id}, ${w.carrier_region}, ${rule}, ${detail}, '规则', ${w.created_at}::timestamptz + interval '2 hours')`);
    }
    await db.execute(sql`insert into abnormal_waybill (enterprise_id, carrier_region, plate_no, rule, detail, source, reported_by, reporter_name)
      values (${e.id}, ${e.regionCode}, ${e.abbr + (k ? 'B' : 'A') + '88888'}, '手工上报', '群众举报：车辆在居民区路边长时间停放', '手工', ${gov}, '王监管')`);
  }
  await sweepOverdue(db);
  // 核查单: A has one in each state (and one returned once), B one waiting and one finished
  const plan: [DemoEnterprise, string, boolean][] = [
    [c.enterprises.a, '待签收', false], [c.enterprises.a, '待回复', false], [c.enterprises.a, '待审核', false], [c.enterprises.a, '已办结', false], [c.enterprises.a, '待回复', true],
    [c.enterprises.b, '待签收', false], [c.enterprises.b, '已办结', false],
  ];
  const taken = new Set<string>();
  for (const [e, state, returned] of plan) {
    const a = (await db.execute<Record<string, any>>(sql`select * from abnormal_waybill where enterprise_id = ${e.id} and status = '待处理' order by found_at desc`)).rows.find((x) => !taken.has(x.id));
    if (!a) continue;
    taken.add(a.id);
    const entUser = e.adminUserId;
    const r = await db.execute<{ id: string }>(sql`insert into checklist (abnormal_id, waybill_id, waybill_created_at, waybill_no, enterprise_id, carrier_region, problem, reply_by, state,
        issued_by, issuer_name, issued_at, received_by, received_at, reply, replied_at, opinion, finished_at)
      values (${a.id}, ${a.waybill_id}, ${a.waybill_created_at}, ${a.waybill_no}, ${e.id}, ${a.carrier_region}, ${'请核查：' + a.detail + '，说明原因及整改措施。'}, current_date + 7, ${state},
        ${gov}, '王监管', now() - interval '3 days', ${state === '待签收' ? null : entUser}, ${state === '待签收' ? null : sql`now() - interval '2 days'`},
        ${['待审核', '已办结'].includes(state) || returned ? '已对当班驾驶员、押运员进行教育并记分，调度员复核流程已完善。' : null}, ${['待审核', '已办结'].includes(state) || returned ? sql`now() - interval '1 day'` : null},
        ${state === '已办结' ? '整改到位，予以办结。' : returned ? '回复未附整改照片，请补充后重新回复。' : null}, ${state === '已办结' ? sql`now()` : null}) returning id`);
    const id = r.rows[0]!.id;
    const steps: [string, string | null, string, string, string | null][] = [['下发', null, '待签收', gov, '请核查并回复']];
    if (state !== '待签收') steps.push(['签收', '待签收', '待回复', entUser, null]);
    if (returned) steps.push(['回复', '待回复', '待审核', entUser, '已教育当事人'], ['退回', '待审核', '待回复', gov, '回复未附整改照片，请补充后重新回复。']);
    if (state === '待审核' || state === '已办结') steps.push(['回复', '待回复', '待审核', entUser, '已对当班驾驶员、押运员进行教育并记分']);
    if (state === '已办结') steps.push(['办结', '待审核', '已办结', gov, '整改到位，予以办结。']);
    for (const [n, [action, from, to, uid, note]] of steps.entries()) {
      await db.execute(sql`insert into checklist_step (checklist_id, at, user_id, user_name, action, from_state, to_state, note)
        values (${id}, now() - make_interval(hours => ${72 - n * 12}), ${uid}, ${uid === gov ? '王监管' : '企业管理员'}, ${action}, ${from}, ${to}, ${note})`);
    }
    await db.execute(sql`update abnormal_waybill set status = ${state === '已办结' ? '已办结' : '已下发核查单'} where id = ${a.id}`);
  }
}

addDemoSeeder('waybill', async (c) => {
  const a = await seedEnterprise(c, c.enterprises.a, 'A');
  const b = await seedEnterprise(c, c.enterprises.b, 'B');
  await seedHistory(c, [{ e: c.enterprises.a, crews: a.crews, user: '张安全' }, { e: c.enterprises.b, crews: b.crews, user: '李调度' }]);
  await seedToday(c, c.enterprises.a, a.crews, a);
  await seedToday(c, c.enterprises.b, b.crews, b);
  await seedSupervision(c);
});
