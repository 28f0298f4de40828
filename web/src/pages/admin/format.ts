/** Small formatters of the monitoring screens. */
import dayjs from 'dayjs';
import { DATE_FORMAT } from '@dg/core';

export const time = (v: string | null | undefined) => (v ? dayjs(v).format(DATE_FORMAT) : '-');
export function bytes(n: number | null | undefined): string {
  if (n === null || n === undefined) return '-';
  const units = ['B', 'KB', 'MB', 'GB'];
  let v = n, i = 0;
  while (v >= 1024 && i < units.length - 1) { v /= 1024; i++; }
  return `${v.toFixed(i ? 1 : 0)} ${units[i]}`;
}
export function duration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '-';
  const d = Math.floor(seconds / 86400), h = Math.floor((seconds % 86400) / 3600), m = Math.floor((seconds % 3600) / 60);
  return d ? `${d}天${h}小时` : h ? `${h}小时${m}分` : `${m}分${Math.floor(seconds % 60)}秒`;
}
/** auto-refresh of the monitoring screens */
export const REFRESH_MS = 10_000;
