/** Whether an element in `html` has the class `name` (a whole class, not a prefix of one). */
export const hasClassInMarkup = (html: string, name: string) => new RegExp(`class="(?:[^"]*\\s)?${name}[\\s"]`).test(html);

/**
 * The inside of an opening tag, for a pattern: anything but its end, with each quoted attribute
 * value taken whole, since a value may hold `>` (a block's JSON with `"<p>Thanks</p>"` in it).
 * Append `?` for the shortest.
 */
export const TAG_INSIDE = String.raw`(?:[^>"']|"[^"]*"|'[^']*')*`;

/**
 * For a pattern, after `<name\b`: the tag's id is `id`, as a theme may write it (in double,
 * single or no quotes, among other attributes in any order). Consumes nothing.
 */
export const idIs = (id: string) => String.raw`(?=[^>]*\sid\s*=\s*(?:"${id}"|'${id}'|${id}[\s/>]))`;

/** The opening tag of the first `<name>` whose id is `id` (idIs), or null. */
export function openingTagWithId(html: string, name: string, id: string): string | null {
  return new RegExp(String.raw`<${name}\b${idIs(id)}[^>]*>`, 'i').exec(html)?.[0] ?? null;
}

/** Escapes text for HTML element content and quoted attribute values. */
export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * `html` with the content of the `<div>` that `openTag` opens replaced: its end is found by
 * counting the `<div>`s inside it. Unchanged when the tag is not there or never closes.
 */
export function withDivContent(html: string, openTag: string, content: string): string {
  const start = html.indexOf(openTag);
  if (start < 0) return html;
  const from = start + openTag.length;
  const tags = new RegExp(String.raw`<(\/?)div\b${TAG_INSIDE}>`, 'gi');
  tags.lastIndex = from;
  let depth = 1;
  for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
    depth += tag[1] ? -1 : 1;
    if (depth === 0) return html.slice(0, from) + content + html.slice(tag.index);
  }
  return html;
}
