/** Small DOM builders for the page chunks (no UI framework: these pages are plain forms). */
export function element<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> & { className?: string } = {}, ...children: Array<Node | string>): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

/** A polite live region that says what just happened. */
export function statusLine(className: string): HTMLParagraphElement {
  const status = element('p', { className });
  status.setAttribute('role', 'status');
  return status;
}
