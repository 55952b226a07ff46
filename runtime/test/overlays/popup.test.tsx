import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendCensus } from '../../src/net/census';
import { POPUP_CONTENT_WAIT_MS, showPopup } from '../../src/overlays/popup';

vi.mock('../../src/platform/assets', () => ({ assetUrl: (file: string) => file, loadStylesheet: () => Promise.resolve() }));
vi.mock('../../src/net/census', () => ({ sendCensus: vi.fn(() => Promise.resolve(true)) }));

const page = { website: { id: 'site' }, websiteSettings: {}, cookieSettings: {} } as never;
const overlay = () => document.querySelector<HTMLElement>('.site-modal-overlay')!;
const closeButton = () => document.querySelector<HTMLButtonElement>('.site-popup-close')!;
const views = () => vi.mocked(sendCensus).mock.calls.filter(([, path, payload]) => path === '/api/census/overlay' && (payload as { event: string }).event === 'view');

afterEach(() => {
  closeButton()?.click();
  vi.useRealTimers();
  vi.mocked(sendCensus).mockClear();
  document.body.replaceChildren();
});

describe('popup overlay', () => {
  it('stays hidden while its newsletter mounts, then shows whole: focus moves in and the view counts', async () => {
    vi.useFakeTimers();
    void showPopup({ title: 'Get our monthly notes', newsletter: { title: 'Notes' } }, page);
    await vi.advanceTimersByTimeAsync(0);
    const newsletter = document.querySelector<HTMLElement>('[data-block-type="newsletter"]')!;
    expect(newsletter).not.toBeNull();
    // The block host marks it loading, then mounted; until then the visitor sees nothing.
    newsletter.setAttribute('data-block-status', 'loading');
    await vi.advanceTimersByTimeAsync(POPUP_CONTENT_WAIT_MS - 100);
    expect(overlay().style.visibility).toBe('hidden');
    expect(document.activeElement).not.toBe(closeButton());
    expect(views()).toHaveLength(0);
    newsletter.setAttribute('data-block-status', 'mounted');
    await vi.advanceTimersByTimeAsync(0);
    expect(overlay().style.visibility).toBe('');
    expect(document.activeElement).toBe(closeButton());
    expect(views()).toHaveLength(1);
  });

  it('shows at once without blocks inside, and after POPUP_CONTENT_WAIT_MS when one never settles', async () => {
    vi.useFakeTimers();
    void showPopup({ title: 'Hello', bodyHtml: '<p>Just text</p>' }, page);
    await vi.advanceTimersByTimeAsync(0);
    expect(overlay().style.visibility).toBe('');
    expect(document.activeElement).toBe(closeButton());
    closeButton().click();
    await vi.advanceTimersByTimeAsync(1000);
    document.body.replaceChildren();

    void showPopup({ title: 'Stuck', newsletter: { title: 'Notes' } }, page);
    await vi.advanceTimersByTimeAsync(POPUP_CONTENT_WAIT_MS - 1);
    expect(overlay().style.visibility).toBe('hidden');
    await vi.advanceTimersByTimeAsync(1);
    expect(overlay().style.visibility).toBe('');
    expect(document.activeElement).toBe(closeButton());
  });

  it('hidden by a stylesheet as it would show (a content blocker’s element hiding): it closes as the visitor would close it, and no view counts', async () => {
    vi.useFakeTimers();
    // jsdom lays nothing out: the box reports itself hidden, as Chromium does under display: none.
    Object.defineProperty(Element.prototype, 'checkVisibility', {
      configurable: true,
      value(this: Element) {
        return !this.classList.contains('site-popup-overlay');
      },
    });
    try {
      const result = showPopup({ title: 'Get our monthly notes', version: 3, bodyHtml: '<p>Just text</p>' }, page);
      await vi.advanceTimersByTimeAsync(1000);
      expect(await result).toBe('close');
      expect(document.querySelector('.site-modal-host')).toBeNull();
      expect(views()).toHaveLength(0);
      expect(localStorage.getItem('ss-popup-overlay-version')).toBe('3');
      expect(localStorage.getItem('ss-popup-overlay-closed')).toMatch(/^\d+$/);
    } finally {
      delete (Element.prototype as Partial<Element>).checkVisibility;
      localStorage.clear();
    }
  });
});
