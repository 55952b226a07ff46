/** Whether an element in `html` has the class `name` (a whole class, not a prefix of one). */
export const hasClassInMarkup = (html: string, name: string) => new RegExp(`class="(?:[^"]*\\s)?${name}[\\s"]`).test(html);

/** Escapes text for HTML element content and quoted attribute values. */
export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
