/** vue-element-admin store/modules/errorLog.js. */
import { create } from 'zustand';

export interface ErrorLogEntry {
  message: string;
  /** where it happened: the component (from React's component stack) or the source (window.onerror) */
  component: string;
  url: string;
  stack: string;
  time: number;
}

interface ErrorLogState {
  logs: ErrorLogEntry[];
  addErrorLog: (log: Omit<ErrorLogEntry, 'time'>) => void;
  clearErrorLog: () => void;
}

const MAX_LOGS = 200;

export const useErrorLogStore = create<ErrorLogState>((set) => ({
  logs: [],
  addErrorLog: (log) => set((s) => ({ logs: [...s.logs, { ...log, time: Date.now() }].slice(-MAX_LOGS) })),
  clearErrorLog: () => set({ logs: [] }),
}));
