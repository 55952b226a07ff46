/** Text helpers shared by the runtime, the server and the contract's markup. Pure. */
/** Fills a message's `{name}` places: `fill('{title} is required.', { title: 'Email' })`. Pure. */
export const fill = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{(\w+)\}/g, (match, key: string) => (values[key] ?? match).toString());
/** Plain text for an element or a quoted attribute (words may come from a page's context). Pure. */
export const escapeText = (text: string): string => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
