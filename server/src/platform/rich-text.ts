/**
 * Rich text (every `richText` field: 文章, 政策法规, 安全生产管理制度 …) is sanitised on the way in: no scripts, no event
 * handlers, links and images with safe schemes only. The CRUD engine cleans each such field before it is stored.
 */
import sanitizeHtml from 'sanitize-html';
import type { ResourceDef } from '@dg/core';
import { badInput } from './errors.ts';
import type { Row } from './crud/hooks.ts';

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'del', 'ins'],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan', 'align'], th: ['colspan', 'rowspan', 'align', 'scope'],
    ol: ['start', 'type'], p: ['style'], span: ['style'], h1: ['style'], h2: ['style'], h3: ['style'], h4: ['style'],
  },
  allowedStyles: { '*': { 'text-align': [/^(left|right|center|justify)$/], color: [/^#[0-9a-f]{3,8}$/i, /^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/] } },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  transformTags: {
    // a link that opens a new tab must not hand the opener to the other site
    a: (tagName, attribs) => ({ tagName, attribs: attribs.target ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : attribs }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !!frame.attribs.src && frame.attribs.src.startsWith('data:') && !/^data:image\/(png|jpe?g|gif|webp);base64,/i.test(frame.attribs.src),
};

export function sanitizeContent(html: string): string {
  return sanitizeHtml(html, SANITIZE).trim();
}

/** whether cleaned HTML shows anything (text or an image) */
const hasContent = (clean: string) => /\S/.test(sanitizeHtml(clean, { allowedTags: ['img'], allowedAttributes: { img: ['src'] } }));

/** the values' rich-text fields, sanitised in place; a required one left empty by cleaning is refused with its label */
export function cleanRichText(def: ResourceDef, values: Row) {
  for (const [name, f] of Object.entries(def.fields)) {
    if (f.type !== 'richText' || typeof values[name] !== 'string') continue;
    const clean = sanitizeContent(values[name]);
    if (!clean || !hasContent(clean)) {
      if (f.required) throw badInput(`${f.label}：请输入${f.label}`);
      values[name] = null;
    } else values[name] = clean;
  }
}
