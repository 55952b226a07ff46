/** Loads a third-party script once per page (by URL); a failure lets a later call retry. */
const loaded = new Map<string, Promise<void>>();

export function loadScript(src: string): Promise<void> {
  let promise = loaded.get(src);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loaded.delete(src);
        script.remove();
        reject(new Error(`${src} failed to load`));
      };
      document.head.append(script);
    });
    loaded.set(src, promise);
  }
  return promise;
}

/** Adds a stylesheet link once per page (by URL). */
export function addStylesheet(href: string): void {
  if (Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).some((link) => link.href === href)) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  document.head.append(link);
}
