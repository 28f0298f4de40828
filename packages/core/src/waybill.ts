/**
 * The electronic waybill (电子运单) as data: its states, the transitions between them
 * and who may take each (element codes), the dispatch compliance rules as a pure function over plain
 * data (the web shows the same lines; the server is the law and re-checks), and the waybill form.
 * Legal basis: 《危险货物道路运输安全管理办法》第二十二至二十七条 (docs/domain.md).
 */
import { resource, text, textarea, date, region, number, enumOf, ref, bool } from './resource.ts';
import type { StepDef, WorkflowDef } from './workflow.ts';
import type { MenuCode } from './menus.ts';
import { FUSION_ABNORMAL_RULE } from './fusion.ts';

export const WAYBILL_STATES = ['草稿', '待调度', '待检查', '待下发', '待装货', '运输中', '已完成', '已作废', '异常关闭'] as const;
export type WaybillState = (typeof WAYBILL_STATES)[number];
/** a vehicle, tank or person on a waybill in these states is 在运输中 (busy) */
export const ACTIVE_STATES: readonly WaybillState[] = ['待检查', '待下发', '待装货', '运输中'];
export const FINAL_STATES: readonly WaybillState[] = ['已完成', '已作废', '异常关闭'];
export const WAYBILL_TYPES = ['普通', '空车(未清洗)', '城市配送'] as const;
export const GOODS_UNITS = ['吨', '千克', '升', '立方米', '件'] as const;
export type GoodsUnit = (typeof GOODS_UNITS)[number];

/** the four queues of 运输任务 (the product's routes) and the bell keys they feed */
export const WAYBILL_QUEUES = {
  base: { state: '草稿', menu: 'baseManager', remind: 'uncommitted', title: '待提交' },
  dispatch: { state: '待调度', menu: 'dispatchManager', remind: 'unscheduled', title: '待调度' },
  waybillCheck: { state: '待检查', menu: 'waybillCheckManager', remind: 'unchecked', title: '待检查' },
  distribute: { state: '待下发', menu: 'distributeManager', remind: 'undistributed', title: '待下发' },
} as const satisfies Record<string, { state: WaybillState; menu: MenuCode; remind: string; title: string }>;
export type WaybillQueue = keyof typeof WAYBILL_QUEUES;
/** the screens whose users print a waybill (打印运单): the server's print route and the web's 打印 button read this */
export const WAYBILL_PRINT_MENUS: readonly MenuCode[] = ['distributeManager', 'waybillManageManager', 'baseManager'];

/**
 * The columns a list row of waybills carries (every queue, 运单管理, 运单监控 and a statistic's drill-down): what the
 * lists show (web/src/pages/waybill/WaybillQueue.tsx, web/src/pages/stats/StatWaybills.tsx) and what their row actions
 * need (id, version, state, number, tank); a dialog reads the whole waybill from its detail. A monitor page of 20 rows
 * was 42 KB with every column.
 */
export const WAYBILL_LIST_FIELDS = [
  'id', 'createdAt', 'version', 'state', 'enterpriseId', 'waybillNo', 'waybillType', 'carrierName', 'goodsSummary', 'totalMassKg', 'problems',
  'shipperName', 'consigneeName', 'startDate', 'originRegion', 'destRegion', 'plateNo', 'plateColor', 'trailerPlateNo',
  'tankId', 'tankContainerId', 'driverName', 'escortName', 'dispatcherName', 'dispatchedAt', 'overdueAt', 'createdByName',
] as const;
export type WaybillListField = (typeof WAYBILL_LIST_FIELDS)[number];

/**
 * The timeline's words for what is not a declared step: a waybill's creation and the outcomes a step's hook names
 * (a check that passed or failed, a crew change sending it back to 出车检查). A step's own word is its label.
 */
export const TIMELINE_OUTCOMES: Readonly<Record<string, string>> = {
  create: '创建', checkPass: '出车检查合格', checkFail: '出车检查不合格', crewChange: '变更车辆人员，需重新出车检查',
};

/** the timeline's word for a recorded action: a step's label, or an outcome's word */
export const timelineLabel = (action: string) => waybillForm.workflow?.steps?.[action]?.label ?? TIMELINE_OUTCOMES[action] ?? action;

// ───────────────────────── check items and 五必查 ─────────────────────────

export const CHECK_RESULTS = ['合格', '不合格', '不适用'] as const;
export type CheckResult = (typeof CHECK_RESULTS)[number];
export const CHECK_ITEM_CATEGORIES = ['车辆', '罐体', '安全设施', '人员证件', '应急器材'] as const;

/** the standard 出车前检查 items (办法第二十五、二十六条), copied into an enterprise's 检查项 the first time it checks */
export const DEFAULT_CHECK_ITEMS: { name: string; category: (typeof CHECK_ITEM_CATEGORIES)[number]; mandatory: boolean; applies: '全部' | '罐式' }[] = [
  { name: '轮胎、制动、转向、灯光技术状况良好', category: '车辆', mandatory: true, applies: '全部' },
  { name: '卫星定位装置工作正常', category: '车辆', mandatory: true, applies: '全部' },
  { name: '危险货物警示标志、标志灯和标志牌按GB 13392悬挂', category: '车辆', mandatory: true, applies: '全部' },
  { name: '罐体外观无渗漏，阀门关闭严密', category: '罐体', mandatory: true, applies: '罐式' },
  { name: '紧急切断装置有效', category: '罐体', mandatory: true, applies: '罐式' },
  { name: '导静电拖地带完好', category: '罐体', mandatory: false, applies: '罐式' },
  { name: '灭火器数量足够且在有效期内', category: '安全设施', mandatory: true, applies: '全部' },
  { name: '三角警示牌、防火罩齐全', category: '安全设施', mandatory: false, applies: '全部' },
  { name: '驾驶员、押运员从业资格证随车携带', category: '人员证件', mandatory: true, applies: '全部' },
  { name: '行驶证、道路运输证随车携带', category: '人员证件', mandatory: true, applies: '全部' },
  { name: '应急处置工具及堵漏器材齐全', category: '应急器材', mandatory: false, applies: '全部' },
  { name: '个人防护用品齐全', category: '应急器材', mandatory: false, applies: '全部' },
];

/** 装货人“五必查” (办法第二十七条): every one must be 符合 before loading */
export const FIVE_CHECKS = [
  { key: 'vehicleCert', label: '车辆具有有效行驶证和道路运输证' },
  { key: 'crewQualification', label: '驾驶人、押运人员具有有效资质证件' },
  { key: 'inspectionValid', label: '车辆、罐体在检验合格有效期内' },
  { key: 'goodsMatch', label: '所装货物与运单载明的事项一致' },
  { key: 'tankMedia', label: '所充装货物在罐体适装介质列表范围内' },
] as const;
export type FiveCheckKey = (typeof FIVE_CHECKS)[number]['key'];

// ───────────────────────── dispatch compliance (pure) ─────────────────────────

export interface VehicleDoc {
  plateNo: string;
  /** 核定载质量 in kg */
  approvedLoad?: number | null;
  transportCertExpiry?: string | null;
  annualReviewExpiry?: string | null;
  /** 行驶证检验有效期至 */
  inspectionExpiry?: string | null;
  compulsoryInsuranceExpiry?: string | null;
  carrierInsuranceExpiry?: string | null;
  status?: string | null;
}
export interface TankDoc { tankNo: string; suitableMedia?: readonly string[] | null; inspectionExpiry?: string | null; status?: string | null; kind?: '罐体' | '罐箱' }
export interface StaffDoc {
  name: string; qualificationNo?: string | null; qualificationTypes?: readonly string[] | null; qualificationExpiry?: string | null; status?: string | null;
  /** 驾驶证有效期至: checked for the driver (an escort drives nothing) */
  drivingLicenceExpiry?: string | null;
}
export interface GoodsDoc {
  unNo: string; goodsName: string; goodsClass: string; quantity: number; unit: string;
  /** 千克/升 (for 升 and 立方米) */
  density?: number | null;
  /** 千克/件 (for 件) */
  pieceMass?: number | null;
  /** from the catalogue entry: 剧毒化学品, 危险废物 */
  toxic?: boolean | null;
  waste?: boolean | null;
}
export type CrewRole = 'vehicle' | 'trailer' | 'tank' | 'driver' | 'escort';
export const CREW_ROLE_LABELS: Record<CrewRole, string> = { vehicle: '车辆', trailer: '挂车', tank: '罐体', driver: '驾驶员', escort: '押运员' };
/** another waybill in an active state holding one of the crew */
export interface BusyDoc { role: CrewRole; label: string; waybillNo?: string | null; state: string }
export interface ComplianceInput {
  /** YYYY-MM-DD (China time): a document valid until today is still valid today */
  today: string;
  /** the enterprise's 经营范围 codes: classes ('1'..'9'), divisions ('2.1', '6.1' …), 'toxic', 'waste' */
  businessScope: readonly string[];
  /** 核定品名: UN numbers the licence names one by one (a list typed with commas or spaces) */
  scopeUnNos?: string | readonly string[] | null;
  vehicle?: VehicleDoc | null;
  trailer?: VehicleDoc | null;
  tank?: TankDoc | null;
  driver?: StaffDoc | null;
  escort?: StaffDoc | null;
  goods: readonly GoodsDoc[];
  busy?: readonly BusyDoc[];
}
export type ProblemKind = 'missing' | 'certExpired' | 'status' | 'media' | 'qualification' | 'scope' | 'overload' | 'massUnknown' | 'busy' | 'noEscort';
export interface ComplianceProblem { kind: ProblemKind; message: string }

/** the abnormal-waybill rule (异常运单) a kind of problem amounts to, if any */
export const ABNORMAL_RULE_OF: Partial<Record<ProblemKind, string>> = {
  certExpired: '资质过期', qualification: '资质过期', media: '超适装介质', scope: '超经营范围', overload: '超载', noEscort: '无押运员',
};
/** every rule a 异常运单 is found by: the dispatch rules', the in-transit sweep's, 数据融合's (its own constant) and a report by hand */
export const ABNORMAL_RULES = ['超载', '超经营范围', '超适装介质', '资质过期', '无押运员', '在途超时', FUSION_ABNORMAL_RULE, '手工上报'] as const;

/** '2.1' → '2'; '3' → '3' */
/** GB 6944 classes: short names (charts) and full names (filters) */
export const GOODS_CLASSES = [
  { value: '1', short: '爆炸品', label: '爆炸品' },
  { value: '2', short: '气体', label: '气体' },
  { value: '3', short: '易燃液体', label: '易燃液体' },
  { value: '4', short: '易燃固体', label: '易燃固体、易于自燃的物质、遇水放出易燃气体的物质' },
  { value: '5', short: '氧化性物质', label: '氧化性物质和有机过氧化物' },
  { value: '6', short: '毒性物质', label: '毒性物质和感染性物质' },
  { value: '7', short: '放射性物质', label: '放射性物质' },
  { value: '8', short: '腐蚀性物质', label: '腐蚀性物质' },
  { value: '9', short: '杂项危险物质', label: '杂项危险物质和物品' },
] as const;
/** '3' → '第3类 易燃液体' (a chart's legend); '-' or unknown → 未分类 */
export const goodsClassName = (cls: string) => {
  const c = GOODS_CLASSES.find((x) => x.value === cls);
  return c ? `第${c.value}类 ${c.short}` : '未分类';
};
export const mainClass = (goodsClass: string) => String(goodsClass ?? '').trim().split('.')[0] ?? '';
const normMedia = (m: string) => String(m).trim().toUpperCase().replace(/^UN\s*/, '');

/** a goods line is within a tank's 适装介质 if its UN number, its class/division, or its class is listed */
export function mediaCovers(media: readonly string[] | null | undefined, goods: Pick<GoodsDoc, 'unNo' | 'goodsClass'>): boolean {
  const list = (media ?? []).map(normMedia);
  const cls = String(goods.goodsClass ?? '').trim();
  return list.includes(normMedia(goods.unNo)) || (cls !== '' && (list.includes(cls) || list.includes(mainClass(cls))));
}

/** '1.1D' → '1.1'; '2.1' → '2.1'; '3' → '3' (a class without divisions is its own) */
export const divisionOf = (goodsClass: string) => /^\d(\.\d)?/.exec(String(goodsClass ?? '').trim())?.[0] ?? '';
/** the UN numbers of a 核定品名 list as typed ('1203, UN1202；1005') */
export const unNoList = (v: string | readonly string[] | null | undefined): string[] =>
  (Array.isArray(v) ? v.join(',') : String(v ?? '')).toUpperCase().match(/\d{4}/g) ?? [];

/**
 * What the licence's scope lacks for one goods line (道路危险货物运输管理规定 第十二条: a scope is written as classes,
 * divisions or named goods, 剧毒化学品 and 危险废物 separately): the class ('2') covers its divisions, a division ('2.1')
 * only itself, a named UN number only that entry; 剧毒 and 废物 goods need their own scope besides.
 */
export function scopeGaps(scope: readonly string[], scopeUnNos: string | readonly string[] | null | undefined, g: Pick<GoodsDoc, 'unNo' | 'goodsName' | 'goodsClass' | 'toxic' | 'waste'>): string[] {
  const out: string[] = [];
  const cls = mainClass(g.goodsClass);
  const div = divisionOf(g.goodsClass);
  const named = unNoList(scopeUnNos).includes(String(g.unNo).trim());
  if (cls && !named && !scope.includes(cls) && !scope.includes(div)) out.push(div && div !== cls ? `经营范围不含${div}项（UN${g.unNo}${g.goodsName}）` : `经营范围不含第${cls}类`);
  if (g.toxic && !scope.includes('toxic')) out.push(`经营范围不含剧毒化学品（UN${g.unNo}${g.goodsName}）`);
  if (g.waste && !scope.includes('waste')) out.push(`经营范围不含危险废物（UN${g.unNo}${g.goodsName}）`);
  return out;
}

/** a catalogue entry a goods line may name (危险货物品名, several rows per UN number) */
export interface CatalogueRow {
  id: string; unNo: string; nameZh: string; goodsClass: string; subsidiaryHazard: string | null; packingGroup: string | null;
  toxic?: boolean | null; waste?: boolean | null;
}
const pgOf = (v: unknown) => { const s = String(v ?? '').trim(); return s === '' || s === '-' ? '' : s; };
const sameEntry = (a: CatalogueRow, b: CatalogueRow) => a.goodsClass === b.goodsClass && (a.subsidiaryHazard ?? '') === (b.subsidiaryHazard ?? '') && pgOf(a.packingGroup) === pgOf(b.packingGroup)
  && !!a.toxic === !!b.toxic && !!a.waste === !!b.waste;

/**
 * Which catalogue entry a goods line is — its 类别, 次要危险性 and 包装类别 come from there, never from what was typed.
 * `entries` are the catalogue's rows of the line's UN number. The entry chosen (goodsId) wins; otherwise the rows
 * must agree, or the 品名 or the 包装类别 must tell them apart. A typed class or packing group that contradicts the entry
 * is refused, as is a UN number the catalogue does not hold.
 */
export function catalogueEntryOf(line: { unNo: string; goodsId?: string | null; goodsName?: string | null; goodsClass?: string | null; packingGroup?: string | null },
  entries: readonly CatalogueRow[]): { entry: CatalogueRow } | { error: string } {
  const un = `UN${line.unNo}`;
  if (!entries.length) return { error: `${un}不在危险货物品名表中，不能按危险货物填报（请核对UN编号）` };
  let pick: CatalogueRow | undefined;
  if (line.goodsId) {
    pick = entries.find((e) => e.id === line.goodsId);
    if (!pick) return { error: `所选危险货物与UN编号${line.unNo}不符` };
  } else {
    const narrow = (rows: readonly CatalogueRow[]) => (rows.length && rows.every((e) => sameEntry(e, rows[0]!)) ? rows[0] : undefined);
    const byName = entries.filter((e) => e.nameZh === String(line.goodsName ?? '').trim());
    const pool = byName.length ? byName : entries;
    pick = narrow(pool) ?? (pgOf(line.packingGroup) ? narrow(pool.filter((e) => pgOf(e.packingGroup) === pgOf(line.packingGroup))) : undefined);
    if (!pick) {
      const choices = [...new Set(pool.map((e) => `${e.goodsClass}${pgOf(e.packingGroup) ? ' 包装类别' + e.packingGroup : ''}`))].join('、');
      return { error: `${un}在危险货物品名表中有多个条目（${choices}），请从品名表选择` };
    }
  }
  const typed = String(line.goodsClass ?? '').trim();
  if (typed && typed !== pick.goodsClass) return { error: `类别：${un}按危险货物品名表为${pick.goodsClass}，不能填写${typed}` };
  const typedPg = pgOf(line.packingGroup);
  if (typedPg && typedPg !== pgOf(pick.packingGroup)) return { error: `包装类别：${un}${pick.nameZh}按危险货物品名表为${pgOf(pick.packingGroup) || '-'}，不能填写${typedPg}` };
  return { entry: pick };
}

/** mass of a goods line in kg, or null when it cannot be known (litres without density, pieces without piece mass) */
export function goodsMassKg(g: Pick<GoodsDoc, 'quantity' | 'unit' | 'density' | 'pieceMass'>): number | null {
  const q = Number(g.quantity);
  if (!Number.isFinite(q)) return null;
  switch (g.unit) {
    case '吨': return q * 1000;
    case '千克': return q;
    case '升': return g.density ? q * Number(g.density) : null;
    case '立方米': return g.density ? q * 1000 * Number(g.density) : null;
    case '件': return g.pieceMass ? q * Number(g.pieceMass) : null;
    default: return null;
  }
}

const expired = (d: string | null | undefined, today: string) => !d || d < today;
const until = (d: string | null | undefined) => (d ? `有效期至${d}` : '未登记有效期');
const fmtKg = (n: number) => String(Math.round(n * 100) / 100);

/** every problem, structured (kind → 异常运单 rule); `dispatchComplianceProblems` gives the lines */
export function complianceFindings(input: ComplianceInput): ComplianceProblem[] {
  const out: ComplianceProblem[] = [];
  const add = (kind: ProblemKind, message: string) => out.push({ kind, message });
  const { today } = input;

  const vehicleChecks = (v: VehicleDoc, what: '车辆' | '挂车') => {
    const who = `${what}${v.plateNo}`;
    if (v.status && v.status !== '营运') add('status', `${who}营运状态为${v.status}，不能调度`);
    if (expired(v.inspectionExpiry, today)) add('certExpired', `${who}行驶证检验过期（${until(v.inspectionExpiry)}）`);
    if (expired(v.transportCertExpiry, today)) add('certExpired', `${who}道路运输证过期（${until(v.transportCertExpiry)}）`);
    if (expired(v.annualReviewExpiry, today)) add('certExpired', `${who}年审过期（${until(v.annualReviewExpiry)}）`);
    if (expired(v.compulsoryInsuranceExpiry, today)) add('certExpired', `${who}保险过期（交强险${until(v.compulsoryInsuranceExpiry)}）`);
    if (expired(v.carrierInsuranceExpiry, today)) add('certExpired', `${who}保险过期（承运人责任险${until(v.carrierInsuranceExpiry)}）`);
  };
  if (!input.vehicle) add('missing', '未选择车辆');
  else vehicleChecks(input.vehicle, '车辆');
  if (input.trailer) vehicleChecks(input.trailer, '挂车');

  const tank = input.tank;
  if (tank) {
    const who = `${tank.kind ?? '罐体'}${tank.tankNo}`;
    if (tank.status && tank.status !== '在用') add('status', `${who}使用状态为${tank.status}，不能调度`);
    if (expired(tank.inspectionExpiry, today)) add('certExpired', `${who}罐体检验过期（${until(tank.inspectionExpiry)}）`);
    for (const g of input.goods) {
      if (!mediaCovers(tank.suitableMedia, g)) add('media', `货物UN${g.unNo}${g.goodsName}不在${who}适装介质范围`);
    }
  }

  const staffChecks = (s: StaffDoc, role: 'driver' | 'escort') => {
    const what = role === 'driver' ? '驾驶员' : '押运员';
    if (s.status === '离职') { add('status', `${what}${s.name}已离职`); return; }
    const types = s.qualificationTypes ?? [];
    // 办法 2019 第二十二条: drivers and escorts hold a 从业资格证 of their post; the driver a valid 驾驶证
    if (!String(s.qualificationNo ?? '').trim()) add('qualification', `${what}${s.name}未登记从业资格证号`);
    else if (!types.includes(role)) add('qualification', `${what}${s.name}从业资格证过期或类别不符（类别不含${what}）`);
    else if (expired(s.qualificationExpiry, today)) add('qualification', `${what}${s.name}从业资格证过期或类别不符（${until(s.qualificationExpiry)}）`);
    if (role === 'driver' && expired(s.drivingLicenceExpiry, today)) add('qualification', `驾驶员${s.name}驾驶证过期（${until(s.drivingLicenceExpiry)}）`);
  };
  if (!input.driver) add('missing', '未选择驾驶员');
  else staffChecks(input.driver, 'driver');
  if (!input.escort) add('noEscort', '缺少押运员');
  else staffChecks(input.escort, 'escort');

  for (const line of new Set(input.goods.flatMap((g) => scopeGaps(input.businessScope, input.scopeUnNos, g)))) add('scope', line);

  // 核定载质量: the trailer carries the load of a combination
  const carrier = input.trailer ?? input.vehicle;
  if (carrier && input.goods.length) {
    let total = 0;
    const unknown: GoodsDoc[] = [];
    for (const g of input.goods) {
      const m = goodsMassKg(g);
      if (m === null) unknown.push(g); else total += m;
    }
    for (const g of unknown) {
      const need = g.unit === '件' ? '单件质量' : '密度';
      add('massUnknown', `货物UN${g.unNo}${g.goodsName}按${g.unit}计量未填写${need}，无法核对载质量`);
    }
    const cap = Number(carrier.approvedLoad ?? 0);
    if (!cap) add('massUnknown', `${input.trailer ? '挂车' : '车辆'}${carrier.plateNo}未登记核定载质量，无法核对载质量`);
    else if (total > cap) add('overload', `超过核定载质量（货物${fmtKg(total)}千克，核定${fmtKg(cap)}千克）`);
  }

  for (const b of input.busy ?? []) add('busy', busyLine(b));
  return out;
}

/** `车辆浙A12345已在运输中（运单…，待装货）` */
export const busyLine = (b: BusyDoc) => `${CREW_ROLE_LABELS[b.role]}${b.label}已在运输中（${b.waybillNo ? '运单' + b.waybillNo + '，' : ''}${b.state}）`;

/** the compliance panel: one Chinese line per problem, empty when dispatch is allowed */
export function dispatchComplianceProblems(input: ComplianceInput): string[] {
  return complianceFindings(input).map((p) => p.message);
}

/** the first expired document of a crew (车辆人员绑定's 资质 column), or '有效' */
export function crewQualification(input: Omit<ComplianceInput, 'goods' | 'businessScope' | 'busy'>): string {
  const p = complianceFindings({ ...input, goods: [], businessScope: [], busy: [] })
    .filter((x) => x.kind === 'certExpired' || x.kind === 'qualification' || x.kind === 'status');
  return p[0]?.message ?? '有效';
}

/** 张三 → 张*, 欧阳娜娜 → 欧*** (public QR check: names masked) */
export function maskName(name: string | null | undefined): string {
  const s = [...String(name ?? '').trim()];
  if (!s.length) return '';
  return s[0] + '*'.repeat(Math.max(1, s.length - 1));
}

/** "UN1203 汽油 3 II 20吨" */
export function goodsLineText(g: { unNo: string; goodsName: string; goodsClass: string; packingGroup?: string | null; quantity: number | string; unit: string }) {
  return [`UN${g.unNo}`, g.goodsName, g.goodsClass, g.packingGroup && g.packingGroup !== '-' ? g.packingGroup : '', `${Number(g.quantity)}${g.unit}`].filter(Boolean).join(' ');
}

// ───────────────────────── the waybill form (validation shared by web and server) ─────────────────────────

/**
 * Not a registered resource (the waybill has its own partitioned tables and routes, the spec's): its workflow, the
 * form's fields and rules, and
 * the columns they are stored in — server/src/db/waybill-schema.ts takes each field's column from here (`fieldColumns`:
 * a text's `max` is its varchar length, an enum's `max` its column width, a number's `digits`/`precision` its
 * numeric(p, s), a `default` the column's default), so adding a field here adds its column, its check and its type.
 */
const REASON = { required: '请输入原因', label: '原因', field: 'reason' } as const;
const UNDER_WAY = ['待调度', '待检查', '待下发', '待装货'] as const;
const ENTERPRISE = ['enterprise'] as const;

/**
 * The waybill's lifecycle (办法第二十二至二十七条) as the one workflow engine runs it: every state with its tag's colour,
 * every step with the states it starts from and the element code behind it. What a step does besides moving the state
 * (the dispatch rules and crew locks, the 出车检查 record, 下发's number, 五必查, the change record) is the server's step
 * hook (server/src/modules/waybill/workflow.ts). Editing and deleting are the draft's only (`lockedIn`: every other state).
 */
export const WAYBILL_WORKFLOW = {
  owns: [],
  states: {
    草稿: { color: 'default' }, 待调度: { color: 'orange' }, 待检查: { color: 'gold' }, 待下发: { color: 'cyan' }, 待装货: { color: 'blue' },
    运输中: { color: 'processing' }, 已完成: { color: 'success', final: true }, 已作废: { color: 'default', final: true }, 异常关闭: { color: 'error', final: true },
  },
  lockedIn: WAYBILL_STATES.filter((s) => s !== '草稿'),
  steps: {
    submit: { label: '提交', from: ['草稿'], to: '待调度', sides: ENTERPRISE, elements: ['baseManager:btn_submit'], confirm: '提交后进入待调度，确定提交？' },
    dispatch: { label: '调度', from: ['待调度'], to: '待检查', sides: ENTERPRISE, elements: ['dispatchManager:btn_dispatch'], opinion: { optional: true, label: '备注', field: 'remark' } },
    // a failed check sends the waybill back to 待调度 with its problems
    check: { label: '出车检查', from: ['待检查'], to: ['待下发', '待调度'], sides: ENTERPRISE, elements: ['waybillCheckManager:btn_check'], opinion: { optional: true, label: '备注', field: 'remark' } },
    distribute: { label: '下发', from: ['待下发'], to: '待装货', sides: ENTERPRISE, elements: ['distributeManager:btn_distribute'], confirm: '下发后生成运单编号和二维码，并通知驾驶员、押运员。确定下发？' },
    load: { label: '装货确认', from: ['待装货'], to: '运输中', sides: ENTERPRISE, elements: ['waybillManageManager:btn_load'], opinion: { optional: true, label: '备注', field: 'remark' } },
    unload: { label: '卸货签收', from: ['运输中'], to: '已完成', sides: ENTERPRISE, elements: ['waybillManageManager:btn_unload'], opinion: { optional: true, label: '备注', field: 'remark' } },
    // a draft is voided from 运单填报 or 运单管理, a waybill on its way only from 运单管理
    cancel: {
      label: '作废', from: ['草稿', ...UNDER_WAY], to: '已作废', sides: ENTERPRISE, elements: ['baseManager:btn_cancel', 'waybillManageManager:btn_cancel'],
      elementsFrom: Object.fromEntries(UNDER_WAY.map((s) => [s, ['waybillManageManager:btn_cancel']])), opinion: REASON,
    },
    close: { label: '异常关闭', from: [...UNDER_WAY, '运输中'], to: '异常关闭', sides: ENTERPRISE, elements: ['waybillManageManager:btn_close'], opinion: REASON },
    // the state stays, except that a new crew on a checked waybill (待下发) is checked again (待检查)
    change: { label: '变更', from: [...UNDER_WAY, '运输中'], to: [...UNDER_WAY, '运输中'], sides: ENTERPRISE, elements: ['waybillManageManager:btn_change'], opinion: REASON },
  },
} as const satisfies WorkflowDef & { steps: Record<string, StepDef> };
export type WaybillStep = keyof typeof WAYBILL_WORKFLOW.steps;

export const waybillForm = resource({
  key: 'waybill', area: 'dzyd', menu: 'baseManager', title: '运单', scope: 'enterprise',
  workflow: WAYBILL_WORKFLOW,
  fields: {
    waybillType: enumOf('运单类型', [...WAYBILL_TYPES], { required: true, default: '普通', max: 16 }),
    shipperId: ref('托运人', 'shipper', 'name'),
    shipperName: text('托运人名称', { required: true, max: 100 }),
    shipperContact: text('托运人联系人', { max: 20 }),
    shipperPhone: text('托运人联系电话', { required: true, rule: 'phoneOrLandline', max: 20 }),
    consigneeId: ref('收货人', 'consignee', 'name'),
    consigneeName: text('收货人名称', { required: true, max: 100 }),
    consigneePhone: text('收货人联系电话', { required: true, rule: 'phoneOrLandline', max: 20 }),
    loaderId: ref('装货人', 'loading', 'name'),
    loaderName: text('装货人名称', { required: true, max: 100 }),
    loaderPhone: text('装货人联系电话', { rule: 'phoneOrLandline', max: 20 }),
    loadingPlace: text('装货地点', { max: 200 }),
    startDate: date('起运日期', { required: true }),
    originRegion: region('起运地', { required: true }),
    originAddress: text('起运地详细地址', { required: true, max: 200 }),
    destRegion: region('目的地', { required: true }),
    destAddress: text('目的地详细地址', { required: true, max: 200 }),
    via: text('途经地', { max: 200 }),
    lineId: ref('常用线路', 'transportLine', 'name'),
    distanceKm: number('里程（公里）', { min: 0, digits: 10, precision: 2 }),
    expectedHours: number('预计时长（小时）', { min: 0, digits: 8, precision: 2 }),
    limitedQuantity: bool('例外数量/有限数量', { default: false }),
    remark: textarea('备注', { max: 500 }),
  },
});

/**
 * The form's fields whose columns are NOT NULL: the table's (server waybill-schema.ts) and the answers' (core
 * answers/waybill.ts). A required field is NOT NULL only where every row has it (docs/development.md "Adding a waybill field").
 */
export const WAYBILL_NOT_NULL = ['startDate', 'originRegion', 'destRegion'] as const;
export const WAYBILL_GOODS_NOT_NULL = ['unNo', 'goodsName', 'goodsClass', 'quantity', 'unit'] as const;

export const waybillGoodsForm = resource({
  key: 'waybillGoods', area: 'dzyd', menu: 'baseManager', title: '货物', scope: 'enterprise',
  fields: {
    goodsId: ref('危险货物', 'dangerousGoods', 'nameZh'),
    cargoId: ref('常用危险货物', 'goods', 'goodsName'),
    unNo: text('UN编号', { required: true, rule: 'natural', min: 4, max: 4 }),
    goodsName: text('货物名称', { required: true, max: 300 }),
    // the server fills it from the catalogue entry (catalogueEntryOf): a typed value must agree with it
    goodsClass: text('类别', { required: true, max: 8 }),
    subsidiaryHazard: text('次要危险性', { max: 20 }),
    packingGroup: enumOf('包装类别', [{ label: 'Ⅰ', value: 'I' }, { label: 'Ⅱ', value: 'II' }, { label: 'Ⅲ', value: 'III' }, { label: '-', value: '-' }], { max: 4 }),
    packingType: text('包装方式', { max: 50 }),
    packingSpec: text('包装规格', { max: 50 }),
    quantity: number('数量', { required: true, min: 0, digits: 14, precision: 3 }),
    unit: enumOf('计量单位', [...GOODS_UNITS], { required: true, max: 8 }),
    density: number('密度（千克/升）', { min: 0, digits: 10, precision: 4 }),
    pieceMass: number('单件质量（千克）', { min: 0, digits: 12, precision: 3 }),
    emergencyMeasures: textarea('应急处置措施', { max: 1000 }),
  },
});

/** the states of a 核查单 (运单监管): issued by the government, signed for and answered by the enterprise, then closed or sent back */
export const CHECKLIST_STATES = ['待签收', '待回复', '待审核', '已办结'] as const;
const ENTERPRISE_OR_PLATFORM = ['enterprise', 'platform'] as const;
const GOVERNMENT_OR_PLATFORM = ['government', 'platform'] as const;

/**
 * 核查单 (an abnormal waybill's inquiry, docs/waybill-api.md §4): not a registered resource (下发 makes it from its
 * 异常运单, the supervision module lists it), its steps on the one workflow engine — 签收 and 回复 by the enterprise,
 * 办结 or 退回 by the government, the platform for either.
 */
export const checklistFlow = resource({
  key: 'checklist', area: 'ydjg', menu: 'checklistManager', title: '核查单', scope: 'enterprise', table: 'checklist',
  fields: {
    problem: textarea('核查问题', { required: true, max: 2000 }),
    replyBy: date('回复期限', { required: true }),
  },
  workflow: {
    owns: [],
    states: { 待签收: { color: 'red' }, 待回复: { color: 'orange' }, 待审核: { color: 'blue' }, 已办结: { color: 'green', final: true } },
    steps: {
      receive: { label: '签收', from: ['待签收'], to: '待回复', sides: ENTERPRISE_OR_PLATFORM, elements: ['checklistManager:btn_receive'] },
      reply: { label: '回复', from: ['待回复'], to: '待审核', sides: ENTERPRISE_OR_PLATFORM, elements: ['checklistManager:btn_reply'], opinion: { required: '请输入回复内容', label: '回复内容', field: 'reply', max: 2000 } },
      finish: { label: '办结', from: ['待审核'], to: '已办结', sides: GOVERNMENT_OR_PLATFORM, elements: ['checklistManager:btn_finish'], opinion: { optional: true, label: '办结意见', max: 2000 } },
      return: { label: '退回', from: ['待审核'], to: '待回复', sides: GOVERNMENT_OR_PLATFORM, elements: ['checklistManager:btn_return'], opinion: { required: '请输入退回意见', label: '退回意见', max: 2000 } },
    },
  },
});

/** crew fields of a waybill (set by 调度 or 变更) */
export const CREW_FIELDS = ['vehicleId', 'trailerId', 'tankId', 'tankContainerId', 'driverId', 'escortId'] as const;
