import { afterEach, describe, expect, it, vi } from 'vitest';
import { popupGate } from '../../src/overlays/popup-gate';
import { teardowns } from '../../src/platform/lifetime';

const showPopup = vi.fn();
vi.mock('../../src/overlays/popup', () => ({ showPopup }));

const page = { pageType: 2, website: { id: 'site' }, websiteSettings: {}, cookieSettings: {} } as never;
const settings = { style: 1, title: 'Notes' };

afterEach(() => {
  delete (document as { prerendering?: boolean }).prerendering;
  showPopup.mockClear();
  localStorage.clear();
});

describe('the popup overlay gate', () => {
  it('opens the popup on a page the visitor has', async () => {
    const stops = teardowns();
    await popupGate(settings, page, false, stops);
    expect(showPopup).toHaveBeenCalledTimes(1);
    stops.stop();
  });

  it('on a page the browser prerenders, opens it (and counts its view) only once the visitor opens the page', async () => {
    Object.defineProperty(document, 'prerendering', { value: true, configurable: true });
    const stops = teardowns();
    const shown = popupGate(settings, page, false, stops);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(showPopup).not.toHaveBeenCalled();
    Object.defineProperty(document, 'prerendering', { value: false, configurable: true });
    document.dispatchEvent(new Event('prerenderingchange'));
    await shown;
    expect(showPopup).toHaveBeenCalledTimes(1);
    stops.stop();
  });

  it('a prerendered page closed unopened shows nothing: its wait goes with the teardown', async () => {
    Object.defineProperty(document, 'prerendering', { value: true, configurable: true });
    const stops = teardowns();
    void popupGate(settings, page, false, stops);
    stops.stop();
    document.dispatchEvent(new Event('prerenderingchange'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(showPopup).not.toHaveBeenCalled();
  });
});
