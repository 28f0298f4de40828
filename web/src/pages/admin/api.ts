/**
 * The bespoke calls of 系统管理 (server/src/modules/admin). Paths are relative to /api (or /api/super on pageB);
 * the request client resolves the envelope's `data`, whose type is the route's answer in core (answers/admin.ts).
 */
import type { MenuElement, MenuNode, Wire, adminAnswers } from '@dg/core';
import { request } from '../../api/request';

export type {
  DictNode, GroupNode, GroupType, InstanceRow, MenuNode, OtherStatus, SelfStatus, TraceBrief, TraceFull, GroupUser as UserLite,
} from '@dg/core';
export type ElementRow = MenuElement;
type A = typeof adminAnswers;

// ---------------------------------------------------------------------------
// 菜单管理
// ---------------------------------------------------------------------------
export type MenuForm = Pick<MenuNode, 'code' | 'title' | 'icon' | 'href' | 'type' | 'orderNum' | 'description' | 'hidden' | 'attr1'> & { parentId: string | null };

export type ElementForm = Omit<ElementRow, 'id'>;

export const menuTree = (title?: string) => request<Wire<A['menuTree']>>({ url: '/admin/menu/tree', method: 'get', params: { title: title || undefined } });
export const addMenu = (body: MenuForm) => request<Wire<A['menuNode']>>({ url: '/admin/menu', method: 'post', data: body });
export const updateMenu = (id: string, body: MenuForm) => request<Wire<A['menuNode']>>({ url: `/admin/menu/${id}`, method: 'put', data: body });
export const deleteMenu = (id: string) => request<Wire<A['done']>>({ url: `/admin/menu/${id}`, method: 'delete' });

export const elementList = (menuId: string, name?: string) =>
  request<Wire<A['elements']>>({ url: '/admin/element/list', method: 'get', params: { menuId, name: name || undefined } });
export const addElement = (body: ElementForm) => request<Wire<A['element']>>({ url: '/admin/element', method: 'post', data: body });
export const updateElement = (id: string, body: ElementForm) => request<Wire<A['element']>>({ url: `/admin/element/${id}`, method: 'put', data: body });
export const deleteElement = (id: string) => request<Wire<A['done']>>({ url: `/admin/element/${id}`, method: 'delete' });

// ---------------------------------------------------------------------------
// 角色权限管理
// ---------------------------------------------------------------------------
export interface GroupForm { code: string; name: string; parentId?: string | null; groupType: string; description?: string | null; version?: number }

export const groupTypes = () => request<Wire<A['groupTypes']>>({ url: '/admin/groupType/all', method: 'get' });
export const groupTree = (groupType: string, name?: string) =>
  request<Wire<A['groupTree']>>({ url: '/admin/group/tree', method: 'get', params: { groupType, name: name || undefined } });
export const addGroup = (body: GroupForm) => request<Wire<A['group']>>({ url: '/admin/group', method: 'post', data: body });
export const updateGroup = (id: string, body: GroupForm) => request<Wire<A['group']>>({ url: `/admin/group/${id}`, method: 'put', data: body });
export const deleteGroup = (id: string) => request<Wire<A['done']>>({ url: `/admin/group/${id}`, method: 'delete' });

/** the menus the signed-in user may grant */
export const grantableMenus = () => request<Wire<A['menuTree']>>({ url: '/admin/group/menuTree', method: 'get' });
export const grantableElements = (menuId: string) =>
  request<Wire<A['elements']>>({ url: '/admin/group/element/list', method: 'get', params: { menuId } });
export const groupMenus = (id: string) => request<Wire<A['ids']>>({ url: `/admin/group/${id}/authority/menu`, method: 'get' });
export const setGroupMenus = (id: string, menuIds: string[]) =>
  request<Wire<A['ids']>>({ url: `/admin/group/${id}/authority/menu`, method: 'put', params: { menuTrees: menuIds.join(',') } });
export const groupElements = (id: string) => request<Wire<A['ids']>>({ url: `/admin/group/${id}/authority/element`, method: 'get' });
export const changeGroupElement = (id: string, what: 'add' | 'remove', menuId: string, elementId: string) =>
  request<Wire<A['done']>>({ url: `/admin/group/${id}/authority/element/${what}`, method: 'post', params: { menuId, elementId } });
export const groupUsers = (id: string) => request<Wire<A['groupUsers']>>({ url: `/admin/group/${id}/user`, method: 'get' });
export const setGroupUsers = (id: string, members: string[], leaders: string[]) =>
  request<Wire<A['done']>>({ url: `/admin/group/${id}/user`, method: 'put', params: { members: members.join(','), leaders: leaders.join(',') } });
/** users the signed-in user may see (the user resource's picker, data scope applied) */
export const userOptions = (q: string) =>
  request<{ value: string; label: string }[]>({ url: '/admin/user/options', method: 'get', params: { q: q || undefined, limit: 30 }, silent: true });

// ---------------------------------------------------------------------------
// 代码表
// ---------------------------------------------------------------------------
export interface DictForm { name: string; value: string; pid?: string | null; orderNum?: number; enabled?: boolean }

/** every entry with its version (GET /admin/dict/getTree, the client cache, carries no version) */
export const dictTree = () => request<Wire<A['dictTree']>>({ url: '/admin/dict/manageTree', method: 'get' });
export const addDict = (body: DictForm) => request<Wire<A['dict']>>({ url: '/admin/dict/addDict', method: 'post', data: body });
export const updateDict = (body: DictForm & { id: string; version: number }) => request<Wire<A['dict']>>({ url: '/admin/dict/updateDict', method: 'put', data: body });
export const deleteDict = (id: string) => request<Wire<A['done']>>({ url: '/admin/dict/deleteDict', method: 'delete', params: { id } });

// ---------------------------------------------------------------------------
// 用户, 服务, 文章
// ---------------------------------------------------------------------------
export const resetPassword = (id: string, password: string) => request<Wire<A['done']>>({ url: `/admin/user/resetPassword/${id}`, method: 'put', data: { password } });
export const unlockUser = (id: string) => request<Wire<A['done']>>({ url: `/admin/user/unlock/${id}`, method: 'put' });
export const resetSecret = (id: string) => request<Wire<A['secretReset']>>({ url: `/admin/serviceClient/resetSecret/${id}`, method: 'post' });
export const publish = (kind: 'article' | 'policy', id: string) =>
  request<Wire<A['published']>>({ url: `/admin/${kind}/publish/${id}`, method: 'post' });

// ---------------------------------------------------------------------------
// 服务注册 / 状态 / 链路
// ---------------------------------------------------------------------------
export const registryList = () => request<Wire<A['registry']>>({ url: '/admin/serviceRegistry/list', method: 'get', silent: true });
export const serviceStatus = () => request<Wire<A['status']>>({ url: '/admin/serviceStatus', method: 'get', silent: true });
export const recentTraces = (q: { path?: string; status?: number; minMs?: number; limit?: number }) =>
  request<Wire<A['recentTraces']>>({ url: '/admin/serviceTrace/recent', method: 'get', params: q });
export const slowTraces = () => request<Wire<A['slowTraces']>>({ url: '/admin/serviceTrace/slow', method: 'get' });
export const traceOf = (traceId: string) => request<Wire<A['trace']>>({ url: `/admin/serviceTrace/${encodeURIComponent(traceId)}`, method: 'get' });
