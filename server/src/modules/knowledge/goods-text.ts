/**
 * Reading the official GB 12268 table: the PDF it was extracted from left
 * line-break spaces inside Chinese names ("轻质燃 料油"), class values in lower case ("1.3c") or
 * without their division ("2"), and subsidiary hazards run together ("38" for "3 8").
 */
import { pinyin } from 'pinyin-pro';
import type { PackingGroup } from '@dg/core/goods-catalogue';

/** CJK ideographs, CJK and full-width punctuation */
const CJK = '[\\u2018\\u2019\\u201c\\u201d\\u3000-\\u303f\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff\\uff00-\\uffef]';
const SPACE_AFTER_CJK = new RegExp(`(?<=${CJK})\\s+(?=\\S)`, 'gu');
const SPACE_BEFORE_CJK = new RegExp(`(?<=\\S)\\s+(?=${CJK})`, 'gu');

/**
 * Drops whitespace next to a Chinese character or punctuation mark (PDF line breaks: "按 质量" →
 * "按质量", "乙醇溶液 (酒精溶液)" → "乙醇溶液(酒精溶液)"); whitespace between Latin words or
 * numbers and units stays, collapsed to one space ("840 μm").
 */
export function mendName(raw: unknown): string {
  return String(raw ?? '').replace(/[\s\u00a0]+/g, ' ').trim().replace(SPACE_AFTER_CJK, '').replace(SPACE_BEFORE_CJK, '');
}

const DIVISIONS = ['2.1', '2.2', '2.3', '3', '4.1', '4.2', '4.3', '5.1', '5.2', '6.1', '6.2', '7', '8', '9'];
/** 1.1A–1.6N with the compatibility group in upper case, or a class/division of classes 2–9 */
const CLASS_RE = /^(1\.[1-6][A-HJKLNS]|2\.[1-3]|3|4\.[1-3]|5\.[12]|6\.[12]|7|8|9)$/;

/** null when valid, else why not (the report's message) */
export function classProblem(raw: string): string | null {
  const v = raw.trim();
  if (CLASS_RE.test(v)) return null;
  if (v === '' || v === '-' || v === '—') return '缺少类别或项别';
  if (/^1\.[1-6][a-hjklns]$/.test(v)) return `类别“${v}”的配装组字母应为大写（如${v.toUpperCase()}）`;
  if (/^1(\.[1-6])?$/.test(v)) return `类别“${v}”缺少项别或配装组（第1类应写作如1.1D）`;
  if (/^[2456]$/.test(v)) return `类别“${v}”缺少项别（第${v}类应写明项别，如${v}.1）`;
  return `类别“${v}”不是有效的类别或项别`;
}

/** Ⅰ/Ⅱ/Ⅲ, I/II/III, 1/2/3, '-' (none) → I/II/III/'-'; undefined when unrecognised */
export function packingGroupOf(raw: unknown): PackingGroup | undefined {
  const v = String(raw ?? '').trim().toUpperCase();
  if (v === '' || v === '-' || v === '—' || v === '－') return '-';
  if (v === 'Ⅰ' || v === 'I' || v === '1') return 'I';
  if (v === 'Ⅱ' || v === 'II' || v === '2') return 'II';
  if (v === 'Ⅲ' || v === 'III' || v === '3') return 'III';
  return undefined;
}

/**
 * 次要危险性: '-' → null; "38" → "3 8", "2.18" → "2.1 8" when the run splits into divisions;
 * anything else (e.g. a cross-reference) keeps its text with the Chinese spacing mended.
 */
export function subsidiaryOf(raw: unknown): string | null {
  const v = mendName(raw);
  if (v === '' || v === '-' || v === '—' || v === '－') return null;
  const parts = v.split(/[\s,，、]+/).filter(Boolean);
  const tokens: string[] = [];
  for (const part of parts) {
    let rest = part;
    while (rest) {
      const hit = [...DIVISIONS].sort((a, b) => b.length - a.length).find((d) => rest.startsWith(d));
      if (!hit) return v;
      tokens.push(hit);
      rest = rest.slice(hit.length);
    }
  }
  return tokens.join(' ');
}

/** '-' and blanks → null */
export const dashToNull = (raw: unknown): string | null => {
  const v = mendName(raw);
  return v === '' || v === '-' || v === '—' ? null : v;
};

/** pinyin initials of the Chinese characters of a name: 车用汽油 → cyqy */
export function pinyinInitials(name: string): string {
  if (!/[\u4e00-\u9fff]/.test(name)) return '';
  return pinyin(name, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'removed' }).join('').toLowerCase().replace(/[^a-z]/g, '');
}

/** the upsert key of a catalogue row */
export const goodsKey = (unNo: string, nameZh: string, packingGroup: string | null) => `${unNo}|${nameZh}|${packingGroup ?? '-'}`;
