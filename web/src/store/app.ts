/**
 * vue-element-admin store/modules/app.js: sidebar open state (cookie `sidebarStatus` '1'/'0'),
 * device (mobile under MOBILE_BREAKPOINT), component size (cookie `size`), plus the counter
 * behind the full-screen loading overlay of the request client.
 */
import Cookies from 'js-cookie';
import { create } from 'zustand';

export type SizeKey = 'default' | 'large' | 'small' | 'mini';
export type Device = 'desktop' | 'mobile';

/** 默认/大/小/超小; default is medium */
export const SIZE_OPTIONS: { key: SizeKey; label: string; antd: 'large' | 'middle' | 'small'; fontSize: number }[] = [
  { key: 'default', label: '默认', antd: 'middle', fontSize: 14 },
  { key: 'large', label: '大', antd: 'large', fontSize: 16 },
  { key: 'small', label: '小', antd: 'small', fontSize: 13 },
  { key: 'mini', label: '超小', antd: 'small', fontSize: 12 },
];
export const sizeOption = (key: SizeKey) => SIZE_OPTIONS.find((o) => o.key === key) ?? SIZE_OPTIONS[0]!;

const readSize = (): SizeKey => {
  const v = Cookies.get('size');
  return SIZE_OPTIONS.some((o) => o.key === v) ? (v as SizeKey) : 'default';
};

interface AppState {
  sidebar: { opened: boolean; withoutAnimation: boolean };
  device: Device;
  size: SizeKey;
  loadingCount: number;
  toggleSideBar: () => void;
  closeSideBar: (withoutAnimation?: boolean) => void;
  toggleDevice: (device: Device) => void;
  setSize: (size: SizeKey) => void;
  startLoading: () => void;
  endLoading: () => void;
}

export const useAppStore = create<AppState>((set, get) => ({
  // default open: only an explicit '0' keeps it closed
  sidebar: { opened: Cookies.get('sidebarStatus') !== '0', withoutAnimation: false },
  device: 'desktop',
  size: readSize(),
  loadingCount: 0,
  toggleSideBar: () => {
    const opened = !get().sidebar.opened;
    Cookies.set('sidebarStatus', opened ? '1' : '0');
    set({ sidebar: { opened, withoutAnimation: false } });
  },
  closeSideBar: (withoutAnimation = false) => {
    Cookies.set('sidebarStatus', '0');
    set({ sidebar: { opened: false, withoutAnimation } });
  },
  toggleDevice: (device) => set({ device }),
  setSize: (size) => {
    Cookies.set('size', size);
    set({ size });
  },
  startLoading: () => set((s) => ({ loadingCount: s.loadingCount + 1 })),
  endLoading: () => set((s) => ({ loadingCount: Math.max(0, s.loadingCount - 1) })),
}));
