/**
 * What the owner changed in a block (a button's link, say) is stored apart from the demo's
 * HTML and merged into the block's `data-block-json` when a page is served.
 */
import { TAG_INSIDE, anyAttribute, attribute, escapeHtml, unquoted } from './html';
import { lockedTransaction } from './storage/locked';
import type { Storage } from './storage/open';

// A block's opening tag (its id in double, single or no quotes), and the link right inside it (a button block's fallback).
const OPENING_TAG = new RegExp(String.raw`(<[a-z][a-z0-9-]*\b${TAG_INSIDE}?${attribute('id', String.raw`block-([\w-]{1,64})`)}${TAG_INSIDE}>)(\s*<a\b${TAG_INSIDE}>[^<]*<\/a>)?`, 'gi');
const BUTTON_TYPE = new RegExp(attribute('data-block-type', 'button'), 'i');
const HREF = new RegExp(anyAttribute('href'), 'i');
const JSON_ATTRIBUTE = new RegExp(anyAttribute('data-block-json'), 'i');

const NAMED: Record<string, string> = { quot: '"', apos: "'", lt: '<', gt: '>', amp: '&' };

/** An attribute value's character references: the five named ones and any numeric one (`&#39;`, `&#x27;`). */
export const decodeAttribute = (value: string) =>
  value.replace(/&(?:#(\d{1,7})|#x([\da-f]{1,6})|(quot|apos|lt|gt|amp));/gi, (whole, dec?: string, hex?: string, name?: string) => {
    const code = dec ? Number(dec) : hex ? parseInt(hex, 16) : -1;
    if (code >= 0) return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    return NAMED[name!.toLowerCase()] ?? whole;
  });
const encode = (value: string) => value.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function blockOverrides(store: Storage): Promise<Map<string, Record<string, unknown>>> {
  const rows = await store.db.selectFrom('block_overrides').select(['block_id', 'json']).execute();
  return new Map(rows.map((row) => [row.block_id, JSON.parse(row.json) as Record<string, unknown>]));
}

/** The settings in a block's opening tag (`data-block-json`); none, or unreadable ones, are `{}`. */
export function blockJsonOf(tag: string): Record<string, unknown> {
  const match = JSON_ATTRIBUTE.exec(tag);
  if (!match) return {};
  try {
    const parsed: unknown = JSON.parse(decodeAttribute(unquoted(match[1]!)));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * A button block's fallback link as the owner set it: the visitor sees the owner's words from
 * the first paint, not the page's own until the runtime mounts the button (and the line they
 * are on re-wrapped, moving what follows). Saved links were checked (routes/blocks.ts).
 */
function ownersLink(link: string, override: Record<string, unknown>): string {
  let result = link;
  const { clickthroughUrl: url, buttonText: text } = override;
  if (typeof url === 'string') {
    const href = ` href="${escapeHtml(url)}"`;
    result = HREF.test(result) ? result.replace(HREF, () => href) : result.replace(/<a\b/i, () => `<a${href}`);
  }
  if (typeof text === 'string' && text.trim()) result = result.replace(/>[^<]*<\/a>$/i, () => `>${escapeHtml(text.trim())}</a>`);
  return result;
}

/** Merges each override over the block's own JSON (an unreadable one is replaced), and into a button's fallback link. */
export function applyBlockOverrides(html: string, overrides: Map<string, Record<string, unknown>>): string {
  if (overrides.size === 0) return html;
  return html.replace(OPENING_TAG, (whole, tag: string, double?: string, single?: string, bare?: string, link?: string) => {
    const override = overrides.get((double ?? single ?? bare)!);
    if (!override) return whole;
    const own = blockJsonOf(tag);
    const attribute = ` data-block-json='${encode(JSON.stringify({ ...own, ...override }))}'`;
    const merged = JSON_ATTRIBUTE.test(tag) ? tag.replace(JSON_ATTRIBUTE, () => attribute) : tag.replace(/\s*\/?>$/, (end) => `${attribute}${end}`);
    return merged + (link && BUTTON_TYPE.test(tag) ? ownersLink(link, override) : (link ?? ''));
  });
}

/** Merges `patch` into the block's stored override (other fields the owner set stay). */
export function saveBlockOverride(store: Storage, blockId: string, patch: Record<string, unknown>): Promise<void> {
  // Read and merge under the block's lock: two owners' edits to one block never lose a field.
  return lockedTransaction(store, [`block:${blockId}`], async (trx) => {
    const row = await trx.selectFrom('block_overrides').select('json').where('block_id', '=', blockId).executeTakeFirst();
    const json = JSON.stringify({ ...(row ? (JSON.parse(row.json) as Record<string, unknown>) : {}), ...patch });
    const updated_at = Date.now();
    await trx.insertInto('block_overrides').values({ block_id: blockId, json, updated_at }).onConflict((conflict) => conflict.column('block_id').doUpdateSet({ json, updated_at })).execute();
  });
}
