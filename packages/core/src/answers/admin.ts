/**
 * What 系统管理 answers (server/src/modules/admin): users and 个人中心, menus and their elements, roles and their grants,
 * the code table, attachments, 首页, the service monitors, service clients, published content and app releases.
 */
import { z } from 'zod';
import { instant, side, type Wire } from '../answer.ts';
import type { TreeOf } from './tree.ts';
import { fileRef } from './list.ts';

const CONTENT_KINDS = ['article', 'policy'] as const;

/** a page of rows with their count (AG-Admin's TableResultResponse data) */
const table = <S extends z.ZodType>(row: S) => z.object({ total: z.number(), rows: z.array(row) });
/** a picker's option */
const option = z.object({ value: z.string(), label: z.string() });

// ───────────────────────── 用户 / 个人中心 ─────────────────────────

const login = z.object({ at: instant, ip: z.string().nullable(), result: z.string(), message: z.string().nullable() });
const profileEdit = z.object({ name: z.string(), mobile: z.string().nullable(), email: z.string().nullable() });
const profile = profileEdit.extend({
  id: z.string(), username: z.string(), sex: z.string().nullable(), side,
  enterpriseName: z.string().nullable(), orgName: z.string().nullable(), lastLoginAt: instant.nullable(), logins: z.array(login),
});

// ───────────────────────── 菜单管理 ─────────────────────────

/** a menu as 菜单管理 reads it; `label` repeats `title` for the tree, `parentId` is '-1' at the root */
const menu = z.object({
  id: z.string(), parentId: z.string(), code: z.string(), title: z.string(), label: z.string(), icon: z.string().nullable(), href: z.string().nullable(),
  type: z.string(), orderNum: z.number(), description: z.string().nullable(), path: z.string().nullable(), hidden: z.boolean(), attr1: z.string().nullable(),
  spread: z.boolean(),
});
const menuNode: TreeOf<typeof menu> = menu.extend({ children: z.array(z.lazy(() => menuNode)) });

const element = z.object({
  id: z.string(), code: z.string(), type: z.string(), name: z.string(), uri: z.string().nullable(), menuId: z.string(), method: z.string().nullable(),
  description: z.string().nullable(),
});

// ───────────────────────── 角色权限管理 ─────────────────────────

const groupType = z.object({ id: z.string(), code: z.string(), name: z.string(), description: z.string().nullable() });
/** a role; `side` is the side of the users it is for (null: any side), `editable` whether the caller may change it */
const group = z.object({
  id: z.string(), code: z.string(), name: z.string(), label: z.string(), parentId: z.string(), groupType: z.string(), description: z.string().nullable(),
  enterpriseId: z.string().nullable(), orgId: z.string().nullable(), version: z.number(), builtIn: z.boolean(), side: side.nullable(), editable: z.boolean(),
});
const groupNode: TreeOf<typeof group> = group.extend({ children: z.array(z.lazy(() => groupNode)) });
const userLite = z.object({ id: z.string(), name: z.string(), username: z.string() });

// ───────────────────────── 代码表 ─────────────────────────

/** an entry of the code table; a root (pid null) is a dictionary type whose value is its code */
const dict = z.object({
  id: z.string(), type: z.string(), name: z.string(), value: z.string(), pid: z.string().nullable(), orderNum: z.number(), enabled: z.boolean(), version: z.number(),
});
const dictNode: TreeOf<typeof dict> = dict.extend({ children: z.array(z.lazy(() => dictNode)) });

// ───────────────────────── 附件, 服务, 文章, APP ─────────────────────────

const uploaded = z.object({ id: z.string(), name: z.string(), size: z.number(), mime: z.string() });
const secretReset = z.object({ id: z.string(), code: z.string(), name: z.string(), secret: z.string() });
const clientToken = z.object({ token: z.string(), expiresIn: z.number() });
const openPing = z.object({ client: z.string(), time: instant });

const published = z.object({ id: z.string(), status: z.literal('已发布'), publishedAt: instant, version: z.number() });
const publishedItem = z.object({ id: z.string(), kind: z.enum(CONTENT_KINDS), title: z.string(), category: z.string().nullable(), publishedAt: instant.nullable() });
/** a file field's value as the resource engine stores it */
const files = z.array(fileRef).nullable();
const publishedDetail = publishedItem.extend({ content: z.string().nullable(), cover: files, attachments: files });

const appRelease = z.object({
  id: z.string(), version: z.string().nullable(), platform: z.string(), force: z.boolean(), notes: z.string().nullable(), releasedAt: instant,
  url: z.string().nullable(), downloadUrl: z.string().nullable(),
}).nullable();

// ───────────────────────── 首页 ─────────────────────────

/** getRemindInfo's counts (shell), by the keys the areas count */
const remindCounts = z.object({
  unread: z.number(), uncommitted: z.number(), unscheduled: z.number(), unchecked: z.number(), undistributed: z.number(), unreadRegime: z.number(),
  unreadMessage: z.number(), unreadStaffNotice: z.number(), overdueBorrow: z.number(), overdueAssessBorrow: z.number(),
});
const dueOverdue = z.object({ due: z.number(), overdue: z.number() });
/** an alertMessgae list's count of documents due soon and overdue (`kind` its menu code) */
const expiry = dueOverdue.extend({ kind: z.string(), title: z.string() });
const nameCount = z.object({ name: z.string(), value: z.number() });
const enterpriseDashboard = z.object({
  side: z.literal('enterprise'), queues: remindCounts, expiry: z.array(expiry), warnings: dueOverdue,
  /** the open hazards, of them the 重大 and the overdue */
  hazards: z.object({ open: z.number(), major: z.number(), overdue: z.number() }),
  /** this month's waybills by day, every day so far */
  waybillsByDay: z.array(z.object({ date: z.string(), count: z.number() })), notices: z.array(publishedItem),
});
const governmentDashboard = z.object({
  side: z.enum(['government', 'platform']), todayWaybills: z.number(), inTransit: z.number(),
  abnormal: z.number(), overdueCertificates: z.number(), openRectifications: z.number(), byCity: z.array(nameCount), byClass: z.array(nameCount),
  notices: z.array(publishedItem),
});

// ───────────────────────── 服务注册 / 状态 / 链路 ─────────────────────────

const ONLINE = ['在线', '离线'] as const;
const pool = z.object({ total: z.number(), idle: z.number(), waiting: z.number() });
const instance = z.object({
  id: z.string(), host: z.string(), pid: z.number(), version: z.string(), startedAt: instant, heartbeatAt: instant, status: z.enum(ONLINE),
});
const registered = instance.extend({ current: z.boolean() });
const selfStatus = instance.omit({ heartbeatAt: true, status: true }).extend({
  dbMs: z.number().nullable(), pool, memory: z.object({ rss: z.number(), heapUsed: z.number(), heapTotal: z.number(), external: z.number() }),
  eventLoopLag: z.object({ meanMs: z.number(), p99Ms: z.number(), maxMs: z.number() }), uptime: z.number(), requestsPerMinute: z.number(), errorRate: z.number(),
});
/** another instance, as its last heartbeat told */
const otherStatus = instance.extend({
  pool: pool.nullable(), memory: z.object({ rss: z.number().nullable(), heapUsed: z.number().nullable() }), uptime: z.number(),
  requestsPerMinute: z.number().nullable(), errorRate: z.number(),
});
const traceBrief = z.object({
  traceId: z.string(), method: z.string(), path: z.string(), status: z.number(), ms: z.number(), user: z.string().nullable(), at: instant, spans: z.number(),
});
/** with TRACE_SQL=full a span carries its statement and values */
const span = z.object({ name: z.string(), ms: z.number(), sql: z.string().optional(), values: z.array(z.unknown()).optional() });
const trace = traceBrief.extend({ spans: z.array(span) });

export const adminAnswers = {
  done: z.null(), ids: z.array(z.string()), options: z.array(option),
  profile, profileEdit, newToken: z.string(),
  menu, menuNode, menuTree: z.array(menuNode), element, elements: table(element),
  groupTypes: z.array(groupType), group, groupTree: z.array(groupNode), groupUsers: z.object({ members: z.array(userLite), leaders: z.array(userLite) }),
  dict, dictTree: z.array(dictNode),
  uploaded, secretReset, clientToken, openPing,
  published, publishedList: z.array(publishedItem), publishedDetail, appRelease,
  remindCounts, dashboard: z.union([enterpriseDashboard, governmentDashboard]),
  registry: table(registered), status: z.object({ self: selfStatus, others: z.array(otherStatus) }),
  recentTraces: table(traceBrief), slowTraces: table(traceBrief).extend({ slowMs: z.number() }), trace,
};

export type MenuNode = Wire<typeof menuNode>;
export type MenuElement = Wire<typeof element>;
export type GroupType = Wire<typeof groupType>;
export type GroupNode = Wire<typeof groupNode>;
export type GroupUser = Wire<typeof userLite>;
export type DictNode = Wire<typeof dictNode>;
export type Profile = Wire<typeof profile>;
export type LoginRecord = Wire<typeof login>;
export type PublishedItem = Wire<typeof publishedItem>;
export type EnterpriseDashboard = Wire<typeof enterpriseDashboard>;
export type GovernmentDashboard = Wire<typeof governmentDashboard>;
export type ExpiryCount = Wire<typeof expiry>;
export type NameCount = Wire<typeof nameCount>;
export type RemindCounts = Wire<typeof remindCounts>;
export type InstanceRow = Wire<typeof registered>;
export type SelfStatus = Wire<typeof selfStatus>;
export type OtherStatus = Wire<typeof otherStatus>;
export type TraceBrief = Wire<typeof traceBrief>;
export type TraceFull = Wire<typeof trace>;
