/**
 * 适装介质 of a tank or tank container: each entry is a 4-digit UN number
 * (GB 12268 / JT/T 617.3, e.g. 1203) or a class or division of GB 6944 (e.g. 3, 2.1, 6.1).
 */
import { badInput } from '../../platform/errors.ts';

/** GB 6944-2012 classes and divisions */
export const GOODS_CLASSES = new Set([
  '1', '1.1', '1.2', '1.3', '1.4', '1.5', '1.6', '2', '2.1', '2.2', '2.3', '3', '4', '4.1', '4.2', '4.3',
  '5', '5.1', '5.2', '6', '6.1', '6.2', '7', '8', '9',
]);

export const isMediaEntry = (s: string) => (/^\d{4}$/.test(s) && s !== '0000') || GOODS_CLASSES.has(s);

/** the entries, trimmed and without repeats; throws 40001 `适装介质“x”格式不正确` for the first bad one */
export function checkMedia(list: unknown): string[] | undefined {
  if (!Array.isArray(list)) return undefined;
  const out: string[] = [];
  for (const raw of list) {
    const s = String(raw ?? '').trim();
    if (!isMediaEntry(s)) throw badInput(`适装介质“${s}”格式不正确`);
    if (!out.includes(s)) out.push(s);
  }
  return out;
}
