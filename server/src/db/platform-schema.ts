/** Platform tables that are not plain resources: the AG-Admin permission layer, sessions, files, dictionaries. */
import { sql } from 'drizzle-orm';
import { pgTable, uuid, varchar, text, integer, timestamp, boolean, jsonb, index, uniqueIndex, primaryKey, bigint } from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
const ts = (n: string) => timestamp(n, { withTimezone: true, mode: 'date' });
const audit = {
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
};

export const baseMenu = pgTable('base_menu', {
  id: id(),
  code: varchar('code', { length: 64 }).notNull(),
  title: varchar('title', { length: 64 }).notNull(),
  parentId: uuid('parent_id'),
  href: varchar('href', { length: 255 }),
  icon: varchar('icon', { length: 64 }),
  type: varchar('type', { length: 8 }).notNull().default('menu'),
  orderNum: integer('order_num').notNull().default(0),
  description: varchar('description', { length: 255 }),
  path: varchar('path', { length: 255 }),
  hidden: boolean('hidden').notNull().default(false),
  attr1: varchar('attr1', { length: 255 }),
  ...audit,
}, (t) => [uniqueIndex('base_menu_code_uq').on(t.code), index('base_menu_parent_idx').on(t.parentId)]);

export const baseElement = pgTable('base_element', {
  id: id(),
  code: varchar('code', { length: 128 }).notNull(),
  type: varchar('type', { length: 16 }).notNull().default('button'),
  name: varchar('name', { length: 64 }).notNull(),
  uri: varchar('uri', { length: 255 }),
  menuId: uuid('menu_id').notNull(),
  method: varchar('method', { length: 8 }),
  description: varchar('description', { length: 255 }),
  ...audit,
}, (t) => [uniqueIndex('base_element_code_uq').on(t.code), index('base_element_menu_idx').on(t.menuId)]);

export const baseGroup = pgTable('base_group', {
  id: id(),
  code: varchar('code', { length: 64 }).notNull(),
  name: varchar('name', { length: 64 }).notNull(),
  parentId: uuid('parent_id'),
  groupTypeId: uuid('group_type_id').notNull(),
  description: varchar('description', { length: 255 }),
  /** the enterprise or organisation that owns the role (null: platform-wide) */
  enterpriseId: uuid('enterprise_id'),
  orgId: uuid('org_id'),
  version: integer('version').notNull().default(1),
  ...audit,
}, (t) => [uniqueIndex('base_group_code_uq').on(t.code), index('base_group_type_idx').on(t.groupTypeId)]);

export const baseGroupMember = pgTable('base_group_member', {
  groupId: uuid('group_id').notNull(),
  userId: uuid('user_id').notNull(),
}, (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('base_group_member_user_idx').on(t.userId)]);

export const baseGroupLeader = pgTable('base_group_leader', {
  groupId: uuid('group_id').notNull(),
  userId: uuid('user_id').notNull(),
}, (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('base_group_leader_user_idx').on(t.userId)]);

/** grants: a group holds a menu (resource_type 'menu') or an element ('button') */
export const baseResourceAuthority = pgTable('base_resource_authority', {
  groupId: uuid('group_id').notNull(),
  resourceId: uuid('resource_id').notNull(),
  resourceType: varchar('resource_type', { length: 8 }).notNull(),
}, (t) => [primaryKey({ columns: [t.groupId, t.resourceId] })]);

/** 代码表: a root entry (pid null) is a dictionary type whose `value` is its code; entries hang below it */
export const baseDict = pgTable('base_dict', {
  id: id(),
  type: varchar('type', { length: 64 }).notNull(),
  name: varchar('name', { length: 100 }).notNull(),
  value: varchar('value', { length: 100 }).notNull(),
  pid: uuid('pid'),
  orderNum: integer('order_num').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  version: integer('version').notNull().default(1),
  ...audit,
}, (t) => [index('base_dict_type_idx').on(t.type), index('base_dict_pid_idx').on(t.pid)]);

/** one row per invalidated token (logout, jwt/invalid) until it would have expired anyway */
export const tokenInvalid = pgTable('token_invalid', {
  jti: varchar('jti', { length: 64 }).primaryKey(),
  expiresAt: ts('expires_at').notNull(),
});

export const captcha = pgTable('captcha', {
  id: varchar('id', { length: 64 }).primaryKey(),
  text: varchar('text', { length: 16 }).notNull(),
  expiresAt: ts('expires_at').notNull(),
});

/** an import's progress, so that any instance can answer the poll (without REDIS_URL) */
export const importJob = pgTable('import_job', {
  id: varchar('id', { length: 160 }).primaryKey(),
  body: jsonb('body').notNull(),
  expiresAt: ts('expires_at').notNull(),
});

export const loginLog = pgTable('login_log', {
  id: id(),
  userId: uuid('user_id'),
  username: varchar('username', { length: 64 }).notNull(),
  at: ts('at').notNull().defaultNow(),
  ip: varchar('ip', { length: 64 }),
  result: varchar('result', { length: 16 }).notNull(),
  message: varchar('message', { length: 255 }),
}, (t) => [index('login_log_user_idx').on(t.userId, t.at)]);

/** one-time tickets for /auth-redirect */
export const loginTicket = pgTable('login_ticket', {
  ticket: varchar('ticket', { length: 64 }).primaryKey(),
  userId: uuid('user_id').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

export const attachment = pgTable('attachment', {
  id: id(),
  name: varchar('name', { length: 255 }).notNull(),
  mime: varchar('mime', { length: 128 }).notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  storagePath: varchar('storage_path', { length: 255 }).notNull(),
  enterpriseId: uuid('enterprise_id'),
  bizType: varchar('biz_type', { length: 64 }),
  bizId: uuid('biz_id'),
  createdBy: uuid('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  deletedAt: ts('deleted_at'),
}, (t) => [index('attachment_biz_idx').on(t.bizType, t.bizId)]);

/** 服务注册: running instances and their heartbeats */
export const serviceInstance = pgTable('service_instance', {
  id: varchar('id', { length: 64 }).primaryKey(),
  host: varchar('host', { length: 128 }).notNull(),
  pid: integer('pid').notNull(),
  version: varchar('version', { length: 32 }).notNull(),
  startedAt: ts('started_at').notNull(),
  heartbeatAt: ts('heartbeat_at').notNull(),
  stats: jsonb('stats'),
});

/** 参数设置 (warning windows, factors, rates) */
export const paramSetting = pgTable('param_setting', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: jsonb('value').notNull(),
  label: varchar('label', { length: 100 }),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedBy: uuid('updated_by'),
});

/** counters that must never repeat across instances (waybill numbers): one row per key, bumped with UPDATE … RETURNING */
export const sequenceCounter = pgTable('sequence_counter', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
});

/** demo data and other one-off start-up tasks that must run once per database */
export const systemFlag = pgTable('system_flag', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: text('value'),
  at: ts('at').notNull().defaultNow(),
});
