/**
 * Client cache of the 代码表 (GET /admin/dict/getAll), loaded after sign-in. A root
 * entry (no pid, value = its type code) names a dictionary; its entries carry the same `type`.
 * Dict values in rows are codes: pages map them with dictLabel / dictOptions.
 */
import { create } from 'zustand';
import { getAllDicts, type DictEntry } from '../api/dict.ts';

export interface DictOption {
  label: string;
  value: string;
  children?: DictOption[];
}

interface DictState {
  loaded: boolean;
  entries: DictEntry[];
  byType: Record<string, DictEntry[]>;
  load: (silent?: boolean) => Promise<void>;
  reset: () => void;
}

const isRoot = (e: DictEntry) => (e.pid == null || e.pid === '' || e.pid === 0 || e.pid === '0' || e.pid === -1) && e.value === e.type;

function group(entries: DictEntry[]): Record<string, DictEntry[]> {
  const out: Record<string, DictEntry[]> = {};
  for (const e of entries) {
    if (!e || e.enabled === false || isRoot(e)) continue;
    (out[e.type] ??= []).push(e);
  }
  for (const list of Object.values(out)) list.sort((a, b) => (a.orderNum ?? 0) - (b.orderNum ?? 0));
  return out;
}

/** flattens a getTree-shaped answer, if the server sends one */
function flatten(list: DictEntry[]): DictEntry[] {
  return list.flatMap((e) => [e, ...(e.children?.length ? flatten(e.children) : [])]);
}

export const useDictStore = create<DictState>((set) => ({
  loaded: false,
  entries: [],
  byType: {},
  load: async (silent = false) => {
    const list = await getAllDicts(silent);
    const entries = flatten(Array.isArray(list) ? list : []);
    set({ loaded: true, entries, byType: group(entries) });
  },
  reset: () => set({ loaded: false, entries: [], byType: {} }),
}));

/** options of one dictionary type as a tree (entries under entries of the same type) */
export function dictOptions(type: string): DictOption[] {
  const list = useDictStore.getState().byType[type] ?? [];
  const ids = new Set(list.map((e) => String(e.id)));
  const kids = new Map<string, DictEntry[]>();
  const top: DictEntry[] = [];
  for (const e of list) {
    const pid = e.pid == null ? '' : String(e.pid);
    if (pid && ids.has(pid)) (kids.get(pid) ?? kids.set(pid, []).get(pid)!).push(e);
    else top.push(e);
  }
  const build = (es: DictEntry[]): DictOption[] =>
    es.map((e) => {
      const c = kids.get(String(e.id));
      return c?.length ? { label: e.name, value: e.value, children: build(c) } : { label: e.name, value: e.value };
    });
  return build(top);
}

/** the name of a dict value (or of each value of a list), or the value itself when unknown */
export function dictLabel(type: string, value: unknown): string {
  if (value == null || value === '') return '';
  if (Array.isArray(value)) return value.map((v) => dictLabel(type, v)).join('、');
  const e = (useDictStore.getState().byType[type] ?? []).find((x) => x.value === String(value));
  return e?.name ?? String(value);
}

/** React hook: options of one type, updating when the cache loads */
export function useDictOptions(type: string): DictOption[] {
  useDictStore((s) => s.byType[type]);
  return dictOptions(type);
}
