import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { CodeInjection, isAndroid } from '../src/CodeInjection';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('code injection editor', () => {
  it('is not offered on Android, with the spec message', async () => {
    const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131 Mobile Safari/537.36';
    expect(isAndroid(android)).toBe(true);
    expect(isAndroid('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)')).toBe(false);
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () => root.render(<CodeInjection userAgent={android} />));
    expect(container.textContent).toBe('Code editing is not available on Android.');
    await act(async () => root.unmount());
  });
});
