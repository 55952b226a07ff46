/**
 * Rich text the owner saves (the announcement bar, a form's success text) as prose-mirror JSON.
 * It is checked against the config app's editor schema (prosemirror-schema-basic), so that
 * what is stored is what the editor can open again, and every link against the same rule the
 * renderer uses: http(s), mailto, tel, `#…` or a path on this site.
 */
import type { Node } from 'prosemirror-model';
import { schema } from 'prosemirror-schema-basic';
import { safeLinkHref } from '../../contract/model/prose-mirror';
import { sameOriginPath } from '../../contract/url/safe-path';

/** Stored JSON longer than this is refused. */
export const MAX_RICH_TEXT_CHARS = 20_000;

/** Any origin serves to check that a path stays on its own. */
const SITE_ORIGIN = 'http://site.invalid';

/** A link the renderer keeps; a path also as the config app's `frameUrl` check reads it. */
export function allowedLink(href: unknown): boolean {
  const safe = safeLinkHref(href);
  return safe !== null && (!safe.startsWith('/') || sameOriginPath(safe, SITE_ORIGIN, '') !== '');
}

/** The first problem with a document, in words for the owner, or null. */
export function richTextProblem(doc: unknown): string | null {
  if (JSON.stringify(doc).length > MAX_RICH_TEXT_CHARS) return 'The text is too long.';
  let node: Node;
  try {
    node = schema.nodeFromJSON(doc);
    node.check();
  } catch (error) {
    return `The text is not one the editor can hold (${(error as Error).message}).`;
  }
  if (node.type !== schema.topNodeType) return 'The text is not a document.';
  let badLink: string | null = null;
  node.descendants((child) => {
    const link = child.marks.find((mark) => mark.type === schema.marks.link && !allowedLink(mark.attrs.href));
    if (link) badLink = String(link.attrs.href);
    return badLink === null;
  });
  return badLink === null ? null : `A link goes to an address the site does not allow: ${badLink}`;
}
