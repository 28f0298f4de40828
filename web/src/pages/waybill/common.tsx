/**
 * Small parts shared by the waybill pages: the state tag (its colour the workflow's), formatting, the id in the query string,
 * leaving a page (closing its tag), invalidating the waybill queries after a write, and Enter-moves-on for fast forms.
 */
import { useCallback, type ReactNode } from 'react';
import { Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { DATE_FORMAT, stateColor } from '@dg/core';
import { GOODS_CLASSES, waybillForm } from '@dg/core/waybill';
import { invalidateKeys } from '../../app/live';

// the query-string id, leaving a page and Enter-moves-on are every routed page's (utils/pageNav.ts)
export { useQueryParam, useLeave, enterMovesOn } from '../../utils/pageNav';

export function StateTag({ state }: { state?: string | null }) {
  if (!state) return null;
  return (
    <Tag color={stateColor(waybillForm.workflow, state)} data-testid="waybill-state" style={state === '已作废' ? { textDecoration: 'line-through' } : undefined}>
      {state}
    </Tag>
  );
}

/** the main path of a waybill, 草稿 to 已完成 */
export const MAIN_PATH = ['草稿', '待调度', '待检查', '待下发', '待装货', '运输中', '已完成'] as const;

/** GB 6944 classes for the 货物类别 filter (the server matches the main class) */
export const GOODS_CLASS_OPTIONS = GOODS_CLASSES.map((c) => ({ value: c.value, label: `${c.value} ${c.label}` }));

export const PACKING_GROUP_OPTIONS = [
  { label: 'Ⅰ', value: 'I' },
  { label: 'Ⅱ', value: 'II' },
  { label: 'Ⅲ', value: 'III' },
  { label: '-', value: '-' },
];
const PG_LABEL: Record<string, string> = { I: 'Ⅰ', II: 'Ⅱ', III: 'Ⅲ' };
export const pgLabel = (pg?: string | null) => (pg ? PG_LABEL[pg] ?? pg : '');

/** 车牌颜色 (JT/T 697.7), as the code table stores it */
const PLATE_COLORS: Record<string, string> = { '1': '蓝', '2': '黄', '3': '黑', '4': '白', '5': '绿', '9': '其他' };
export const plateColorName = (c?: string | null) => (c ? PLATE_COLORS[c] ?? c : '');
/** 浙A12345（黄） */
export const plateText = (plate?: string | null, color?: string | null) =>
  plate ? `${plate}${color ? `（${plateColorName(color)}）` : ''}` : '';

/** the problems a refusal by the dispatch rules lists (40001 with `data.problems`), to show on the form */
export const refusalProblems = (e: unknown): string[] => (e as { body?: { data?: { problems?: string[] } } }).body?.data?.problems ?? [];

export const isBlank = (v: unknown) => v === null || v === undefined || v === '';
export const dash = (v: unknown): ReactNode => (isBlank(v) ? '-' : (v as ReactNode));
export const fmtTime = (v: unknown) => (isBlank(v) ? '' : dayjs(v as string).isValid() ? dayjs(v as string).format(DATE_FORMAT) : String(v));
export const fmtMinute = (v: unknown) => (isBlank(v) ? '' : dayjs(v as string).isValid() ? dayjs(v as string).format('YYYY-MM-DD HH:mm') : String(v));
export const fmtNum = (v: unknown, digits = 3) => {
  if (isBlank(v)) return '';
  const n = Number(v);
  return Number.isFinite(n) ? String(Math.round(n * 10 ** digits) / 10 ** digits) : String(v);
};
/** 浙江省/杭州市/西湖区 → 杭州市西湖区 (a list column has no room for the province) */
export const shortRegion = (name?: string | null) => {
  const parts = String(name ?? '').split('/').filter(Boolean);
  return (parts.length > 1 ? parts.slice(1) : parts).join('');
};
/** 浙江省/杭州市/上城区 → 浙江省杭州市上城区 */
export const regionText = (name?: string | null) => String(name ?? '').replace(/\//g, '');
/** 起运地 or 目的地: region name and address */
export const placeText = (regionName?: string | null, address?: string | null) => [regionText(regionName), address].filter(Boolean).join(' ');

/** detail and edit routes of the waybill */
export const WAYBILL_ROUTES = {
  list: {
    base: '/transportMission/base',
    dispatch: '/transportMission/dispatch',
    waybillCheck: '/transportMission/waybillCheck',
    distribute: '/transportMission/distribute',
    manage: '/transportMission/waybillManageManager',
  },
  baseEdit: (id?: string) => `/transportMission/baseEdit${id ? `?id=${encodeURIComponent(id)}` : ''}`,
  baseInfo: (id: string) => `/transportMission/baseInfo?id=${encodeURIComponent(id)}`,
  changeList: (id: string) => `/transportMission/changeList?id=${encodeURIComponent(id)}`,
  dispatchEdit: (id: string) => `/transportMission/dispatchEdit?id=${encodeURIComponent(id)}`,
  checkEdit: (id: string) => `/transportMission/waybillCheckEdit?id=${encodeURIComponent(id)}`,
  selfEdit: (waybillId: string) => `/transportMission/itemselfInspection/edit?waybillId=${encodeURIComponent(waybillId)}`,
  selfInfo: (id: string) => `/transportMission/itemselfInspection/info?id=${encodeURIComponent(id)}`,
  print: (id: string) => `/transportMission/print?id=${encodeURIComponent(id)}`,
  emptyLedgerEdit: (q: { id?: string; waybillId?: string } = {}) =>
    `/transportMission/emptyledger/edit${q.id ? `?id=${encodeURIComponent(q.id)}` : q.waybillId ? `?waybillId=${encodeURIComponent(q.waybillId)}` : ''}`,
  emptyLedgerInfo: (id: string) => `/transportMission/emptyledger/info?id=${encodeURIComponent(id)}`,
  govInfo: (id: string) => `/waybillManager/infoManager/info?id=${encodeURIComponent(id)}`,
  abnormalInfo: (id: string) => `/waybillManager/infoManager/info1?id=${encodeURIComponent(id)}`,
  checklistInfo: (id: string) => `/waybillManager/checklistinfoManager/${encodeURIComponent(id)}`,
};

/**
 * After a waybill write here: the 'waybill' queries (every waybill screen's keys start with it) and what follows them
 * (the bell's queues, the board) refetch; other users' writes reach them through the server's live events (app/live.ts)
 */
export function useWaybillChanged() {
  const queryClient = useQueryClient();
  return useCallback(() => invalidateKeys(queryClient, ['waybill']), [queryClient]);
}


