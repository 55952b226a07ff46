import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { Submissions, valueText } from '../src/Submissions';
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
    vi.stubGlobal('fetch', async () => ({ ok: true, json: async () => ({ submissions: [] }) }));
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

describe('Submissions', () => {
  it('shows visitor values as text, never as HTML', async () => {
    const container = document.createElement('div');
    document.body.appendChild(container);
    const root = createRoot(container);
    const load = async () => ({ submissions: [{ id: 1, formId: 'contact', createdAt: '2026-11-22T00:00:00.000Z', values: { message: '<img src=x onerror=alert(1)>', name: ['Ada', 'L'] } }] });
    await act(async () => root.render(<Submissions load={load} />));
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(container.textContent).toContain('Ada L');
    await act(async () => root.unmount());
  });

  it('says when loading failed', async () => {
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () => root.render(<Submissions load={() => Promise.reject(new Error('HTTP 500'))} />));
    expect(container.querySelector('[role="alert"]')!.textContent).toBe('Unable to load submissions: HTTP 500');
    await act(async () => root.unmount());
  });

  it('formats values', () => {
    expect(valueText({ Fast: 'Agree' })).toBe('Fast: Agree');
    expect(valueText(['', '555', '1'])).toBe('555 1');
  });
});
