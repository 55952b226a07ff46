import { describe, expect, it, vi } from 'vitest';
import { SCRIPT_TIMEOUT_MS, loadScript } from '../../src/platform/load-script';

const scriptFor = (src: string) => document.head.querySelector<HTMLScriptElement>(`script[src="${src}"]`);

describe('loadScript', () => {
  it('loads a script once per URL', async () => {
    const src = 'https://widget.example/once.js';
    const first = loadScript(src);
    const second = loadScript(src);
    expect(document.head.querySelectorAll(`script[src="${src}"]`)).toHaveLength(1);
    scriptFor(src)!.dispatchEvent(new Event('load'));
    await expect(Promise.all([first, second])).resolves.toEqual([undefined, undefined]);
  });

  it('gives up on a stalled host after 10 s, removes the script, and lets a later call retry', async () => {
    vi.useFakeTimers();
    const src = 'https://stalled.example/w.js';
    const loading = loadScript(src);
    const outcome = loading.then(() => 'loaded', (error: Error) => error.message);
    await vi.advanceTimersByTimeAsync(SCRIPT_TIMEOUT_MS - 1);
    expect(scriptFor(src)).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe(`${src} did not load within 10 seconds`);
    expect(SCRIPT_TIMEOUT_MS).toBe(10_000);
    expect(scriptFor(src)).toBeNull();
    void loadScript(src).catch(() => undefined);
    expect(scriptFor(src)).not.toBeNull();
  });

  it('rejects on a network error', async () => {
    const src = 'https://down.example/w.js';
    const loading = loadScript(src);
    scriptFor(src)!.dispatchEvent(new Event('error'));
    await expect(loading).rejects.toThrow(`${src} failed to load`);
  });
});
