/**
 * The inside of an opening tag, for a pattern: anything but its end, with each quoted attribute
 * value taken whole, since a value may hold `>` (a block's JSON with `"<p>Thanks</p>"` in it).
 * Append `?` for the shortest.
 */
export const TAG_INSIDE = String.raw`(?:[^>"']|"[^"]*"|'[^']*')*`;

/**
 * For a pattern: the attribute `name` with a value `value` matches (a pattern with no quote or
 * space in what it matches), as a theme may write it: in double, single or no quotes. A group
 * in `value` is three groups here, one for each way of quoting. Consumes the attribute.
 */
export const attribute = (name: string, value: string) => String.raw`\s${name}\s*=\s*(?:"${value}"|'${value}'|${value}(?=[\s/>]))`;

/** For a pattern: the attribute `name` whatever its value, which is captured as written (quotes and all). */
export const anyAttribute = (name: string) => String.raw`\s${name}\s*=\s*("[^"]*"|'[^']*'|[^\s"'=<>\x60]+)`;

/** An attribute's value as anyAttribute captured it, without its quotes. */
export const unquoted = (written: string) => (/^(["'])[\s\S]*\1$/.test(written) ? written.slice(1, -1) : written);

/** For a pattern, after `<name\b`: the tag has `pattern` (an attribute) among its attributes, in any order. Consumes nothing. */
export const tagHas = (pattern: string) => String.raw`(?=${TAG_INSIDE}?${pattern})`;

/** For a pattern, after `<name\b`: the tag's id is `id`. Consumes nothing. */
export const idIs = (id: string) => tagHas(attribute('id', id));

/** For a pattern: a class attribute whose list has `name` (a whole class, not a prefix of one), in any quotes. Consumes the attribute. */
export const classIs = (name: string) => String.raw`\sclass\s*=\s*(?:"(?:[^"]*\s)?${name}(?:\s[^"]*)?"|'(?:[^']*\s)?${name}(?:\s[^']*)?'|${name}(?=[\s/>]))`;

/** Whether an element in `html` has the class `name` (classIs). */
export const hasClassInMarkup = (html: string, name: string) => new RegExp(classIs(name), 'i').test(html);

/** The opening tag of the first `<name>` whose id is `id` (idIs), or null. */
export function openingTagWithId(html: string, name: string, id: string): string | null {
  return new RegExp(String.raw`<${name}\b${idIs(id)}${TAG_INSIDE}>`, 'i').exec(html)?.[0] ?? null;
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
