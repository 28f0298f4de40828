/** System administration (系统管理): the entities that are plain resources. Menus, elements and roles have their own tree screens. */
import { resource, integer, text, textarea, richText, enumOf, dict, bool, datetime, ref, region, password, file, json } from '../resource.ts';

import type { MenuCode } from '../menus.ts';
export const SIDES = [
  { label: '企业', value: 'enterprise' },
  { label: '政府', value: 'government' },
  { label: '平台', value: 'platform' },
];

export const user = resource({
  key: 'user', area: 'admin', menu: 'userManager', title: '用户', scope: 'enterprise', table: 'base_user', labelField: 'name',
  writableBy: ['enterprise', 'government', 'platform'],
  // 角色权限管理 picks a role's members
  pickMenus: ['groupManager'],
  fields: {
    name: text('姓名', { required: true, min: 2, max: 20, column: true, search: 'like' }),
    username: text('账户', { required: true, rule: 'alnum20', unique: 'global', immutable: true, column: true, search: 'like' }),
    password: password('密码', { required: true }),
    sex: dict('性别', 'sex', { column: true }),
    mobile: text('手机', { rule: 'mobile', column: true }),
    email: text('邮箱', { rule: 'email', max: 100 }),
    side: enumOf('用户类型', SIDES, { required: true, column: true, search: 'eq' }),
    enterpriseId: ref('所属企业', 'enterprise', 'name', { search: 'eq' }),
    orgId: ref('所属机构', 'org', 'name', { search: 'eq' }),
    staffId: ref('对应人员档案', 'staff', 'name', { help: '企业用户关联本企业的人员档案后，可在制度流程中阅知本人需阅读的制度' }),
    groupIds: ref('角色', 'group', 'name', { multiple: true, column: true, virtual: true }),
    status: enumOf('状态', [{ label: '启用', value: '1' }, { label: '停用', value: '0' }], { required: true, default: '1', column: true, search: 'eq' }),
    description: textarea('备注', { max: 255 }),
    lastLoginAt: datetime('最后登录', { readOnly: true, column: true }),
    lockedUntil: datetime('需验证码至', { readOnly: true }),
    failedLogins: integer('连续失败次数', { internal: true }),
    tokensValidAfter: datetime('令牌生效起点', { internal: true }),
    /** bumped by the database on a password change, a disable or a role change: tokens carry the epoch they were issued in */
    tokenEpoch: integer('令牌代次', { internal: true, default: 0 }),
    isSuper: bool('超级管理员', { internal: true }),
  },
});

export const groupType = resource({
  key: 'groupType', area: 'admin', menu: 'groupTypeManager', title: '角色类型', scope: 'none', table: 'base_group_type', labelField: 'name',
  fields: {
    code: text('编码', { required: true, rule: 'alnum20', unique: true, column: true, search: 'like' }),
    name: text('类型名称', { required: true, max: 50, column: true, search: 'like' }),
    description: textarea('描述', { max: 255, column: true }),
  },
});

export const gateLog = resource({
  key: 'gateLog', area: 'admin', menu: 'gateLogManager', scope: 'enterprise', table: 'gate_log', readOnly: true,
  defaultSort: { field: 'crtTime', order: 'desc' },
  fields: {
    menu: text('菜单', { column: true, search: 'like' }),
    opt: text('操作', { column: true, search: 'like' }),
    uri: text('资源路径', { column: true, max: 500 }),
    method: text('方法', { column: true }),
    crtTime: datetime('操作时间', { column: true, search: 'range', sort: true }),
    crtUser: text('操作人ID'),
    crtName: text('操作人', { column: true, search: 'like' }),
    crtHost: text('操作主机', { column: true }),
    result: text('结果', { column: true }),
    body: json('请求内容'),
    before: json('修改前'),
    after: json('修改后'),
  },
});

export const org = resource({
  key: 'org', area: 'admin', menu: 'orgManager', scope: 'org', table: 'base_org', labelField: 'name',
  fields: {
    name: text('名称', { required: true, max: 100, column: true, search: 'like' }),
    code: text('编码', { required: true, rule: 'alnum20', unique: true, column: true }),
    parentId: ref('上级机构', 'org', 'name', { column: true }),
    type: enumOf('类型', ['省级', '市级', '区县级'], { required: true, column: true, search: 'eq' }),
    regionCode: region('辖区', { required: true, column: true, level: 3, anyLevel: true }),
    leader: text('负责人', { max: 20, column: true }),
    phone: text('电话', { rule: 'phoneOrLandline', column: true }),
  },
});

export const serviceClient = resource({
  key: 'serviceClient', area: 'admin', menu: 'serviceManager', title: '服务', scope: 'none', table: 'service_client', labelField: 'name',
  fields: {
    code: text('编码', { required: true, rule: 'alnum20', unique: true, immutable: true, column: true, search: 'like' }),
    name: text('名称', { required: true, max: 50, column: true, search: 'like' }),
    allowedPaths: textarea('允许的接口路径', { help: '每行一个路径前缀，如 /api/open/waybill', max: 2000 }),
    enabled: bool('启用', { column: true, default: true }),
    secretHash: text('密钥摘要', { readOnly: true, noForm: true }),
    description: textarea('描述', { max: 255 }),
  },
});

const publishable = (key: string, menu: MenuCode, title: string, categories: string[]) => resource({
  key, area: 'admin', menu, title, scope: 'none', labelField: 'title', defaultSort: { field: 'publishedAt', order: 'desc' },
  writableBy: ['government', 'platform'],
  workflow: { owns: ['status', 'publishedAt'] },
  fields: {
    title: text('标题', { required: true, max: 100, column: true, search: 'like' }),
    category: enumOf('分类', categories, { required: true, column: true, search: 'eq' }),
    content: richText('正文', { required: true }),
    cover: file('封面'),
    attachments: file('附件', { multiple: true }),
    status: enumOf('状态', ['草稿', '已发布'], { readOnly: true, default: '草稿', column: true, search: 'eq' }),
    publishedAt: datetime('发布时间', { readOnly: true, column: true, sort: true }),
  },
});
export const article = publishable('article', 'articleManager', '文章', ['行业动态', '安全提示', '工作通报']);
export const policy = publishable('policy', 'policyManager', '政策法规', ['法律', '行政法规', '部门规章', '地方性法规', '规范性文件', '标准']);

export const appRelease = resource({
  key: 'appRelease', area: 'admin', menu: 'appManager', title: 'APP版本', scope: 'none', table: 'app_release', labelField: 'versionName',
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: {
    // not `version`: every resource table has that column for the optimistic lock
    versionName: text('版本号', { required: true, max: 20, column: true, search: 'like', sort: true }),
    platform: enumOf('平台', ['Android', 'iOS'], { required: true, column: true, search: 'eq' }),
    package: file('安装包', { required: true }),
    notes: textarea('更新说明', { required: true, max: 2000 }),
    force: bool('强制更新', { column: true, default: false }),
  },
});

export const adminResources = [user, groupType, gateLog, org, serviceClient, article, policy, appRelease];
