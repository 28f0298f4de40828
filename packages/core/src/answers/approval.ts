/**
 * What 企业车辆审核, 企业注册 and 基础信息查询 answer (server/src/modules/approval): the review queue with its counts per
 * type, what waits there (a record, or a change of an approved record's supervised fields), the decisions; the
 * applicant's own calls; the read-only query pages over the records.
 */
import { z } from 'zod';
import { instant, type Wire } from '../answer.ts';
import { AUDIT_KINDS, AUDIT_STATUSES } from '../resources/records.ts';
import { fileRef, pageOf, resourceRow } from './list.ts';

const auditKind = z.enum(AUDIT_KINDS);
const auditStatus = z.enum(AUDIT_STATUSES);

// ───────────────────────── 企业车辆审核 ─────────────────────────

/** what waits (or waited) for a decision; `detail` a record's number, or the labels of a change's fields */
const auditRow = z.object({
  type: auditKind, typeTitle: z.string(), id: z.string(), title: z.string(), detail: z.string().nullable(),
  enterpriseId: z.string(), enterpriseName: z.string(), regionCode: z.string().nullable(),
  auditStatus, auditOpinion: z.string().nullable(), submittedAt: instant,
});
/** a page of the queue, with the count of each type at the status asked (the tabs) */
const pendingList = pageOf(auditRow).extend({ counts: z.record(auditKind, z.number()) });

/** a change of an approved record: each changed field's old and new value */
const changeView = z.object({
  id: z.string(), status: auditStatus, opinion: z.string().nullable(), submittedAt: instant, decidedAt: instant.nullable(),
  fields: z.array(z.object({ field: z.string(), label: z.string(), old: z.unknown(), new: z.unknown() })),
});
/** a registration's administrator account (`status` '1' once enabled) */
const applicant = z.object({ username: z.string(), name: z.string(), mobile: z.string().nullable(), status: z.string() });
/** what a decision is about: the record as its list presents it, and for a change the change itself */
const auditInfo = z.object({ type: auditKind, typeTitle: z.string(), row: resourceRow, change: changeView.optional(), applicant: applicant.nullable() });
/** a decision taken; `enabledUsers` the accounts a registration's 通过 enabled */
const decided = z.object({ type: auditKind, id: z.string(), auditStatus, auditOpinion: z.string().nullable(), enabledUsers: z.array(z.string()) });

// ───────────────────────── 企业注册 ─────────────────────────

const submitted = z.object({ enterpriseId: z.string(), auditStatus: z.literal('待审核') });
/** a rejected application as submitted, for its applicant to correct */
const application = z.object({
  name: z.string(), creditCode: z.string(), licenceNo: z.string(), businessScope: z.array(z.string()), regionCode: z.string(), address: z.string(),
  contact: z.string().nullable(), phone: z.string(), licenceScan: z.array(fileRef).nullable(),
});
const registration = z.object({
  enterpriseName: z.string(), auditStatus, auditOpinion: z.string().nullable(),
  /** only when rejected */
  application: application.optional(),
});

// ───────────────────────── 基础信息查询 ─────────────────────────

const rows = z.array(resourceRow);
/** what each detail page shows beside the record */
const jcxxExtras = {
  qyxxcx: z.object({
    licences: rows,
    counts: z.object({ vehicles: z.number(), tanks: z.number(), tankContainers: z.number(), staff: z.number(), parks: z.number(), waybills: z.number() }),
  }),
  clxxcx: z.object({ tanks: rows, facilities: rows }),
  cyryxx: z.object({ entries: rows, leaves: rows }),
  jcxxgcgt: z.object({ vehicle: resourceRow.nullable(), checks: rows }),
};
type JcxxPage = keyof typeof jcxxExtras;
/** a detail page: the record as its list presents it, with its extras */
const jcxxInfo = Object.fromEntries(Object.entries(jcxxExtras).map(([page, extras]) => [page, z.intersection(resourceRow, extras)])) as
  { [P in JcxxPage]: z.ZodIntersection<typeof resourceRow, (typeof jcxxExtras)[P]> };

export const approvalAnswers = {
  pending: pendingList, info: auditInfo, decided,
  registered: submitted, registration, revised: submitted.extend({ resubmitted: z.literal(true) }),
  jcxxList: pageOf(resourceRow), jcxxExtras, jcxxInfo,
};

export type AuditKind = (typeof AUDIT_KINDS)[number];
export type AuditStatus = (typeof AUDIT_STATUSES)[number];
export type AuditRow = Wire<typeof auditRow>;
export type ChangeView = Wire<typeof changeView>;
export type RegisterApplication = Wire<typeof application>;
