/**
 * Url-safe strings and blog url tokens, spec part 1 §5. Pure: no DOM, no imports.
 */

/**
 * Lower case, spaces to hyphens, runs of dots or hyphens to one hyphen, then only Unicode
 * letters and digits, slash and hyphen are kept: `Summer  Sale... 2026!` → `summer-sale-2026`.
 * A lone dot is dropped (`v1.2` → `v12`); no hyphen leads or trails (`  trim  ` → `trim`).
 */
export function slugify(value: string): string {
  return String(value ?? '')
    .toLowerCase()
    .replace(/\s/g, '-')
    .replace(/[.-]{2,}/g, '-')
    .replace(/[^\p{L}\p{N}/-]/gu, '')
    .replace(/^-+|-+$/g, '');
}

/** Blog post url patterns: a percent sign may only be followed by y, m, d or t (`%y/%m/%t`). */
export const isValidBlogUrlPattern = (pattern: string): boolean => !/%(?![ymdt])/.test(String(pattern ?? ''));

/** Part 2 §2: collection panel paths are `/pages/{24-character lowercase alphanumeric id}`. */
const COLLECTION_ID = /^[a-z\d]{24}$/;
export const isCollectionId = (id: string): boolean => COLLECTION_ID.test(id);

export function collectionPanelPath(collectionId: string): string {
  if (!isCollectionId(collectionId)) throw new TypeError(`"${collectionId}" is not a collection id (24 lowercase letters and digits).`);
  return `/pages/${collectionId}`;
}

/** The collection id of a panel path, or null. */
export function collectionIdFromPanelPath(path: string): string | null {
  const match = /^\/pages\/([a-z\d]{24})\/?$/.exec(path);
  return match ? match[1]! : null;
}
