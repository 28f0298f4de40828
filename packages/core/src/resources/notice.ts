/**
 * 通知公告 and 人员通知, API area 'tzgg'. A notice is written as a 草稿, 发布 sends it to its audience —
 * everyone in the publisher's reach, regions, enterprises or roles, resolved to accounts at that moment (notice_read),
 * and 撤回 takes it back; each addressee's 已读 is recorded when they open it. A 人员通知 is an enterprise's notice to
 * chosen posts and people of its staff, read through their linked accounts or signed on paper (the 阅知 of
 * platform/staff-reads.ts). 站内消息 are not resources: server/src/modules/notice/messages.ts.
 */
import { resource, text, richText, textarea, datetime, integer, enumOf, file, ref, region, bool } from '../resource.ts';
import { POSTS } from './records.ts';

export const NOTICE_TYPES = ['通知', '公告', '通报', '预警提示'] as const;
export const ANNOUNCEMENT_STATES = ['草稿', '已发布', '已撤回'] as const;
export const STAFF_NOTICE_STATES = ['草稿', '已发布'] as const;
export const NOTICE_AUDIENCES = [
  { label: '全部（本辖区/本企业）', value: 'all' }, { label: '按地区', value: 'regions' }, { label: '按企业', value: 'enterprises' }, { label: '按角色', value: 'roles' },
];

/** the roles a notice may address (by code): the built-in ones and the demo's staff role */
export const NOTICE_ROLES = [
  { label: '企业管理员', value: 'enterpriseAdmin' }, { label: '政府监管员', value: 'governmentSupervisor' }, { label: '企业从业人员', value: 'enterpriseStaff' },
];

export const notice = resource({
  key: 'notice', area: 'tzgg', menu: 'noticeManger', scope: 'none', table: 'notice', labelField: 'title',
  writableBy: ['government', 'enterprise', 'platform'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  actions: { publish: '发布' },
  workflow: {
    owns: ['state', 'publisherName', 'publishedAt', 'publisherOrgId', 'publisherEnterpriseId'],
    states: { 草稿: { color: 'default' }, 已发布: { color: 'success' }, 已撤回: { color: 'warning', final: true } },
    // each unit publishes and withdraws only its own notices (the step hooks)
    steps: {
      publish: { label: '发布', from: ['草稿'], to: '已发布', sides: ['government', 'enterprise', 'platform'], elements: ['noticeManger:btn_publish'] },
      withdraw: { label: '撤回', from: ['已发布'], to: '已撤回', sides: ['government', 'enterprise', 'platform'], elements: ['noticeManger:btn_publish'] },
    },
    refusal: (row, state, label) => `通知“${String(row.title)}”${label === '撤回' && state === '草稿' ? '未发布，无需撤回' : state}`,
  },
  fields: {
    title: text('标题', { required: true, max: 100, column: true, search: 'like' }),
    noticeType: enumOf('类型', [...NOTICE_TYPES], { required: true, default: '通知', column: true, search: 'eq' }),
    content: richText('正文', { required: true }),
    attachments: file('附件', { multiple: true }),
    audience: enumOf('发送对象', NOTICE_AUDIENCES, { required: true, default: 'all', column: true }),
    regionCodes: region('接收地区', { multiple: true, anyLevel: true, help: '发送对象为“按地区”时选择：该地区的监管部门和企业' }),
    enterpriseIds: ref('接收企业', 'enterprise', 'name', { multiple: true, help: '发送对象为“按企业”时选择' }),
    roleCodes: enumOf('接收角色', NOTICE_ROLES, { multiple: true, help: '发送对象为“按角色”时选择：发布范围内持有这些角色的用户' }),
    state: enumOf('状态', [...ANNOUNCEMENT_STATES], { readOnly: true, default: '草稿', column: true, search: 'eq' }),
    publisherName: text('发布单位', { readOnly: true, max: 100, column: true }),
    publishedAt: datetime('发布时间', { readOnly: true, column: true, sort: true }),
    /** the reader's own: true while an addressed reader has not opened it (null when not addressed) */
    unread: bool('未读', { readOnly: true, virtual: true, column: true, alarm: true }),
    readCount: integer('已读人数', { readOnly: true, virtual: true }),
    readTotal: integer('接收人数', { readOnly: true, virtual: true }),
    /** published by the reader's own unit (its receipts and steps are theirs) */
    mine: bool('本单位发布', { readOnly: true, virtual: true, ownView: true }),
    /** who published it: the unit whose notices these are (an organisation or an enterprise), and its reach */
    publisherOrgId: text('发布机构', { internal: true, max: 36 }),
    publisherEnterpriseId: text('发布企业', { internal: true, max: 36 }),
  },
});

export const staffNotice = resource({
  key: 'staffNotice', area: 'tzgg', menu: 'personnelNoticeManager', scope: 'enterprise', table: 'staff_notice', labelField: 'title',
  defaultSort: { field: 'createdAt', order: 'desc' },
  actions: { publish: '发布' },
  workflow: {
    owns: ['state', 'publishedAt'],
    states: { 草稿: { color: 'default' }, 已发布: { color: 'success', final: true } },
    steps: { publish: { label: '发布', from: ['草稿'], to: '已发布', sides: ['enterprise'], elements: ['personnelNoticeManager:btn_publish'] } },
    refusal: (row, state) => `人员通知“${String(row.title)}”${state}`,
  },
  fields: {
    title: text('标题', { required: true, max: 100, column: true, search: 'like' }),
    content: textarea('内容', { required: true, max: 5000 }),
    attachments: file('附件', { multiple: true }),
    readerPosts: enumOf('通知岗位', [...POSTS], { multiple: true, help: '通知这些岗位的全部在职人员' }),
    readerIds: ref('通知人员', 'staff', 'name', { multiple: true, help: '另通知这些人员' }),
    state: enumOf('状态', [...STAFF_NOTICE_STATES], { readOnly: true, default: '草稿', column: true, search: 'eq' }),
    publishedAt: datetime('发布时间', { readOnly: true, column: true, sort: true }),
    readCount: integer('已阅', { readOnly: true, virtual: true, column: true, width: 70 }),
    readTotal: integer('应阅', { readOnly: true, virtual: true, column: true, width: 70 }),
  },
});

export const noticeResources = [notice, staffNotice];
