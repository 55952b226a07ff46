/**
 * Prose-mirror text (spec part 2 §3 record type) rendered to HTML from its document model:
 * only known nodes and marks become tags, every text is escaped, links must be http(s),
 * mailto, tel or a path on the site. No raw HTML from the editor ever reaches a page. Pure.
 */
export interface PmNode {
  type: string;
  text?: string;
  attrs?: Record<string, unknown>;
  marks?: Array<{ type: string; attrs?: Record<string, unknown> }>;
  content?: PmNode[];
}

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A link target the site may carry; null otherwise (the text stays, without the link). A path
 * must stay a path on this site as browsers read it: `//host` and `/\host` are other hosts.
 */
export function safeLinkHref(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 1000) return null;
  const href = value.trim();
  // Spaces, quotes, angle brackets, backslashes and control characters: never in a safe link.
  if (/[\s<>"\\\u0000-\u001f\u007f]/.test(href)) return null;
  return /^(https?:\/\/|mailto:|tel:)/i.test(href) || /^\/(?!\/)/.test(href) || href.startsWith('#') ? href : null;
}

const BLOCKS: Record<string, string> = { paragraph: 'p', blockquote: 'blockquote', bullet_list: 'ul', ordered_list: 'ol', list_item: 'li' };
const MARKS: Record<string, string> = { strong: 'strong', em: 'em', code: 'code' };

function renderText(node: PmNode): string {
  let html = escape(node.text ?? '');
  for (const mark of node.marks ?? []) {
    if (MARKS[mark.type]) html = `<${MARKS[mark.type]}>${html}</${MARKS[mark.type]}>`;
    else if (mark.type === 'link') {
      const href = safeLinkHref(mark.attrs?.href);
      if (href) html = `<a href="${escape(href)}">${html}</a>`;
    }
  }
  return html;
}

export function renderProseMirror(node: PmNode | null | undefined, depth = 0): string {
  if (!node || typeof node !== 'object' || depth > 20) return '';
  const inner = () => (Array.isArray(node.content) ? node.content.map((child) => renderProseMirror(child, depth + 1)).join('') : '');
  if (node.type === 'text') return renderText(node);
  if (node.type === 'hard_break') return '<br>';
  if (node.type === 'heading') {
    const level = Math.min(6, Math.max(2, Number(node.attrs?.level) || 2));
    return `<h${level}>${inner()}</h${level}>`;
  }
  const tag = BLOCKS[node.type];
  if (tag) return `<${tag}>${inner()}</${tag}>`;
  // doc, and anything unknown: its content only.
  return inner();
}
