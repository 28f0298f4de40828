/**
 * The bespoke calls of 系统管理 (server/src/modules/admin). Paths are relative to /api (or /api/super on pageB);
 * the request client resolves the envelope's `data`.
 */
import { request } from '../../api/request';

export interface TableData<T> { total: number; rows: T[] }

// ---------------------------------------------------------------------------
// 菜单管理
// ---------------------------------------------------------------------------
export interface MenuNode {
  id: string;
  parentId: string;
  code: string;
  title: string;
  label: string;
  icon: string | null;
  href: string | null;
  type: 'menu' | 'dirt' | string;
  orderNum: number;
  description: string | null;
  path: string | null;
  hidden: boolean;
  attr1: string | null;
  children: MenuNode[];
}
export type MenuForm = Pick<MenuNode, 'code' | 'title' | 'icon' | 'href' | 'type' | 'orderNum' | 'description' | 'hidden' | 'attr1'> & { parentId: string | null };

export interface ElementRow {
  id: string;
  code: string;
  type: 'button' | 'uri' | string;
  name: string;
  uri: string | null;
  menuId: string;
  method: string | null;
  description: string | null;
}
export type ElementForm = Omit<ElementRow, 'id'>;

export const menuTree = (title?: string) => request<MenuNode[]>({ url: '/admin/menu/tree', method: 'get', params: { title: title || undefined } });
export const addMenu = (body: MenuForm) => request<MenuNode>({ url: '/admin/menu', method: 'post', data: body });
export const updateMenu = (id: string, body: MenuForm) => request<MenuNode>({ url: `/admin/menu/${id}`, method: 'put', data: body });
export const deleteMenu = (id: string) => request<null>({ url: `/admin/menu/${id}`, method: 'delete' });

export const elementList = (menuId: string, name?: string) =>
  request<TableData<ElementRow>>({ url: '/admin/element/list', method: 'get', params: { menuId, name: name || undefined } });
export const addElement = (body: ElementForm) => request<ElementRow>({ url: '/admin/element', method: 'post', data: body });
export const updateElement = (id: string, body: ElementForm) => request<ElementRow>({ url: `/admin/element/${id}`, method: 'put', data: body });
export const deleteElement = (id: string) => request<null>({ url: `/admin/element/${id}`, method: 'delete' });

// ---------------------------------------------------------------------------
// 角色权限管理
// ---------------------------------------------------------------------------
export interface GroupType { id: string; code: string; name: string; description: string | null }
export interface GroupNode {
  id: string;
  code: string;
  name: string;
  label: string;
  parentId: string;
  groupType: string;
  description: string | null;
  version: number;
  builtIn: boolean;
  editable: boolean;
  children: GroupNode[];
}
export interface GroupForm { code: string; name: string; parentId?: string | null; groupType: string; description?: string | null; version?: number }
export interface UserLite { id: string; name: string; username: string }

export const groupTypes = () => request<GroupType[]>({ url: '/admin/groupType/all', method: 'get' });
export const groupTree = (groupType: string, name?: string) =>
  request<GroupNode[]>({ url: '/admin/group/tree', method: 'get', params: { groupType, name: name || undefined } });
export const addGroup = (body: GroupForm) => request<GroupNode>({ url: '/admin/group', method: 'post', data: body });
export const updateGroup = (id: string, body: GroupForm) => request<GroupNode>({ url: `/admin/group/${id}`, method: 'put', data: body });
export const deleteGroup = (id: string) => request<null>({ url: `/admin/group/${id}`, method: 'delete' });

/** the menus the signed-in user may grant */
export const grantableMenus = () => request<MenuNode[]>({ url: '/admin/group/menuTree', method: 'get' });
export const grantableElements = (menuId: string) =>
  request<TableData<ElementRow>>({ url: '/admin/group/element/list', method: 'get', params: { menuId } });
export const groupMenus = (id: string) => request<string[]>({ url: `/admin/group/${id}/authority/menu`, method: 'get' });
export const setGroupMenus = (id: string, menuIds: string[]) =>
  request<string[]>({ url: `/admin/group/${id}/authority/menu`, method: 'put', params: { menuTrees: menuIds.join(',') } });
export const groupElements = (id: string) => request<string[]>({ url: `/admin/group/${id}/authority/element`, method: 'get' });
export const changeGroupElement = (id: string, what: 'add' | 'remove', menuId: string, elementId: string) =>
  request<null>({ url: `/admin/group/${id}/authority/element/${what}`, method: 'post', params: { menuId, elementId } });
export const groupUsers = (id: string) => request<{ members: UserLite[]; leaders: UserLite[] }>({ url: `/admin/group/${id}/user`, method: 'get' });
export const setGroupUsers = (id: string, members: string[], leaders: string[]) =>
  request<null>({ url: `/admin/group/${id}/user`, method: 'put', params: { members: members.join(','), leaders: leaders.join(',') } });
/** users the signed-in user may see (the user resource's picker, data scope applied) */
export const userOptions = (q: string) =>
  request<{ value: string; label: string }[]>({ url: '/admin/user/options', method: 'get', params: { q: q || undefined, limit: 30 }, silent: true });

// ---------------------------------------------------------------------------
// 代码表
// ---------------------------------------------------------------------------
export interface DictNode { id: string; type: string; name: string; value: string; pid: string | null; orderNum: number; enabled: boolean; version?: number; children: DictNode[] }
export interface DictForm { name: string; value: string; pid?: string | null; orderNum?: number; enabled?: boolean }

/** every entry with its version (GET /admin/dict/getTree, the client cache, carries no version) */
export const dictTree = () => request<DictNode[]>({ url: '/admin/dict/manageTree', method: 'get' });
export const addDict = (body: DictForm) => request<DictNode>({ url: '/admin/dict/addDict', method: 'post', data: body });
export const updateDict = (body: DictForm & { id: string; version: number }) => request<DictNode>({ url: '/admin/dict/updateDict', method: 'put', data: body });
export const deleteDict = (id: string) => request<null>({ url: '/admin/dict/deleteDict', method: 'delete', params: { id } });

// ---------------------------------------------------------------------------
// 用户, 服务, 文章
// ---------------------------------------------------------------------------
export const resetPassword = (id: string, password: string) => request<null>({ url: `/admin/user/resetPassword/${id}`, method: 'put', data: { password } });
export const unlockUser = (id: string) => request<null>({ url: `/admin/user/unlock/${id}`, method: 'put' });
export const resetSecret = (id: string) => request<{ id: string; code: string; name: string; secret: string }>({ url: `/admin/serviceClient/resetSecret/${id}`, method: 'post' });
export const publish = (kind: 'article' | 'policy', id: string) =>
  request<{ id: string; status: string; publishedAt: string; version: number }>({ url: `/admin/${kind}/publish/${id}`, method: 'post' });

// ---------------------------------------------------------------------------
// 服务注册 / 状态 / 链路
// ---------------------------------------------------------------------------
export interface InstanceRow { id: string; host: string; pid: number; version: string; startedAt: string; heartbeatAt: string; status: '在线' | '离线'; current: boolean }
export interface PoolStats { total: number; idle: number; waiting: number }
export interface SelfStatus {
  id: string; host: string; pid: number; version: string; startedAt: string; dbMs: number | null; pool: PoolStats;
  memory: { rss: number; heapUsed: number; heapTotal: number; external: number };
  eventLoopLag: { meanMs: number; p99Ms: number; maxMs: number };
  uptime: number; requestsPerMinute: number; errorRate: number;
}
export interface OtherStatus {
  id: string; host: string; pid: number; version: string; startedAt: string; heartbeatAt: string; status: '在线' | '离线';
  pool: PoolStats | null; memory: { rss: number | null; heapUsed: number | null }; uptime: number; requestsPerMinute: number | null; errorRate: number;
}
export interface TraceBrief { traceId: string; method: string; path: string; status: number; ms: number; user: string | null; at: string; spans: number }
export interface TraceFull extends Omit<TraceBrief, 'spans'> { spans: { name: string; ms: number }[] }

export const registryList = () => request<TableData<InstanceRow>>({ url: '/admin/serviceRegistry/list', method: 'get', silent: true });
export const serviceStatus = () => request<{ self: SelfStatus; others: OtherStatus[] }>({ url: '/admin/serviceStatus', method: 'get', silent: true });
export const recentTraces = (q: { path?: string; status?: number; minMs?: number; limit?: number }) =>
  request<TableData<TraceBrief>>({ url: '/admin/serviceTrace/recent', method: 'get', params: q });
export const slowTraces = () => request<TableData<TraceBrief> & { slowMs: number }>({ url: '/admin/serviceTrace/slow', method: 'get' });
export const traceOf = (traceId: string) => request<TraceFull>({ url: `/admin/serviceTrace/${encodeURIComponent(traceId)}`, method: 'get' });
