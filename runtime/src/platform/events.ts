/** DOM event helpers: every listener comes with its teardown. */
export type Teardown = () => void;

export function listen<K extends keyof DocumentEventMap>(
  target: Document,
  type: K,
  handler: (event: DocumentEventMap[K]) => void,
  options?: AddEventListenerOptions,
): Teardown;
export function listen<K extends keyof WindowEventMap>(
  target: Window,
  type: K,
  handler: (event: WindowEventMap[K]) => void,
  options?: AddEventListenerOptions,
): Teardown;
export function listen<K extends keyof HTMLElementEventMap>(
  target: Element,
  type: K,
  handler: (event: HTMLElementEventMap[K]) => void,
  options?: AddEventListenerOptions,
): Teardown;
export function listen(
  target: EventTarget,
  type: string,
  handler: (event: Event) => void,
  options?: AddEventListenerOptions,
): Teardown;
export function listen(
  target: EventTarget,
  type: string,
  handler: (event: never) => void,
  options?: AddEventListenerOptions,
): Teardown {
  const listener = handler as unknown as EventListener;
  target.addEventListener(type, listener, options);
  return () => target.removeEventListener(type, listener, options);
}

/** Fires a bubbling CustomEvent; answers false when a listener called preventDefault. */
export function dispatch<T>(target: EventTarget, type: string, detail?: T, cancelable = false): boolean {
  return target.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, cancelable }));
}
