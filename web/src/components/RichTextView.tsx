/**
 * Rich text as the reader sees it (a regime's 正文, an article). The server sanitises every rich-text field on every
 * write (server/src/platform/rich-text.ts: no scripts, no event handlers, safe link and image schemes only), so the
 * stored HTML is shown as HTML.
 */
const style = { lineHeight: 1.8, fontSize: 14, wordBreak: 'break-word', maxWidth: 900 } as const;

export default function RichTextView({ html, testId }: { html: unknown; testId?: string }) {
  if (typeof html !== 'string' || !html) return null;
  return <div className="rich-text-view" data-testid={testId} style={style} dangerouslySetInnerHTML={{ __html: html }} />;
}
