import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { App } from '../src/App';
import { frameUrlFrom } from '../src/frame-url';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const origin = 'https://site.example';

describe('frameUrl', () => {
  it('keeps same-origin paths with their query', () => {
    expect(frameUrlFrom('?frameUrl=%2Fshop%3Fpage%3D2', origin)).toBe('/shop?page=2');
  });

  it.each(['javascript:alert(1)', 'data:text/html,x', 'https://evil.example/', '//evil.example', '/\\evil', 'shop', '/config/?frameUrl=/'])(
    'falls back to / for %s',
    (value) => {
      expect(frameUrlFrom(`?frameUrl=${encodeURIComponent(value)}`, origin)).toBe('/');
    },
  );

  it('falls back to / without a frameUrl', () => {
    expect(frameUrlFrom('', origin)).toBe('/');
  });
});

describe('App', () => {
  it('frames the path and toggles the panel with aria-expanded', async () => {
    const container = document.createElement('div');
    document.body.appendChild(container);
    const root = createRoot(container);
    await act(async () => root.render(<App frameUrl="/faq" />));
    expect(container.querySelector('iframe')!.getAttribute('src')).toBe('/faq');
    const toggle = container.querySelector('button')!;
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await act(async () => toggle.click());
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(container.querySelector<HTMLElement>('#config-panel')!.hidden).toBe(true);
    await act(async () => root.unmount());
  });
});
