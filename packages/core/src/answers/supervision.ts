/**
 * What 运单监管 answers (server/src/modules/supervision): the jurisdiction's waybills and their states, 运单填报率,
 * 异常运单 and 核查单 with its steps. Its waybill lists and details are 电子运单's (answers/waybill.ts).
 */
import { z } from 'zod';
import { day, instant, type Wire } from '../answer.ts';
import { ABNORMAL_RULES, CHECKLIST_STATES, WAYBILL_STATES } from '../waybill.ts';
import { pageOf } from './list.ts';
import { waybillAnswers } from './waybill.ts';

const text = z.string().nullable();
const id = z.string().nullable();
const at = instant.nullable();

/** the waybills of each state (every state, 0 where there is none) */
const stateCounts = z.record(z.enum(WAYBILL_STATES), z.number());

/** 运单填报率 of a group of enterprises: the share of operating vehicles that carried a waybill */
const fillRateTotals = z.object({ operatingVehicles: z.number(), vehiclesWithWaybills: z.number(), waybills: z.number(), fillRate: z.number() });
const fillRate = z.object({
  from: z.string(), to: z.string(),
  enterprises: z.array(fillRateTotals.extend({ rank: z.number(), enterpriseId: z.string(), enterpriseName: z.string(), cityCode: z.string(), cityName: z.string() })),
  cities: z.array(fillRateTotals.extend({ cityCode: z.string(), cityName: z.string(), enterprises: z.number() })),
});

/** a 异常运单 finding: by a rule, the in-transit sweep, data fusion or a report by hand */
const abnormal = z.object({
  id: z.string(), waybillId: id, waybillCreatedAt: at, waybillNo: text, plateNo: text, enterpriseId: id, carrierRegion: text,
  rule: z.enum(ABNORMAL_RULES), detail: z.string(), source: z.string(), status: z.string(), foundAt: instant, reportedBy: id, reporterName: text,
  version: z.number(), updatedAt: instant,
});
const abnormalNamed = abnormal.extend({ enterpriseName: text });
/** a finding as its list shows it: its enterprise's name and its latest 核查单 */
const abnormalRow = abnormalNamed.extend({ checklistId: id });

/** a 核查单 */
const checklist = z.object({
  id: z.string(), abnormalId: id, waybillId: id, waybillCreatedAt: at, waybillNo: text, enterpriseId: z.string(), carrierRegion: z.string(),
  problem: z.string(), replyBy: day, state: z.enum(CHECKLIST_STATES), issuedBy: id, issuerName: text, issuedAt: instant, receivedBy: id, receivedAt: at,
  reply: text, replyAttachments: z.array(z.unknown()).nullable(), repliedAt: at, opinion: text, finishedAt: at, version: z.number(), updatedAt: instant,
});
/** its enterprise's name and whether the reply is overdue (not answered by 回复期限) */
const checklistNamed = checklist.extend({ enterpriseName: text, overdue: z.boolean() });
/** as its list shows it: the finding's rule too */
const checklistRow = checklistNamed.extend({ rule: z.enum(ABNORMAL_RULES).nullable() });

/** one step of a 核查单: 下发, then every step of its workflow with its note and the reply's attachments */
const checklistStep = z.object({
  id: z.string(), checklistId: z.string(), at: instant, userId: id, userName: text, action: z.string(), fromState: text, toState: z.string(), note: text,
  attachments: z.array(z.unknown()).nullable(),
});

const checklistDetail = checklistNamed.extend({
  steps: z.array(checklistStep), abnormal: abnormal.nullable(),
  waybill: z.object({ id: z.string(), waybillNo: text, state: z.enum(WAYBILL_STATES), plateNo: text, driverName: text, goodsSummary: text, startDate: day }).nullable(),
});

export const supervisionAnswers = {
  stateCounts, fillRate,
  abnormalList: pageOf(abnormalRow),
  abnormalDetail: z.object({ abnormal: abnormalNamed, waybill: waybillAnswers.detail.nullable(), checklists: z.array(checklist) }),
  reported: abnormal,
  issued: checklist, checklistList: pageOf(checklistRow), checklistDetail,
  /** every step of a 核查单 answers it as it now is */
  checklistStep: checklist,
};

export type FillRate = Wire<typeof fillRate>;
/** a finding with its enterprise's name (its detail's, and its list row's) */
export type Abnormal = Wire<typeof abnormalNamed>;
export type AbnormalRow = Wire<typeof abnormalRow>;
export type Checklist = Wire<typeof checklist>;
export type ChecklistRow = Wire<typeof checklistRow>;
export type ChecklistDetail = Wire<typeof checklistDetail>;
