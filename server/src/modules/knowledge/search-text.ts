/**
 * 知识库 full-text search for Chinese without a word-segmenting parser (docs/knowledge.md). A document's text becomes
 * terms: every pair of neighbouring Chinese characters (overlapping bigrams), the last character of each Chinese run
 * on its own, and whole Latin words and numbers, lower-cased. A query becomes the same bigrams asked as a phrase
 * (`'危险' <-> '险货' <-> '货物'`), so a two-character word inside a sentence is one term of the index and a longer
 * one must stand together; a single character or a Latin word is a prefix. PostgreSQL and the embedded PGlite both
 * answer it from the GIN index over `search_vec` (records migration 0006), no extension needed.
 */
import sanitizeHtml from 'sanitize-html';

const RUN = /(\p{Script=Han}+)|((?:(?!\p{Script=Han})[\p{L}\p{N}])+)/gu;
/** longer Latin runs are not words anyone types (a base64 blob, a hash): cut, so one run cannot swell the index */
const MAX_WORD = 40;

/** the index terms of a text, separated by spaces */
export function searchTerms(text: string): string {
  const out: string[] = [];
  for (const m of text.toLowerCase().matchAll(RUN)) {
    if (m[1]) {
      const chars = [...m[1]];
      for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
      out.push(chars[chars.length - 1]!);
    } else out.push(m[2]!.slice(0, MAX_WORD));
  }
  return out.join(' ');
}

/** the text a rich-text body shows, tags dropped and entities decoded */
export function plainText(html: string | null | undefined): string {
  if (!html) return '';
  return sanitizeHtml(html.replace(/<\/(p|div|h\d|li|tr|br)>|<br\s*\/?>/gi, (t) => t + '\n'), { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ').replace(/\n\s*\n+/g, '\n').trim();
}

/** a query's words: runs of letters and numbers, at most 10 (a pasted paragraph is not a query) */
export function queryWords(q: string): string[] {
  return [...q.toLowerCase().matchAll(RUN)].map((m) => m[0]).slice(0, 10);
}

/**
 * The tsquery text of a query (every word must occur), or null when it has no word. `weight` 'A' asks the title's
 * terms only. The terms are letters and digits only, so quoting them is enough.
 */
export function tsQueryText(q: string, weight = ''): string | null {
  const parts: string[] = [];
  for (const w of queryWords(q)) {
    const chars = [...w];
    if (/^\p{Script=Han}/u.test(w)) {
      if (chars.length === 1) parts.push(`'${w}':*${weight}`);
      else {
        const grams: string[] = [];
        for (let i = 0; i + 1 < chars.length; i++) grams.push(`'${chars[i]}${chars[i + 1]}'${weight ? ':' + weight : ''}`);
        parts.push(grams.length > 1 ? `(${grams.join(' <-> ')})` : grams[0]!);
      }
    } else parts.push(`'${w.slice(0, MAX_WORD)}':*${weight}`);
  }
  return parts.length ? parts.join(' & ') : null;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** the text, HTML-escaped, with every occurrence of the query's words in <mark> */
export function highlight(text: string, q: string): string {
  const words = queryWords(q).sort((a, b) => b.length - a.length);
  if (!words.length) return escapeHtml(text);
  const re = new RegExp(words.map(escapeRe).join('|'), 'giu');
  let out = '';
  let at = 0;
  for (const m of text.matchAll(re)) {
    out += escapeHtml(text.slice(at, m.index)) + '<mark>' + escapeHtml(m[0]) + '</mark>';
    at = m.index! + m[0].length;
  }
  return out + escapeHtml(text.slice(at));
}

/**
 * About `width` characters of the text around the first place a query word occurs, highlighted (HTML-escaped apart
 * from the marks); the opening of the text when no word occurs in it.
 */
export function snippet(text: string, q: string, width = 90): string {
  const lower = text.toLowerCase();
  let first = -1;
  for (const w of queryWords(q)) {
    const i = lower.indexOf(w);
    if (i >= 0 && (first < 0 || i < first)) first = i;
  }
  const start = first < 0 ? 0 : Math.max(0, first - Math.floor(width / 3));
  const piece = text.slice(start, start + width).replace(/\s+/g, ' ');
  return (start > 0 ? '…' : '') + highlight(piece, q) + (start + width < text.length ? '…' : '');
}
