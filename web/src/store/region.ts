/** Client cache of the region tree (GET /admin/region/province), loaded after sign-in. */
import { create } from 'zustand';
import { getProvince, type RegionNode } from '../api/region.ts';

interface RegionState {
  loaded: boolean;
  tree: RegionNode[];
  load: () => Promise<void>;
  reset: () => void;
}

let names = new Map<string, { name: string; parent: string | null }>();

function index(tree: RegionNode[]) {
  names = new Map();
  const walk = (list: RegionNode[], parent: string | null) => {
    for (const n of list) {
      names.set(String(n.id), { name: n.name, parent });
      if (n.children?.length) walk(n.children, String(n.id));
    }
  };
  walk(tree, null);
}

export const useRegionStore = create<RegionState>((set) => ({
  loaded: false,
  tree: [],
  load: async () => {
    const tree = await getProvince(true);
    const list = Array.isArray(tree) ? tree : [];
    index(list);
    set({ loaded: true, tree: list });
  },
  reset: () => {
    names = new Map();
    set({ loaded: false, tree: [] });
  },
}));

/** codes from the province down to `code`, e.g. ['330000','330100','330106'] */
export function regionPath(code: string | null | undefined): string[] {
  const out: string[] = [];
  let c = code ? String(code) : null;
  while (c && names.has(c) && out.length < 8) {
    out.unshift(c);
    c = names.get(c)!.parent;
  }
  return out;
}

/** '浙江省 / 杭州市 / 西湖区' for a code; the code itself when unknown */
export function regionName(code: string | null | undefined, sep = ' / '): string {
  if (!code) return '';
  const path = regionPath(code);
  return path.length ? path.map((c) => names.get(c)!.name).join(sep) : String(code);
}
