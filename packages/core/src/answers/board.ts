/**
 * What 信息看板 and 业务大厅's counts answer (server/src/modules/board): 动态监控, 基础查询's matches and cards, 静态监控,
 * 提示汇总. 静态监控's documents and enterprises are the warning lists' rows (answers/warnings.ts), served again.
 */
import { z } from 'zod';
import { day, instant, type Wire } from '../answer.ts';
import { HAZARD_LEVELS, HAZARD_STATES } from '../resources/danger.ts';
import { pageOf, resourceRow } from './list.ts';
import { warningAnswers } from './warnings.ts';

/** what 基础查询 opens a card of */
export const CARD_TYPES = ['enterprise', 'vehicle', 'staff', 'waybill'] as const;
/** a document's state on a card: the warning lists' two, or still valid */
export const DOCUMENT_STATUSES = ['有效', '即将到期', '已过期'] as const;

// ───────────────────────── 动态监控 ─────────────────────────

/** an area's waybills in transit now, each goods class counted apart (a waybill of two classes counts in both) */
const dynamicArea = z.object({ code: z.string(), name: z.string(), total: z.number(), overdue: z.number(), byClass: z.record(z.string(), z.number()) });
const dynamicSummary = z.object({
  total: z.number(), overdue: z.number(),
  /** 在途超时 after this many times the line's expected hours (参数设置) */
  factor: z.number(),
  /** the goods classes in transit, `-` for a waybill without one */
  classes: z.array(z.string()), areas: z.array(dynamicArea), asOf: instant,
});
const inTransit = z.object({
  id: z.string(), waybillNo: z.string().nullable(), plateNo: z.string().nullable(), enterpriseId: z.string(), enterpriseName: z.string().nullable(),
  area: z.string(), goodsClasses: z.array(z.string()), goodsSummary: z.string().nullable(), origin: z.string(), dest: z.string(),
  driverName: z.string().nullable(), driverPhone: z.string().nullable(), loadedAt: instant, expectedHours: z.number().nullable(),
  /** hours since loading, to a tenth */
  hours: z.number(), overdue: z.boolean(),
});

// ───────────────────────── 基础查询 ─────────────────────────

/** what the text named, or a record linked to a card (`subtitle` says how) */
const match = z.object({ type: z.enum(CARD_TYPES), id: z.string(), title: z.string(), subtitle: z.string() });
const documentItem = z.object({ document: z.string(), docNo: z.string().nullable(), expiryDate: day, status: z.enum(DOCUMENT_STATUSES), days: z.number() });
const waybillItem = z.object({
  id: z.string(), waybillNo: z.string().nullable(), state: z.string(), plateNo: z.string().nullable(), goodsSummary: z.string().nullable(),
  enterpriseName: z.string().nullable(), route: z.string(), startDate: day, driverName: z.string().nullable(), createdAt: instant,
});
const hazardItem = z.object({
  id: z.string(), hazardNo: z.string().nullable(), title: z.string(), level: z.enum(HAZARD_LEVELS), state: z.enum(HAZARD_STATES), deadline: day, overdue: z.boolean(),
});
const abnormalItem = z.object({
  id: z.string(), waybillId: z.string().nullable(), waybillNo: z.string().nullable(), plateNo: z.string().nullable(), rule: z.string(), detail: z.string(),
  status: z.string(), foundAt: instant,
});
/**
 * one record's card. Each type carries its own parts: a waybill its `waybill`, links and abnormal findings; an enterprise
 * its record, counts, waybills, hazards, warnings and abnormal findings; a vehicle its record, link, waybills and
 * abnormal findings; a person their record, link and waybills.
 */
const card = z.object({
  type: z.enum(CARD_TYPES), typeTitle: z.string(), id: z.string(), title: z.string(), subtitle: z.string(),
  /** the record as its list presents it */
  record: resourceRow.optional(),
  waybill: waybillItem.extend({
    escortName: z.string().nullable(), loadedAt: instant.nullable(), completedAt: instant.nullable(), totalMassKg: z.number().nullable(), overdue: z.boolean(),
  }).optional(),
  counts: z.object({ vehicles: z.number(), staff: z.number(), waybills: z.number(), inTransit: z.number() }).optional(),
  links: z.array(match).optional(),
  documents: z.array(documentItem),
  waybills: z.array(waybillItem).optional(),
  hazards: z.array(hazardItem).optional(),
  warnings: z.array(warningAnswers.row).optional(),
  abnormal: z.array(abnormalItem).optional(),
});

// ───────────────────────── 静态监控 ─────────────────────────

const dueOverdue = z.object({ due: z.number(), overdue: z.number() });
const staticArea = dueOverdue.extend({ code: z.string(), name: z.string(), byKind: z.record(z.string(), dueOverdue) });
const staticSummary = dueOverdue.extend({ kinds: z.array(z.object({ key: z.string(), title: z.string() })), areas: z.array(staticArea), today: day });

// ───────────────────────── 提示汇总, 业务大厅 ─────────────────────────

const tipItem = z.object({
  key: z.string(), title: z.string(), count: z.number(),
  /** the menu page that lists these rows … */
  menu: z.string(),
  /** … and the search parameters that filter it (the list's state in the URL) */
  query: z.record(z.string(), z.string()).optional(),
  /** a count to act on now (red) rather than watch (orange) */
  urgent: z.boolean().optional(),
});
const tipGroup = z.object({ key: z.string(), title: z.string(), items: z.array(tipItem) });

const lobbyCounts = z.object({
  warningsDue: z.number(), warningsOverdue: z.number(), unreadMessages: z.number(), rectNotices: z.number(), supervise: z.number(), checklists: z.number(),
});

export const boardAnswers = {
  dynamic: dynamicSummary, dynamicList: pageOf(inTransit), lookup: z.array(match), card,
  static: staticSummary, staticEnterprises: warningAnswers.enterprises, staticDocuments: warningAnswers.page,
  tips: z.array(tipGroup), lobbyCounts,
};

export type CardType = (typeof CARD_TYPES)[number];
export type DynamicSummary = Wire<typeof dynamicSummary>;
export type InTransit = Wire<typeof inTransit>;
export type CardMatch = Wire<typeof match>;
export type RecordCard = Wire<typeof card>;
export type CardDocument = Wire<typeof documentItem>;
export type CardWaybill = Wire<typeof waybillItem>;
export type CardHazard = Wire<typeof hazardItem>;
export type CardAbnormal = Wire<typeof abnormalItem>;
export type StaticArea = Wire<typeof staticArea>;
export type TipItem = Wire<typeof tipItem>;
export type TipGroup = Wire<typeof tipGroup>;
export type LobbyCounts = Wire<typeof lobbyCounts>;
