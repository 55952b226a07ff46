import { describe, expect, it } from 'vitest';
import { withoutRuntime } from '../proxy';
import { withScriptNonce } from '../../server/src/plugins/security-headers';

describe('withoutRuntime (the "same page without the runtime" of the demo and Lighthouse benchmarks)', () => {
  it('removes the runtime tag as the server serves it, with its CSP nonce, and nothing else', () => {
    const page = [
      '<head><script type="application/json" id="site-context">{"pageType": 102}</script>',
      '<script type="module" src="/runtime/site.js"></script>',
      '<script src="/assets/theme.js"></script></head><body><script defer src="/runtime/site.iife.js"></script></body>',
    ].join('\n');
    const served = withScriptNonce(page, 'bm9uY2U=');
    expect(served).toContain('nonce="bm9uY2U=" type="module" src="/runtime/site.js"');
    const stripped = withoutRuntime(served);
    expect(stripped).not.toContain('/runtime/site');
    expect(stripped).toContain('id="site-context">{"pageType": 102}</script>');
    expect(stripped).toContain('<script nonce="bm9uY2U=" src="/assets/theme.js"></script>');
  });

  it('shows the images the runtime would load, as plain src', () => {
    const page = '<img data-src="/images/demo/1-1000x1500.svg" width="1000" height="1500" alt="Demofoto 1"><img src="/assets/favicon.svg" data-src="/other.svg" alt=""><div data-src="/x.svg"></div>';
    expect(withoutRuntime(page)).toBe('<img src="/images/demo/1-1000x1500.svg" width="1000" height="1500" alt="Demofoto 1"><img src="/assets/favicon.svg" data-src="/other.svg" alt=""><div data-src="/x.svg"></div>');
  });
});
