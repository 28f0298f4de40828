/**
 * What 电子运单 answers (server/src/modules/waybill): a waybill as its lists, its detail, its print and its steps send
 * it, its records (timeline, 出车检查, 自检, 装货, 卸货, 变更, messages), the dispatch pickers and the public QR check.
 * The fields a form writes come from its definition (waybillForm, waybillGoodsForm): a field added there is in every
 * answer here.
 */
import { z } from 'zod';
import { day, instant, type Served, type Wire } from '../answer.ts';
import type { FieldDef, FieldType, ResourceDef } from '../resource.ts';
import {
  CHECK_RESULTS, WAYBILL_GOODS_NOT_NULL, WAYBILL_LIST_FIELDS, WAYBILL_NOT_NULL, WAYBILL_STATES, waybillForm, waybillGoodsForm, type WaybillListField,
} from '../waybill.ts';
import { pageOf, resourceRow } from './list.ts';

// ───────────────────────── a form's columns ─────────────────────────

/** a field's value as its column holds it (server db/resource-table.ts: numbers as numbers, a day as its text) */
type ColumnOf<T extends FieldType> =
  T extends 'number' | 'integer' | 'money' ? z.ZodNumber
  : T extends 'bool' ? z.ZodBoolean
  : T extends 'datetime' ? typeof instant
  : T extends 'file' | 'json' ? z.ZodUnknown
  : z.ZodString;
type StoredKey<Fs> = { [K in keyof Fs]: Fs[K] extends { virtual: true } | { multiple: true } ? never : K }[keyof Fs] & string;
/** null unless the column is NOT NULL: a default, or named NOT NULL (fieldColumns' `notNull`) */
type FieldColumn<F extends FieldDef, NotNull extends boolean> =
  F extends { default: string | number | boolean } ? ColumnOf<F['type']> : NotNull extends true ? ColumnOf<F['type']> : z.ZodNullable<ColumnOf<F['type']>>;
type FormColumns<Fs extends Record<string, FieldDef>, N extends string> = { [K in StoredKey<Fs>]: FieldColumn<Fs[K], K extends N ? true : false> };

const COLUMN: Record<FieldType, () => z.ZodType> = {
  text: () => z.string(), textarea: () => z.string(), richText: () => z.string(), password: () => z.string(), dict: () => z.string(),
  enum: () => z.string(), region: () => z.string(), ref: () => z.string(), date: () => day,
  number: () => z.number(), integer: () => z.number(), money: () => z.number(), bool: () => z.boolean(), datetime: () => instant,
  file: () => z.unknown(), json: () => z.unknown(),
};

/**
 * The answer's fields of the columns a definition's fields make in a table written by hand around them (the
 * waybill's, server db/resource-table.ts fieldColumns): one per stored field, of its column's type.
 */
function formColumns<Fs extends Record<string, FieldDef>, N extends StoredKey<Fs> = never>(def: ResourceDef<Fs>, notNull: readonly N[] = []): FormColumns<Fs, N> {
  const out: Record<string, z.ZodType> = {};
  for (const [name, f] of Object.entries(def.fields)) {
    if (f.virtual || f.multiple) continue;
    const column = COLUMN[f.type]();
    out[name] = f.default !== undefined || (notNull as readonly string[]).includes(name) ? column : column.nullable();
  }
  return out as FormColumns<Fs, N>;
}

// ───────────────────────── the waybill ─────────────────────────

const text = z.string().nullable();
const id = z.string().nullable();
const at = instant.nullable();

/** a waybill as its detail, its steps and its edits send it: every column but the server's own (present.ts rowOut) */
const waybill = z.object({
  id: z.string(), createdAt: instant, updatedAt: instant, version: z.number(), enterpriseId: z.string(), state: z.enum(WAYBILL_STATES),
  waybillNo: text, ...formColumns(waybillForm, WAYBILL_NOT_NULL),
  carrierName: text, carrierPhone: text, carrierLicenceNo: text, bindId: id,
  vehicleId: id, plateNo: text, plateColor: text, vehicleCertNo: text, trailerId: id, trailerPlateNo: text, trailerCertNo: text,
  tankId: id, tankContainerId: id, tankNo: text, tankVolume: z.number().nullable(),
  driverId: id, driverName: text, driverQualificationNo: text, driverPhone: text, escortId: id, escortName: text, escortQualificationNo: text, escortPhone: text,
  /** the main classes of the goods lines ('3', '8') */
  goodsClasses: z.array(z.string()), goodsSummary: text, totalMassKg: z.number().nullable(),
  dispatcherName: text, dispatchedAt: at, checkedAt: at, distributedAt: at, loadedAt: at, completedAt: at, cancelledAt: at, closedAt: at,
  /** 作废 / 异常关闭's reason */
  reason: text,
  /** the lines of the last refusal or failed check */
  problems: z.array(z.string()).nullable(),
  createdByName: text,
  originRegionName: z.string(), destRegionName: z.string(),
  /** 在途超时: the sweep found it in transit too long */
  overdue: z.boolean(),
});

/** a list row: the columns of WAYBILL_LIST_FIELDS (overdueAt sent as `overdue`) and the regions' names */
const LIST_ROW = Object.fromEntries([...WAYBILL_LIST_FIELDS.filter((k) => k !== 'overdueAt'), 'originRegionName', 'destRegionName', 'overdue'].map((k) => [k, true])) as
  { [K in Exclude<WaybillListField, 'overdueAt'> | 'originRegionName' | 'destRegionName' | 'overdue']: true };
const waybillRow = waybill.pick(LIST_ROW);

/** a goods line: its form's columns and what loading and unloading add; toxic and waste are its catalogue entry's */
const goodsLine = z.object({
  id: z.string(), lineNo: z.number(), ...formColumns(waybillGoodsForm, WAYBILL_GOODS_NOT_NULL),
  massKg: z.number().nullable(), actualQuantity: z.number().nullable(), receivedQuantity: z.number().nullable(),
  toxic: z.boolean().nullable(), waste: z.boolean().nullable(),
});

// ───────────────────────── its records ─────────────────────────

/** one row of the timeline: a step (or an outcome its hook names) with its word */
const transition = z.object({
  id: z.string(), action: z.string(), actionLabel: z.string(), fromState: text, toState: z.string(), at: instant, userId: id, userName: text, note: text,
});

/** 变更记录: the fields changed, each before and after */
const change = z.object({
  id: z.string(), at: instant, userId: id, userName: text, reason: z.string(), fields: z.array(z.string()),
  before: z.record(z.string(), z.unknown()), after: z.record(z.string(), z.unknown()),
});

/** one item answered in a 出车检查 or a 自检, with the item as it was then */
const checkAnswer = z.object({
  itemId: z.string(), name: z.string(), category: z.string(), mandatory: z.boolean(), result: z.enum(CHECK_RESULTS), remark: text,
  photos: z.array(z.unknown()).nullable(),
});
const failedItem = z.object({ itemId: z.string(), name: z.string(), remark: text });

/** 出车检查 */
const check = z.object({
  id: z.string(), at: instant, checkerId: id, checkerName: text, result: z.string(), answers: z.array(checkAnswer), failedItems: z.array(failedItem).nullable(),
  driverNotified: z.boolean(), escortNotified: z.boolean(), selfInspectionId: id,
});

/** 驾驶员自检 as the detail lists it */
const selfInspectionRecord = z.object({
  id: z.string(), enterpriseId: z.string(), staffId: id, staffName: text, at: instant, answers: z.array(checkAnswer), result: z.string(), remark: text,
  createdBy: id, usedByCheckId: id,
});
/** a 自检 on its own: which waybill it is of */
const selfInspection = selfInspectionRecord.extend({ waybillId: z.string() });

/** one of 五必查 */
const fiveCheck = z.object({ key: z.string(), label: z.string(), ok: z.boolean(), remark: text });
const loadedLine = z.object({ lineId: z.string(), unNo: z.string(), goodsName: z.string(), planned: z.number(), actual: z.number(), unit: z.string() });
/** 装货确认 */
const loading = z.object({
  id: z.string(), loaderId: id, loaderName: text, loadedAt: instant, checks: z.array(fiveCheck), actual: z.array(loadedLine), totalMassKg: z.number().nullable(),
  operatorId: id, operatorName: text, remark: text,
});

const receivedLine = z.object({ lineId: z.string(), unNo: z.string(), goodsName: z.string(), quantity: z.number(), unit: z.string() });
/** 卸货签收 */
const unloading = z.object({
  id: z.string(), unloadedAt: instant, signer: z.string(), signerPhone: text, received: z.array(receivedLine), operatorId: id, operatorName: text, remark: text,
});

/** a message sent to the driver or escort at 下发 */
const message = z.object({
  id: z.string(), enterpriseId: z.string(), staffId: id, role: z.string(), staffName: text, mobile: text, content: z.string(), createdAt: instant, readAt: at,
});

/** a 异常运单 finding of the waybill */
const finding = z.object({ id: z.string(), rule: z.string(), detail: z.string(), source: z.string(), status: z.string(), foundAt: instant });

/**
 * the detail: the waybill with its goods and records, and the steps the user may take (an enterprise's); its check
 * code to the enterprise and the platform only
 */
const detail = waybill.extend({
  checkCode: text.optional(), goods: z.array(goodsLine), timeline: z.array(transition), changes: z.array(change), checks: z.array(check),
  selfInspections: z.array(selfInspectionRecord), loading: loading.nullable(), unloading: unloading.nullable(), messages: z.array(message),
  abnormal: z.array(finding), actions: z.array(z.string()),
});

/** the A4 print: the waybill with its check code, goods and the QR of the public check */
const print = waybill.extend({
  checkCode: text, goods: z.array(goodsLine), qr: z.object({ url: z.string(), dataUrl: z.string(), svg: z.string() }).nullable(), printedAt: instant,
  title: z.string(),
});

// ───────────────────────── dispatching and checking ─────────────────────────

/** a picker's candidate with what the dispatch rules say of it for this waybill (可调度, or its first problem's short name) */
const candidate = z.object({ id: z.string(), label: z.string(), detail: text, state: z.string(), eligible: z.boolean(), problems: z.array(z.string()) });

const checkItem = z.object({ id: z.string(), name: z.string(), category: z.string(), mandatory: z.boolean(), applies: z.string() });

/** 出车检查's answer: whether it passed (a failed check sends the waybill back to 待调度) */
const checked = z.object({ passed: z.boolean(), failedItems: z.array(failedItem), waybill });

const distributed = z.object({
  done: z.array(z.object({ id: z.string(), waybillNo: z.string(), checkCode: z.string() })),
  failed: z.array(z.object({ id: z.string(), message: z.string(), problems: z.array(z.string()).optional() })),
});

// ───────────────────────── the public check ─────────────────────────

/** what the roadside check shows: no phone or ID number, the crew's names masked */
const publicWaybill = z.object({
  waybillNo: z.string(), state: z.enum(WAYBILL_STATES), waybillType: z.string(), carrierName: text, carrierLicenceNo: text,
  plateNo: text, plateColor: text, trailerPlateNo: text, tankNo: text,
  goods: z.array(z.object({ unNo: z.string(), goodsName: z.string(), goodsClass: z.string(), packingGroup: text, quantity: z.number(), unit: z.string() })),
  originRegionName: z.string(), originAddress: text, destRegionName: z.string(), destAddress: text,
  startDate: day, dispatchedAt: at, distributedAt: at, driverName: text, escortName: text,
});

export const waybillAnswers = {
  /** 托运人, 常用货物 and 装货人 added at the product's own paths */
  added: resourceRow,
  list: pageOf(waybillRow), detail, changes: z.array(change), print, waybill, deleted: z.null(),
  /** every step's answer: the waybill, or 出车检查's outcome with it */
  step: z.union([waybill, checked]), checked,
  compliance: z.object({ problems: z.array(z.string()) }),
  candidates: z.object({ content: z.array(candidate), page: z.number(), size: z.number(), more: z.boolean() }),
  capacity: z.object({ warnings: z.array(z.string()) }),
  checkForm: z.object({ waybill, items: z.array(checkItem), selfInspection: selfInspection.nullable() }),
  selfInspection, selfInspections: pageOf(selfInspection),
  distributed, public: publicWaybill,
};

export type Waybill = Wire<typeof waybill>;
export type WaybillListRow = Wire<typeof waybillRow>;
export type WaybillDetail = Wire<typeof detail>;
export type WaybillGoodsLine = Wire<typeof goodsLine>;
export type WaybillTransition = Wire<typeof transition>;
export type WaybillChange = Wire<typeof change>;
export type WaybillCheck = Wire<typeof check>;
export type WaybillSelfInspection = Wire<typeof selfInspection>;
export type WaybillPrint = Wire<typeof print>;
export type WaybillCandidate = Wire<typeof candidate>;
export type WaybillCheckItem = Wire<typeof checkItem>;
export type WaybillDistributed = Wire<typeof distributed>;
export type PublicWaybill = Wire<typeof publicWaybill>;

/** the JSON columns of the waybill's records as the steps write them (server db/waybill-schema.ts types its columns so) */
export type CheckAnswerRecord = Served<typeof checkAnswer>;
export type FailedCheckItem = Served<typeof failedItem>;
export type FiveCheckRecord = Served<typeof fiveCheck>;
export type LoadedLine = Served<typeof loadedLine>;
export type ReceivedLine = Served<typeof receivedLine>;
