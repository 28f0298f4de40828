/**
 * The electronic waybill's calls (docs/waybill-api.md §2, §3), through the shell's request client. Paths are relative
 * to /api. What they answer is core's (answers/waybill.ts): a waybill's form fields come from its definition there.
 */
import type {
  PublicWaybill, Waybill, WaybillChange, WaybillDetail, WaybillDistributed, WaybillPrint, WaybillSelfInspection, Wire, waybillAnswers,
} from '@dg/core';
import { request, download } from '../../api/request';

export type QueueKey = 'base' | 'dispatch' | 'waybillCheck' | 'distribute' | 'manage';

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
  request<Wire<typeof waybillAnswers.list>>({ url: queue === 'monitor' ? '/ydjg/waybill/list' : `${P}/${queue}/list`, method: 'post', data: body });

export const exportWaybills = (filters: Record<string, unknown>) => download(`${P}/manage/export`, { filters }, '运单.xlsx');

export const getWaybill = (id: string, gov = false) =>
  request<WaybillDetail>({ url: gov ? `/ydjg/waybill/info/${enc(id)}` : `${P}/info/${enc(id)}`, method: 'get' });

export const getChanges = (id: string) => request<WaybillChange[]>({ url: `${P}/changes/${enc(id)}`, method: 'get' });

export const getPrint = (id: string) => request<WaybillPrint>({ url: `${P}/print/${enc(id)}`, method: 'get' });

// ───── edit ─────

export const addWaybill = (body: Record<string, unknown>) => request<Waybill>({ url: `${P}/add`, method: 'post', data: body });
export const updateWaybill = (body: Record<string, unknown> & { id: string; version: number }) =>
  request<Waybill>({ url: `${P}/update`, method: 'put', data: body });
export const deleteWaybill = (id: string) => request<Wire<typeof waybillAnswers.deleted>>({ url: `${P}/del/${enc(id)}`, method: 'delete' });

// ───── workflow ─────

export const submitWaybill = (id: string, version: number) => request<Waybill>({ url: `${P}/submit/${enc(id)}`, method: 'post', data: { version } });

export const checkCompliance = (waybillId: string, crew: CrewInput) =>
  request<Wire<typeof waybillAnswers.compliance>>({ url: `${P}/compliance`, method: 'post', data: { waybillId, ...crew }, silent: true });

export type CandidateRole = 'vehicle' | 'trailer' | 'tank' | 'tankContainer' | 'driver' | 'escort' | 'bind';
export const fetchCandidates = (body: { waybillId: string; role: CandidateRole; q?: string; crew?: CrewInput; size?: number }) =>
  request<Wire<typeof waybillAnswers.candidates>>({ url: `${P}/candidates`, method: 'post', data: body, silent: true });
/** 运单填报: what keeps the enterprise from carrying these goods (no vehicle heavy enough, no tank for them, scope) */
export const checkCapacity = (goods: unknown[]) =>
  request<Wire<typeof waybillAnswers.capacity>>({ url: `${P}/capacity`, method: 'post', data: { goods }, silent: true });

export const dispatchWaybill = (id: string, body: CrewInput & { version: number; remark?: string | null }) =>
  request<Waybill>({ url: `${P}/dispatch/${enc(id)}`, method: 'post', data: body });

export const getCheckForm = (id: string) => request<Wire<typeof waybillAnswers.checkForm>>({ url: `${P}/checkForm/${enc(id)}`, method: 'get' });

export interface CheckBody {
  version: number;
  answers: { itemId: string; result: string; remark?: string | null; photos?: unknown }[];
  driverNotified: boolean;
  escortNotified: boolean;
  selfInspectionId?: string | null;
  remark?: string | null;
}
export const checkWaybill = (id: string, body: CheckBody) =>
  request<Wire<typeof waybillAnswers.checked>>({ url: `${P}/check/${enc(id)}`, method: 'post', data: body });

export const addSelfInspection = (body: { waybillId: string; staffId?: string | null; answers: CheckBody['answers']; remark?: string | null }) =>
  request<WaybillSelfInspection>({ url: `${P}/selfInspection/add`, method: 'post', data: body });
export const getSelfInspection = (id: string) => request<WaybillSelfInspection>({ url: `${P}/selfInspection/info/${enc(id)}`, method: 'get' });

export const distributeWaybills = (ids: string[], versions?: Record<string, number>) =>
  request<WaybillDistributed>({ url: `${P}/distribute`, method: 'post', data: { ids, versions } });

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

export const getPublicWaybill = (no: string, code: string) =>
  request<PublicWaybill>({ url: '/public/transportInfo', method: 'get', params: { no, code }, silent: true });
