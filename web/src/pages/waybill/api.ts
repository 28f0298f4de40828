/**
 * The electronic waybill's calls (docs/waybill-api.md §2, §3), through the shell's request client,
 * and the shapes they answer. Paths are relative to /api.
 */
import type { FieldsOf } from '@dg/core';
import type { waybillForm, waybillGoodsForm, WaybillListField } from '@dg/core/waybill';
import { request, download } from '../../api/request';

export type QueueKey = 'base' | 'dispatch' | 'waybillCheck' | 'distribute' | 'manage';

/**
 * A waybill as lists and the detail send it (docs/waybill-api.md "Waybill row"): the fields of the form come from
 * its definition (waybillForm in @dg/core: a field added there is here, a misspelt name fails the type check);
 * the rest are the columns the workflow fills (number, state, carrier, crew, times), which no form writes.
 */
export type Waybill = FieldsOf<typeof waybillForm> & WaybillSystem;

/**
 * A waybill as a list sends it: the columns of WAYBILL_LIST_FIELDS (what the list shows and its row actions need) and
 * what the server derives from them (overdueAt becomes overdue); the whole waybill comes from its detail.
 */
export type WaybillListRow = Pick<Waybill, Exclude<WaybillListField, 'overdueAt'> | 'originRegionName' | 'destRegionName' | 'overdue' | 'enterpriseName'>;

/** what the server adds to a waybill's form fields: key, state and the columns steps after the form fill */
export interface WaybillSystem {
  id: string;
  version: number;
  state: string;
  waybillNo?: string | null;
  checkCode?: string | null;
  enterpriseId?: string;
  enterpriseName?: string | null;
  carrierName?: string | null;
  carrierPhone?: string | null;
  carrierLicenceNo?: string | null;
  originRegionName?: string | null;
  destRegionName?: string | null;
  bindId?: string | null;
  vehicleId?: string | null;
  plateNo?: string | null;
  plateColor?: string | null;
  vehicleCertNo?: string | null;
  trailerId?: string | null;
  trailerPlateNo?: string | null;
  trailerCertNo?: string | null;
  tankId?: string | null;
  tankContainerId?: string | null;
  tankNo?: string | null;
  tankVolume?: number | string | null;
  driverId?: string | null;
  driverName?: string | null;
  driverQualificationNo?: string | null;
  driverPhone?: string | null;
  escortId?: string | null;
  escortName?: string | null;
  escortQualificationNo?: string | null;
  escortPhone?: string | null;
  goodsSummary?: string | null;
  goodsClasses?: string[] | null;
  totalMassKg?: number | string | null;
  dispatcherName?: string | null;
  dispatchedAt?: string | null;
  checkedAt?: string | null;
  distributedAt?: string | null;
  loadedAt?: string | null;
  completedAt?: string | null;
  cancelledAt?: string | null;
  closedAt?: string | null;
  reason?: string | null;
  problems?: string[] | null;
  overdue?: boolean;
  createdAt: string;
  createdByName?: string | null;
  updatedAt?: string;
}

/** a goods line: the fields of its form (waybillGoodsForm) and what loading and unloading add */
export type GoodsLine = FieldsOf<typeof waybillGoodsForm> & {
  id?: string;
  lineNo?: number;
  massKg?: number | string | null;
  actualQuantity?: number | string | null;
  receivedQuantity?: number | string | null;
};

export interface TimelineEntry {
  id?: string;
  action: string;
  actionLabel: string;
  fromState: string | null;
  toState: string;
  at: string;
  userName?: string | null;
  note?: string | null;
}

export interface ChangeRecord {
  id: string;
  at: string;
  userName?: string | null;
  reason: string;
  fields: string[];
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

export interface CheckAnswer {
  itemId: string;
  name?: string;
  category?: string;
  mandatory?: boolean;
  result: string;
  remark?: string | null;
  photos?: unknown;
}

export interface CheckRecord {
  id: string;
  at: string;
  checkerName?: string | null;
  result: string;
  answers: CheckAnswer[];
  failedItems?: { itemId: string; name: string; remark: string | null }[] | null;
  driverNotified: boolean;
  escortNotified: boolean;
  selfInspectionId?: string | null;
}

export interface SelfInspection {
  id: string;
  waybillId?: string;
  staffId?: string | null;
  staffName?: string | null;
  at: string;
  answers: CheckAnswer[];
  result: string;
  remark?: string | null;
  usedByCheckId?: string | null;
}

export interface LoadingRecord {
  loaderName?: string | null;
  loadedAt: string;
  checks: { key: string; label: string; ok: boolean; remark?: string | null }[];
  actual: { lineId: string; unNo: string; goodsName: string; planned: number | string; actual: number | string; unit: string }[];
  totalMassKg?: number | string | null;
  operatorName?: string | null;
  remark?: string | null;
}

export interface UnloadingRecord {
  unloadedAt: string;
  signer: string;
  signerPhone?: string | null;
  received: { lineId: string; unNo: string; goodsName: string; quantity: number | string; unit: string }[];
  operatorName?: string | null;
  remark?: string | null;
}

export interface WaybillDetail extends Waybill {
  goods: GoodsLine[];
  timeline: TimelineEntry[];
  changes: ChangeRecord[];
  checks: CheckRecord[];
  selfInspections: SelfInspection[];
  loading: LoadingRecord | null;
  unloading: UnloadingRecord | null;
  messages: { role: string; staffName?: string | null; mobile?: string | null; content: string; createdAt: string }[];
  abnormal: { id?: string; rule: string; detail: string; source?: string; foundAt: string; status: string }[];
  actions: string[];
}

export interface Page<T> {
  content: T[];
  total: number;
  totalCapped?: boolean;
}

export interface ListBody {
  page: number;
  size: number;
  filters?: Record<string, unknown>;
}

export type CrewInput = {
  bindId?: string | null;
  vehicleId?: string | null;
  trailerId?: string | null;
  tankId?: string | null;
  tankContainerId?: string | null;
  driverId?: string | null;
  escortId?: string | null;
};

const P = '/dzyd/waybill';
const enc = encodeURIComponent;

// ───── lists and reads ─────

export const listWaybills = (queue: QueueKey | 'monitor', body: ListBody) =>
  request<Page<WaybillListRow>>({ url: queue === 'monitor' ? '/ydjg/waybill/list' : `${P}/${queue}/list`, method: 'post', data: body });

export const exportWaybills = (filters: Record<string, unknown>) => download(`${P}/manage/export`, { filters }, '运单.xlsx');

export const getWaybill = (id: string, gov = false) =>
  request<WaybillDetail>({ url: gov ? `/ydjg/waybill/info/${enc(id)}` : `${P}/info/${enc(id)}`, method: 'get' });

export const getChanges = (id: string) => request<ChangeRecord[]>({ url: `${P}/changes/${enc(id)}`, method: 'get' });

export interface PrintData extends Waybill {
  goods: GoodsLine[];
  qr: { url: string; dataUrl: string; svg: string } | null;
  printedAt: string;
  title: string;
}
export const getPrint = (id: string) => request<PrintData>({ url: `${P}/print/${enc(id)}`, method: 'get' });

// ───── edit ─────

export const addWaybill = (body: Record<string, unknown>) => request<Waybill>({ url: `${P}/add`, method: 'post', data: body });
export const updateWaybill = (body: Record<string, unknown> & { id: string; version: number }) =>
  request<Waybill>({ url: `${P}/update`, method: 'put', data: body });
export const deleteWaybill = (id: string) => request<null>({ url: `${P}/del/${enc(id)}`, method: 'delete' });

// ───── workflow ─────

export const submitWaybill = (id: string, version: number) => request<Waybill>({ url: `${P}/submit/${enc(id)}`, method: 'post', data: { version } });

export const checkCompliance = (waybillId: string, crew: CrewInput) =>
  request<{ problems: string[] }>({ url: `${P}/compliance`, method: 'post', data: { waybillId, ...crew }, silent: true });

/** a picker's candidate with the dispatch rules' verdict for this waybill (可调度, or the first problem's short name) */
export interface Candidate { id: string; label: string; detail: string | null; state: string; eligible: boolean; problems: string[] }
export type CandidateRole = 'vehicle' | 'trailer' | 'tank' | 'tankContainer' | 'driver' | 'escort' | 'bind';
export const fetchCandidates = (body: { waybillId: string; role: CandidateRole; q?: string; crew?: CrewInput; size?: number }) =>
  request<{ content: Candidate[]; more: boolean }>({ url: `${P}/candidates`, method: 'post', data: body, silent: true });
/** 运单填报: what keeps the enterprise from carrying these goods (no vehicle heavy enough, no tank for them, scope) */
export const checkCapacity = (goods: unknown[]) =>
  request<{ warnings: string[] }>({ url: `${P}/capacity`, method: 'post', data: { goods }, silent: true });

export const dispatchWaybill = (id: string, body: CrewInput & { version: number; remark?: string | null }) =>
  request<Waybill>({ url: `${P}/dispatch/${enc(id)}`, method: 'post', data: body });

export interface CheckItem { id: string; name: string; category: string; mandatory: boolean }
export interface CheckForm { waybill: Waybill; items: CheckItem[]; selfInspection: SelfInspection | null }
export const getCheckForm = (id: string) => request<CheckForm>({ url: `${P}/checkForm/${enc(id)}`, method: 'get' });

export interface CheckBody {
  version: number;
  answers: { itemId: string; result: string; remark?: string | null; photos?: unknown }[];
  driverNotified: boolean;
  escortNotified: boolean;
  selfInspectionId?: string | null;
  remark?: string | null;
}
export const checkWaybill = (id: string, body: CheckBody) =>
  request<{ passed: boolean; failedItems: { itemId: string; name: string; remark: string | null }[]; waybill: Waybill }>({ url: `${P}/check/${enc(id)}`, method: 'post', data: body });

export const addSelfInspection = (body: { waybillId: string; staffId?: string | null; answers: CheckBody['answers']; remark?: string | null }) =>
  request<SelfInspection>({ url: `${P}/selfInspection/add`, method: 'post', data: body });
export const getSelfInspection = (id: string) => request<SelfInspection>({ url: `${P}/selfInspection/info/${enc(id)}`, method: 'get' });

export interface DistributeResult {
  done: { id: string; waybillNo: string; checkCode: string }[];
  failed: { id: string; message: string; problems?: string[] }[];
}
export const distributeWaybills = (ids: string[], versions?: Record<string, number>) =>
  request<DistributeResult>({ url: `${P}/distribute`, method: 'post', data: { ids, versions } });

export interface LoadBody {
  version: number;
  loaderName?: string | null;
  checks: Record<string, boolean>;
  remarks?: Record<string, string>;
  goods: { lineId: string; actualQuantity: number }[];
  loadedAt?: string;
  remark?: string | null;
}
export const loadWaybill = (id: string, body: LoadBody) => request<Waybill>({ url: `${P}/load/${enc(id)}`, method: 'post', data: body });

export interface UnloadBody {
  version: number;
  signer: string;
  signerPhone?: string | null;
  goods: { lineId: string; receivedQuantity: number }[];
  unloadedAt?: string;
  remark?: string | null;
}
export const unloadWaybill = (id: string, body: UnloadBody) => request<Waybill>({ url: `${P}/unload/${enc(id)}`, method: 'post', data: body });

export const cancelWaybill = (id: string, version: number, reason: string) =>
  request<Waybill>({ url: `${P}/cancel/${enc(id)}`, method: 'post', data: { version, reason } });
export const closeWaybill = (id: string, version: number, reason: string) =>
  request<Waybill>({ url: `${P}/close/${enc(id)}`, method: 'post', data: { version, reason } });
export const changeWaybill = (id: string, body: Record<string, unknown> & { version: number; reason: string }) =>
  request<Waybill>({ url: `${P}/change/${enc(id)}`, method: 'post', data: body });

// ───── base info used by the forms ─────

/** one row of a resource (a 托运人, a 常用线路, a 车辆人员绑定…) with its `<ref>Label`s */
export const getResourceRow = <T = Record<string, unknown>>(area: string, key: string, id: string) =>
  request<T>({ url: `/${area}/${key}/info/${enc(id)}`, method: 'get' });

export interface CatalogueGoods {
  id: string;
  unNo: string;
  nameZh: string;
  goodsClass: string;
  subsidiaryHazard: string | null;
  packingGroup: string | null;
  label: string;
}
export const searchCatalogue = (q: string) =>
  request<CatalogueGoods[]>({ url: '/zsk/dangerousGoods/search', method: 'get', params: { q: q || undefined, limit: 20 }, silent: true });

// ───── the public check (no token) ─────

export interface PublicWaybill {
  waybillNo: string;
  state: string;
  waybillType?: string;
  carrierName?: string | null;
  carrierLicenceNo?: string | null;
  plateNo?: string | null;
  plateColor?: string | null;
  trailerPlateNo?: string | null;
  tankNo?: string | null;
  goods: { unNo: string; goodsName: string; goodsClass: string; packingGroup?: string | null; quantity: number | string; unit: string }[];
  originRegionName?: string | null;
  originAddress?: string | null;
  destRegionName?: string | null;
  destAddress?: string | null;
  startDate?: string | null;
  dispatchedAt?: string | null;
  distributedAt?: string | null;
  driverName?: string | null;
  escortName?: string | null;
}
export const getPublicWaybill = (no: string, code: string) =>
  request<PublicWaybill>({ url: '/public/transportInfo', method: 'get', params: { no, code }, silent: true });
