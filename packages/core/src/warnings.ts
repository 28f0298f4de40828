/**
 * 到期预警 as data: the seven enterprise lists of
 * alertMessgae and the six government pages of jtxxjccxManager. Each list names the records it
 * reads (table, date column(s), what to show) — the server turns this into SQL at request time
 * (nothing is copied into a warning table) and the web builds one WarningList page from it.
 *
 * Status rule: 已过期 when expiry < today (逾期 today − expiry days); 即将到期 when
 * 0 ≤ expiry − today ≤ N (剩余 expiry − today days), N = 参数设置 warningDays (default 30,
 * the statutory 届满30日前 lead time), optionally per document type (warningDaysByKind).
 * "Today" is the calendar day in China (UTC+8), whatever the server's time zone.
 */
import { DEFAULT_WARNING_DAYS } from './constants.ts';
import type { MenuCode } from './menus.ts';

export const WARNING_STATUSES = ['即将到期', '已过期'] as const;
export type WarningStatus = (typeof WARNING_STATUSES)[number];

/** Where one kind of expiry date lives. Column names are SQL (snake_case) names of the record's table. */
export interface WarningSource {
  /** resource key of the record (packages/core/src/resources) — the row links to it */
  resource: string;
  table: string;
  /** the expiry date: the earliest of these columns (empty ones ignored), each naming its document */
  dateColumns: { column: string; document: string }[];
  /** a column naming the document instead (证照类型) */
  docTypeColumn?: string;
  /** the document's number */
  docNoColumn?: string;
  /** what the row is about (plate, tank number, person); absent → the enterprise's name */
  subjectColumn?: string;
  /** the owning enterprise: `enterprise_id`, or `id` for the enterprise table itself */
  enterpriseColumn: string;
  /** only rows whose column is (or with `exclude`, is not) one of the values; NULL counts as "not one of them" */
  only?: { column: string; values: string[]; exclude?: boolean }[];
}

export interface WarningKind {
  /** the list's key in `/api/warning/<key>/…` */
  key: string;
  /** menu code gating the list (and `<menu>:btn_export`, `<menu>:btn_notify`) */
  menu: MenuCode;
  title: string;
  side: 'enterprise' | 'government';
  /** government pages show one status each (即将到期 / 已过期) */
  status?: WarningStatus;
  /** the document type whose window applies: `warningDaysByKind[windowKey]`, else `warningDays` */
  windowKey: WindowKey;
  /** column title of `subject` */
  subjectLabel: string;
  sources: WarningSource[];
}

/** the document types with their own warning window (参数设置) */
export const WARNING_WINDOWS = [
  { key: 'companyLicence', title: '企业证照（含经营许可证）' },
  { key: 'vehicleTransport', title: '车辆道路运输证' },
  { key: 'vehicleReview', title: '车辆年审' },
  { key: 'vehicleInsurance', title: '车辆保险' },
  { key: 'tankCheck', title: '罐体（罐箱）检验' },
  { key: 'staffQualification', title: '从业资格证' },
  { key: 'driverLicence', title: '驾驶证' },
] as const;
export type WindowKey = (typeof WARNING_WINDOWS)[number]['key'];

// Records that no longer count: a 注销 enterprise, an unapproved registration, a scrapped vehicle or tank, a departed employee.
const LIVE_ENTERPRISE = { column: 'status', values: ['注销'], exclude: true };
const APPROVED_ENTERPRISE = { column: 'audit_status', values: ['待审核', '已驳回'], exclude: true };
const NOT_SCRAPPED = { column: 'status', values: ['报废'], exclude: true };
const EMPLOYED = { column: 'status', values: ['在职'] };

const ENTERPRISE_LICENCE: WarningSource = {
  resource: 'enterprise', table: 'enterprise', enterpriseColumn: 'id',
  dateColumns: [{ column: 'licence_expiry', document: '道路运输经营许可证' }], docNoColumn: 'licence_no',
  only: [LIVE_ENTERPRISE, APPROVED_ENTERPRISE],
};
const COMPANY_LICENCE: WarningSource = {
  resource: 'companyLicence', table: 'company_licence', enterpriseColumn: 'enterprise_id',
  dateColumns: [{ column: 'expiry_date', document: '证照' }], docTypeColumn: 'cert_type', docNoColumn: 'cert_no',
};
const vehicleSource = (dateColumns: WarningSource['dateColumns'], docNoColumn?: string): WarningSource => ({
  resource: 'vehicle', table: 'vehicle', enterpriseColumn: 'enterprise_id', subjectColumn: 'plate_no',
  dateColumns, docNoColumn, only: [NOT_SCRAPPED],
});
const VEHICLE_TRANSPORT = vehicleSource([{ column: 'transport_cert_expiry', document: '道路运输证' }], 'transport_cert_no');
// 年审 of the 道路运输证 and the 行驶证's 检验有效期: both stop a vehicle at dispatch, the earlier one is shown
const VEHICLE_REVIEW = vehicleSource([{ column: 'annual_review_expiry', document: '道路运输证年审' }, { column: 'inspection_expiry', document: '行驶证检验' }], 'transport_cert_no');
// the earliest of the policies the vehicle carries (商业险 only when recorded)
const VEHICLE_INSURANCE = vehicleSource([
  { column: 'compulsory_insurance_expiry', document: '交强险' },
  { column: 'carrier_insurance_expiry', document: '承运人责任险' },
  { column: 'commercial_insurance_expiry', document: '商业险' },
]);
const TANK: WarningSource = {
  resource: 'tank', table: 'tank', enterpriseColumn: 'enterprise_id', subjectColumn: 'tank_no',
  dateColumns: [{ column: 'inspection_expiry', document: '罐体定期检验' }], only: [NOT_SCRAPPED],
};
const TANK_CONTAINER: WarningSource = {
  resource: 'tankContainer', table: 'tank_container', enterpriseColumn: 'enterprise_id', subjectColumn: 'container_no',
  dateColumns: [{ column: 'inspection_expiry', document: '罐式集装箱检验' }],
};
const STAFF_QUALIFICATION: WarningSource = {
  resource: 'staff', table: 'staff', enterpriseColumn: 'enterprise_id', subjectColumn: 'name',
  dateColumns: [{ column: 'qualification_expiry', document: '从业资格证' }], docNoColumn: 'qualification_no', only: [EMPLOYED],
};
const DRIVING_LICENCE: WarningSource = {
  resource: 'staff', table: 'staff', enterpriseColumn: 'enterprise_id', subjectColumn: 'name',
  dateColumns: [{ column: 'driving_licence_expiry', document: '驾驶证' }], docNoColumn: 'driving_licence_no', only: [EMPLOYED],
};

const enterpriseKind = (key: WindowKey, menu: MenuCode, title: string, subjectLabel: string, sources: WarningSource[]): WarningKind =>
  ({ key, menu, title, side: 'enterprise', windowKey: key, subjectLabel, sources });
const governmentKinds = (topic: GovernmentTopic, title: string, windowKey: WindowKey, subjectLabel: string, sources: WarningSource[]): WarningKind[] => [
  { key: `${topic}Due`, menu: `${topic}DueManager`, title: `${title}即将到期`, side: 'government', status: '即将到期', windowKey, subjectLabel, sources },
  { key: `${topic}Overdue`, menu: `${topic}OverdueManager`, title: `${title}已过期`, side: 'government', status: '已过期', windowKey, subjectLabel, sources },
];

/** alertMessgae 到期预警 (企): seven lists */
export const ENTERPRISE_WARNINGS: WarningKind[] = [
  enterpriseKind('companyLicence', 'alertCompanyLicence', '企业证照', '企业', [COMPANY_LICENCE, ENTERPRISE_LICENCE]),
  enterpriseKind('vehicleTransport', 'alertVehicleTransport', '车辆道路运输证', '车牌号码', [VEHICLE_TRANSPORT]),
  enterpriseKind('vehicleReview', 'alertVehicleReview', '车辆年审', '车牌号码', [VEHICLE_REVIEW]),
  enterpriseKind('vehicleInsurance', 'alertVehicleInsurance', '车辆保险', '车牌号码', [VEHICLE_INSURANCE]),
  enterpriseKind('tankCheck', 'alertTankCheck', '罐体检验', '罐体/罐箱编号', [TANK, TANK_CONTAINER]),
  enterpriseKind('staffQualification', 'alertStaffQualification', '从业资格证', '姓名', [STAFF_QUALIFICATION]),
  enterpriseKind('driverLicence', 'alertDriverLicence', '驾驶证', '姓名', [DRIVING_LICENCE]),
];

/** jtxxjccxManager 静态信息预警 (政): three topics × 即将到期 / 已过期 */
/** the government lists' codes: `<topic>DueManager` and `<topic>OverdueManager` are menus of the catalogue */
type GovernmentTopic = 'ryzg' | 'cldlys' | 'jyxk';
export const GOVERNMENT_TOPICS: { topic: GovernmentTopic; title: string; windowKey: WindowKey; subjectLabel: string; sources: WarningSource[] }[] = [
  { topic: 'ryzg', title: '人员资格', windowKey: 'staffQualification' as WindowKey, subjectLabel: '姓名', sources: [STAFF_QUALIFICATION] },
  { topic: 'cldlys', title: '车辆道路运输证', windowKey: 'vehicleTransport' as WindowKey, subjectLabel: '车牌号码', sources: [VEHICLE_TRANSPORT] },
  { topic: 'jyxk', title: '经营许可证', windowKey: 'companyLicence' as WindowKey, subjectLabel: '企业', sources: [ENTERPRISE_LICENCE] },
];
export const GOVERNMENT_WARNINGS: WarningKind[] = GOVERNMENT_TOPICS.flatMap((t) => governmentKinds(t.topic, t.title, t.windowKey, t.subjectLabel, t.sources));

export const WARNING_KINDS: WarningKind[] = [...ENTERPRISE_WARNINGS, ...GOVERNMENT_WARNINGS];
export const warningKind = (key: string) => WARNING_KINDS.find((k) => k.key === key);
export const warningKindByMenu = (menu: string) => WARNING_KINDS.find((k) => k.menu === menu);

/** 业务大厅 预警信息: every enterprise list in one (menu lobbyWarningManager) */
export const LOBBY_WARNINGS = { key: 'all', menu: 'lobbyWarningManager', title: '预警信息' } as const;

// the rows, counts and summaries the lists answer: answers/warnings.ts

const GOVERNMENT_DETAIL: Record<string, string> = {
  enterprise: '/jcxxcxManager/qyxxcxInfo',
  vehicle: '/jcxxcxManager/clxxcxInfo',
  staff: '/jcxxcxManager/cyryxxInfo',
  tank: '/jcxxcxManager/jcxxgcgtInfo',
};
/** the 档案管理 detail pages (一车一档, 罐体档案, 一人一档) */
const RECORD_DETAIL: Record<string, string> = {
  vehicle: '/fileManagement/vehicleBasicManager/info',
  tank: '/fileManagement/tankBasicManager/info',
  staff: '/fileManagement/staffManager/info',
};
/**
 * where a warning row links: the 基础信息查询 detail for government pages, else the record's 档案
 * detail page, else (证照, 罐箱, the enterprise itself) the generic record view of 到期预警
 */
export function warningRecordRoute(kind: Pick<WarningKind, 'side'>, resource: string, id: string): string {
  const detail = (kind.side === 'government' ? GOVERNMENT_DETAIL : RECORD_DETAIL)[resource];
  return detail ? `${detail}/${id}` : `/alertMessgae/recordInfo/${resource}/${id}`;
}

/** today's calendar day in China (UTC+8) as YYYY-MM-DD */
export function chinaToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}
/** a YYYY-MM-DD day shifted by `days` */
export function addDays(day: string, days: number): string {
  const d = new Date(day + 'T00:00:00Z');
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
/** the status of an expiry date, or null when it is outside the window */
export function warningStatusOf(expiry: string, today: string, windowDays: number = DEFAULT_WARNING_DAYS): { status: WarningStatus; days: number } | null {
  const days = Math.round((Date.parse(expiry + 'T00:00:00Z') - Date.parse(today + 'T00:00:00Z')) / 86_400_000);
  if (days < 0) return { status: '已过期', days };
  if (days <= windowDays) return { status: '即将到期', days };
  return null;
}
/** 剩余N天 / 逾期N天 */
export const warningDaysText = (days: number) => (days < 0 ? `逾期${-days}天` : `剩余${days}天`);
/** the tag colour of a status wherever a warning shows (到期预警's lists, the board's documents) */
export const WARNING_STATUS_COLOR: Record<WarningStatus, string> = { 即将到期: 'warning', 已过期: 'error' };
