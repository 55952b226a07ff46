/**
 * Style text of the runtime's own (the dialogs' and tooltip's, the owner's outlines), added once
 * as a constructed stylesheet: a page whose Content-Security-Policy allows no inline styles (no
 * 'unsafe-inline' in style-src) refuses a <style> element, but not a sheet made through the
 * CSSOM. A browser without constructed sheets gets a <style> element.
 */
const added = new Set<string>();

export function addStyleSheet(id: string, css: string): void {
  if (added.has(id)) return;
  added.add(id);
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  } catch {
    const style = document.createElement('style');
    style.id = id;
    style.textContent = css;
    document.head.appendChild(style);
  }
}
