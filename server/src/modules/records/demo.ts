/**
 * Demo rows of 档案管理 for both demo enterprises: licences, car parks, vehicles with their
 * sub-records, tanks, tank containers, staff with entries and one leave. Every expiry is relative
 * to CURRENT_DATE at seeding, with some due within 30 days and some already expired, so each
 * 到期预警 list has rows to show. Everything is 已通过 (audited), as a running enterprise's would be.
 */
import { sql } from 'drizzle-orm';
import { makeIdCard18 } from '@dg/core';
import { addDemoSeeder, insertDemoRow, type DemoContext, type DemoEnterprise } from '../../db/seed-demo.ts';
import { regionName } from '../../platform/regions.ts';
import { seedGoodsCatalogue } from '../knowledge/catalogue.ts';

/** CURRENT_DATE + n days, as SQL (n is always a literal of this file) */
const day = (n: number) => sql.raw(`(current_date + ${Math.trunc(n)})`);

const insert = insertDemoRow;

interface VehicleSeed { serial: string; type: string; brand: string; load: number; mass: number; cert: number; review: number; insurance: number; carrier: number; status?: string }

/** expiries in days from today: negative = expired, 0..30 = due within the default window */
const VEHICLES: VehicleSeed[] = [
  { serial: 'D3568', type: 'tractor', brand: '解放J6P 重型半挂牵引车 CA4250P66K24T1A1E5', load: 0, mass: 25000, cert: 210, review: 160, insurance: 120, carrier: 230 },
  { serial: 'F2791', type: 'tractor', brand: '东风天龙 重型半挂牵引车 DFH4250A', load: 0, mass: 25000, cert: 12, review: 190, insurance: 260, carrier: 260 },
  { serial: 'K6083', type: 'tractor', brand: '陕汽德龙X3000 SX4250XC4Q', load: 0, mass: 25000, cert: 300, review: -6, insurance: 140, carrier: 140 },
  { serial: 'G5210', type: 'tanker', brand: '程力威 CLW5250GYYD5 运油车', load: 13500, mass: 25000, cert: 180, review: 200, insurance: 25, carrier: 170 },
  { serial: 'H7732', type: 'tanker', brand: '东风多利卡 DFA5180GYY 运油车', load: 8200, mass: 18000, cert: -15, review: 95, insurance: 210, carrier: 210 },
  { serial: 'J1046', type: 'tanker', brand: '华威驰乐 SGZ5250GFWZZ5 腐蚀性物品罐式运输车', load: 14200, mass: 25000, cert: 240, review: 22, insurance: 190, carrier: -20 },
  { serial: 'L8859', type: 'tanker', brand: '楚胜 CSC5260GRYD 易燃液体罐式运输车', load: 13000, mass: 26000, cert: 150, review: 280, insurance: 8, carrier: 8 },
  { serial: 'M2467', type: 'van', brand: '江淮骏铃 HFC5041XQYP 爆破器材运输车', load: 1800, mass: 4495, cert: 270, review: 120, insurance: -3, carrier: 150, status: '停运' },
  { serial: '6208挂', type: 'trailer', brand: '中集 ZJV9400GYYSZ 铝合金运油半挂车', load: 33000, mass: 40000, cert: 27, review: 170, insurance: 170, carrier: 170 },
  { serial: '7315挂', type: 'trailer', brand: '通华 THT9401GHY 化工液体运输半挂车', load: 32500, mass: 40000, cert: 330, review: 3, insurance: 300, carrier: 300 },
  { serial: '8426挂', type: 'vanTrailer', brand: '梁山 LSY9400XQY 爆破器材运输半挂车', load: 30000, mass: 40000, cert: 200, review: 250, insurance: 250, carrier: 250 },
];

/** B's plates use other serials, so a plate never repeats between the two enterprises */
const serialB = (s: string) => s.replace(/\d/g, (d) => String((Number(d) + 3) % 10));

const TANKS: { onVehicle: number; type: string; volume: number; material: string; media: string[]; expiry: number }[] = [
  { onVehicle: 3, type: 'atmospheric', volume: 28.5, material: '铝合金 5182', media: ['1203', '1202', '3'], expiry: 200 },
  { onVehicle: 4, type: 'atmospheric', volume: 12.8, material: '碳钢 Q345R', media: ['1202', '1203'], expiry: -9 },
  { onVehicle: 5, type: 'atmospheric', volume: 16.2, material: '钢衬塑', media: ['1830', '1789', '8'], expiry: 20 },
  { onVehicle: 6, type: 'atmospheric', volume: 25.0, material: '不锈钢 S30408', media: ['1170', '1090', '3'], expiry: 310 },
  { onVehicle: 8, type: 'atmospheric', volume: 45.6, material: '铝合金 5083', media: ['1203', '1202', '1170', '3'], expiry: 150 },
  { onVehicle: 9, type: 'pressure', volume: 52.6, material: 'Q370R', media: ['1075', '1978', '2.1'], expiry: 90 },
];

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高';
const GIVEN = ['建国', '志强', '海涛', '春梅', '国华', '晓东', '立新', '永红', '伟', '秀英', '文斌', '德明', '丽娟', '金龙', '明亮', '桂兰', '振华', '小军'];
const STAFF_POSTS: { post: string; types: string[]; qual: number; drive?: number }[] = [
  { post: '驾驶员', types: ['driver'], qual: 900, drive: 1500 },
  { post: '驾驶员', types: ['driver'], qual: 15, drive: 900 },
  { post: '驾驶员', types: ['driver'], qual: -30, drive: 1200 },
  { post: '驾驶员', types: ['driver', 'escort'], qual: 1600, drive: 26 },
  { post: '驾驶员', types: ['driver'], qual: 700, drive: -12 },
  { post: '驾驶员', types: ['driver'], qual: 1100, drive: 2000 },
  { post: '驾驶员', types: ['driver'], qual: 28, drive: 600 },
  { post: '驾驶员', types: ['driver'], qual: 1900, drive: 1800 },
  { post: '押运员', types: ['escort'], qual: 1300 },
  { post: '押运员', types: ['escort'], qual: 6 },
  { post: '押运员', types: ['escort'], qual: 800 },
  { post: '押运员', types: ['escort'], qual: -2 },
  { post: '装卸管理人员', types: ['loader'], qual: 1000 },
  { post: '装卸管理人员', types: ['loader'], qual: 19 },
  { post: '安全管理人员', types: [], qual: 0 },
  { post: '主要负责人', types: [], qual: 0 },
];

async function seedEnterprise(c: DemoContext, e: DemoEnterprise, letter: 'A' | 'B') {
  const db = c.db;
  const by = e.adminUserId;
  const own = { enterpriseId: e.id, createdBy: by, updatedBy: by };
  const ent = (await db.execute<{ licence_no: string; credit_code: string }>(sql`select licence_no, credit_code from enterprise where id = ${e.id}`)).rows[0]!;
  const cityShort = letter === 'A' ? '一' : '二';
  const issuer = `${regionName(e.cityCode).split('/').pop()}道路运输管理局`;

  // 证照: one valid, one due within 30 days, one expired
  await insert(db, 'company_licence', { ...own, certType: '道路运输经营许可证', certNo: ent.licence_no, issuer, issueDate: day(-1060), expiryDate: day(400) });
  await insert(db, 'company_licence', { ...own, certType: '安全生产标准化达标证明', certNo: `JTAQ${e.regionCode}${letter}0${cityShort === '一' ? 1 : 2}`, issuer: '交通运输安全生产标准化评审中心', issueDate: day(-1077), expiryDate: day(18) });
  await insert(db, 'company_licence', { ...own, certType: '危险货物承运人责任保险', certNo: `PZAL${new Date().getFullYear() - 1}${e.regionCode}0008${letter === 'A' ? 6 : 7}`, issuer: '中国人民财产保险股份有限公司', issueDate: day(-377), expiryDate: day(-12) });

  // 停车场
  await insert(db, 'company_park', { ...own, name: '化工园区专用停车场', regionCode: e.regionCode, address: '化工园区纬三路88号', area: 6800, spaces: 40, ownership: '自有',
    facilities: '视频监控全覆盖、消防栓4处、灭火器40具、应急池200立方米、防雷防静电设施、24小时值守' });
  await insert(db, 'company_park', { ...own, name: '物流港租赁停车场', regionCode: e.regionCode, address: '港区大道1号物流港B区', area: 3200, spaces: 18, ownership: '租赁', leaseExpiry: day(200),
    facilities: '隔离围栏、视频监控、灭火器20具、应急物资柜' });

  // 常运货物, from the catalogue
  for (const un of ['1203', '1202', '1830', '1075']) {
    const g = (await db.execute<{ id: string; name_zh: string; goods_class: string; packing_group: string | null }>(
      sql`select id, name_zh, goods_class, packing_group from dangerous_goods where un_no = ${un} order by created_at limit 1`)).rows[0];
    if (g) await insert(db, 'company_goods', { ...own, goodsId: g.id, unNo: un, goodsName: g.name_zh, goodsClass: g.goods_class, packingGroup: g.packing_group, annualVolume: 12000 });
  }

  // 车辆
  const vehicleIds: string[] = [];
  const plateOf = (v: VehicleSeed) => `${e.abbr}${letter}${letter === 'A' ? v.serial : serialB(v.serial)}`;
  for (const [i, v] of VEHICLES.entries()) {
    const seq = String(i + 1).padStart(6, '0');
    vehicleIds.push(await insert(db, 'vehicle', {
      ...own, plateNo: plateOf(v), plateColor: '2', vehicleType: v.type, brandModel: v.brand,
      vin: `LZZ${letter}${e.regionCode}${String(7100000 + i * 137).slice(0, 7)}`, engineNo: v.load ? `WP12${letter}${e.regionCode.slice(2)}${i}` : null,
      approvedLoad: v.load, totalMass: v.mass, dimensions: v.type.endsWith('railer') ? '12980×2550×3950' : '8950×2500×3450',
      transportCertNo: `${e.abbr}交运管${cityShort}字${e.regionCode}${seq}`, transportCertExpiry: day(v.cert), annualReviewExpiry: day(v.review),
      inspectionExpiry: day(v.review + 30), techGrade: '一级', compulsoryInsuranceExpiry: day(v.insurance), commercialInsuranceExpiry: day(v.insurance),
      carrierInsuranceExpiry: day(v.carrier), gpsTerminalNo: v.type.endsWith('railer') ? null : `1380${e.regionCode.slice(0, 4)}${String(i).padStart(3, '0')}`,
      registerDate: day(-400 - i * 97), status: v.status ?? '营运', auditStatus: '已通过',
    }));
  }

  // 车辆技术档案 sub-records for the first vehicles
  const rec = (table: string, vi: number, o: Record<string, unknown>) => insert(db, table, { ...own, vehicleId: vehicleIds[vi], ...o });
  for (const vi of [0, 3, 4]) {
    await rec('vehicle_daily_repair', vi, { recordDate: day(-40), mileage: 182300 + vi * 1000, content: '更换制动气室膜片，检查制动管路无泄漏', unit: '市危运车辆维修中心', cost: 860 });
    await rec('vehicle_level1', vi, { recordDate: day(-25), mileage: 185000 + vi * 1000, content: '清洁、润滑、紧固；检查轮胎气压及制动', unit: '市危运车辆维修中心', cost: 420, nextDate: day(5), nextMileage: 190000 + vi * 1000 });
    await rec('vehicle_level2', vi, { recordDate: day(-150), mileage: 170000 + vi * 1000, content: '二级维护：发动机、底盘、电气系统检测调整，尾气检测合格', unit: '一类机动车维修企业', cost: 2600, nextDate: day(30), nextMileage: 200000 + vi * 1000 });
    await rec('vehicle_maintain', vi, { recordDate: day(-60), mileage: 178000 + vi * 1000, content: '更换机油、机滤、空滤、柴滤', unit: '4S服务站', cost: 1350, nextDate: day(40) });
    await rec('vehicle_gps_repair', vi, { recordDate: day(-90), content: '卫星定位终端天线松动，重新固定并测试上线正常', unit: '北斗运营服务商', cost: 0 });
    await rec('vehicle_tyre', vi, { recordDate: day(-120), mileage: 160000 + vi * 1000, content: '更换驱动桥轮胎4条（12R22.5）', unit: '轮胎服务中心', cost: 6400 });
    await rec('vehicle_facility', vi, { facilityType: '灭火器', quantity: 2, checkDate: day(-20), expiryDate: vi === 0 ? day(14) : day(300) });
    await rec('vehicle_facility', vi, { facilityType: '导静电拖地带', quantity: 1, checkDate: day(-20), expiryDate: null });
    await rec('vehicle_facility', vi, { facilityType: '三角警示牌', quantity: 1, checkDate: day(-20), expiryDate: null });
  }

  // 罐体, on the tankers and tank trailers
  for (const [i, tk] of TANKS.entries()) {
    const tankId = await insert(db, 'tank', {
      ...own, tankNo: `GT${letter}${e.regionCode.slice(2)}-${2019 + (i % 4)}-${String(i + 1).padStart(3, '0')}`, vehicleId: vehicleIds[tk.onVehicle],
      tankType: tk.type, volume: tk.volume, material: tk.material, suitableMedia: tk.media, manufacturer: tk.type === 'pressure' ? '荆门宏图特种飞行器制造有限公司' : '湖北程力专用汽车有限公司',
      manufactureDate: day(-1500 - i * 60), inspectionExpiry: day(tk.expiry), status: '在用', auditStatus: '已通过',
    });
    if (i < 3) {
      await insert(db, 'tank_check', { ...own, tankId, recordDate: day(tk.expiry - 365), content: '外观检查、壁厚测定、气密性试验、安全附件校验', unit: '特种设备检验研究院', cost: 3200,
        checkType: tk.type === 'pressure' ? '年度检验' : '定期检验', result: '合格', reportNo: `TJ${new Date().getFullYear() - 1}-${letter}${String(i + 1).padStart(4, '0')}`, nextDate: day(tk.expiry) });
      await insert(db, 'tank_repair', { ...own, tankId, recordDate: day(-70 - i * 11), content: '更换人孔盖密封圈，紧急切断阀检修', unit: '专用车维修站', cost: 1500 });
      await insert(db, 'tank_maintain', { ...own, tankId, recordDate: day(-30 - i * 7), content: '罐内清洗置换，呼吸阀清理，静电接地检测', unit: '罐车清洗站', cost: 900 });
    }
  }

  // 罐式集装箱 (ISO 6346 numbers)
  await insert(db, 'tank_container', { ...own, containerNo: letter === 'A' ? 'DGTU2450061' : 'DGTU3180127', containerType: '液体罐箱', volume: 24, suitableMedia: ['1830', '8'], inspectionExpiry: day(160), owner: e.name });
  await insert(db, 'tank_container', { ...own, containerNo: letter === 'A' ? 'DGTU2450077' : 'DGTU3180132', containerType: '气体罐箱', volume: 21.5, suitableMedia: ['1075', '2.1'], inspectionExpiry: day(24), owner: '中化国际物流有限公司' });

  // 人员: valid ID numbers of the enterprise's district; 从业资格证号 = ID number (the usual practice)
  for (const [i, p] of STAFF_POSTS.entries()) {
    const male = !(i === 9 || i === 13 || i === 14);
    const year = 1968 + ((i * 7 + (letter === 'A' ? 0 : 3)) % 28);
    const birth = `${year}${String(1 + (i % 12)).padStart(2, '0')}${String(3 + i).padStart(2, '0')}`;
    const seq = String(100 + i * 4 + (letter === 'A' ? 0 : 2) + (male ? 1 : 0)).padStart(3, '0'); // odd = male
    const idCard = makeIdCard18(`${e.regionCode}${birth}${seq}`);
    const name = SURNAMES[(i * 3 + (letter === 'A' ? 0 : 5)) % SURNAMES.length]! + GIVEN[(i + (letter === 'A' ? 0 : 7)) % GIVEN.length]!;
    const driver = p.drive !== undefined;
    const entryDays = -2200 + i * 97;
    const staffId = await insert(db, 'staff', {
      ...own, name, sex: male ? '1' : '2', idCard, mobile: `139${letter === 'A' ? '57' : '58'}${String(120000 + i * 3791).slice(-6)}`, post: p.post,
      qualificationNo: p.types.length ? idCard : null, qualificationTypes: p.types, qualificationExpiry: p.types.length ? day(p.qual) : null,
      drivingLicenceNo: driver ? idCard : null, drivingClass: driver ? (i % 3 === 0 ? 'B2' : 'A2') : null, drivingLicenceExpiry: driver ? day(p.drive!) : null,
      entryDate: day(entryDays), status: '在职',
    });
    await insert(db, 'staff_entry', { ...own, staffId, entryDate: day(entryDays), post: p.post, contractNo: `HT${letter}${String(2018 + (i % 6))}${String(i + 1).padStart(3, '0')}`,
      contractStart: day(entryDays), contractEnd: i % 4 === 3 ? null : day(entryDays + 365 * 5) });
    if (i === STAFF_POSTS.length - 5) { // one escort left; the record stays
      await insert(db, 'staff_leave', { ...own, staffId, leaveDate: day(-45), reason: '个人原因辞职，已办理工作交接', handover: true });
      await db.execute(sql`update staff set status = '离职' where id = ${staffId}`);
    }
  }
}

addDemoSeeder('records', async (c) => {
  // 常运货物 pick from the 危险货物品名 catalogue: make sure its built-in rows are there (idempotent)
  await seedGoodsCatalogue(c.db);
  await seedEnterprise(c, c.enterprises.a, 'A');
  await seedEnterprise(c, c.enterprises.b, 'B');
});
