import { describe, expect, it } from 'vitest';
import { rerunScripts } from '../../src/blocks/form/success';
import { createScript, loadScript, pageNonce } from '../../src/platform/load-script';

const pageScript = (nonce: string) => {
  const script = document.createElement('script');
  script.type = 'module';
  script.setAttribute('nonce', nonce);
  document.head.append(script);
};

describe('the page nonce', () => {
  it('is empty on a page without one, and nothing carries a nonce', () => {
    expect(pageNonce()).toBe('');
    expect(createScript().hasAttribute('nonce')).toBe(false);
  });

  it('is read from the page\'s own scripts and given to every script the runtime adds', () => {
    pageScript('r4nd0m');
    expect(pageNonce()).toBe('r4nd0m');
    void loadScript('https://widget.example/w.js').catch(() => undefined);
    const widget = document.head.querySelector<HTMLScriptElement>('script[src="https://widget.example/w.js"]')!;
    expect(widget.getAttribute('nonce')).toBe('r4nd0m');

    // Owner success HTML: its scripts run again with the page's nonce, never one of their own.
    const success = document.createElement('div');
    success.innerHTML = '<p>Done</p><script nonce="forged" data-x="1">1</script>';
    rerunScripts(success);
    const script = success.querySelector('script')!;
    expect(script.getAttribute('nonce')).toBe('r4nd0m');
    expect(script.getAttribute('data-x')).toBe('1');
    expect(script.textContent).toBe('1');
  });
});
