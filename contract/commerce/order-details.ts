/**
 * What a checkout asked besides the buyer (`recipient` of a gift card, `renews` of a
 * subscription), as the owner reads it in the owner app and in the order's notice: text and
 * numbers only, never the cart's token (the order's own secret). Pure: no imports.
 */
export function shownOrderDetails(details: Record<string, unknown> = {}): Array<[name: string, value: string]> {
  return Object.entries(details)
    .filter(([name, value]) => name !== 'cartToken' && (typeof value === 'string' || typeof value === 'number') && value !== '')
    .map(([name, value]) => [name, String(value)]);
}
