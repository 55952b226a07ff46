import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultContext } from '../../src/context/read';
import { ANNOUNCEMENT_DISMISSED_KEY, startBars } from '../../src/overlays/bars';

vi.mock('../../src/platform/assets', () => ({ assetUrl: (file: string) => file, loadStylesheet: () => Promise.resolve() }));

const page = {
  ...defaultContext(),
  showAnnouncementBar: true,
  websiteSettings: { announcementBarSettings: { text: '<p>Spring <a href="/sale">sale</a></p>' } },
};
/** What the reference server renders (server/src/announcement-bar.ts). */
const RENDERED =
  '<aside class="site-bar site-announcement-bar" aria-label="Announcement"><div><p>Spring sale</p></div><button type="button" aria-label="Dismiss announcement" disabled>×</button></aside>';

describe('announcement bar', () => {
  beforeEach(() => {
    document.body.innerHTML = '<header>Site</header>';
    sessionStorage.clear();
  });
  afterEach(() => {
    document.body.innerHTML = '';
  });
  const bars = () => document.querySelectorAll('.site-announcement-bar');
  const dismiss = () => document.querySelector<HTMLButtonElement>('button[aria-label="Dismiss announcement"]')!;

  it('is added at the top with the owner HTML and a dismiss button when the page has none', async () => {
    await startBars(page);
    expect(bars()).toHaveLength(1);
    expect(document.body.firstElementChild).toBe(bars()[0]);
    expect(bars()[0]!.querySelector('a')!.getAttribute('href')).toBe('/sale');
    dismiss().click();
    expect(bars()).toHaveLength(0);
    expect(sessionStorage.getItem(ANNOUNCEMENT_DISMISSED_KEY)).toBe('true');
  });

  it('is added after a skip link that opens the page, which stays the first thing a keyboard reaches', async () => {
    document.body.innerHTML = '<a class="skip-link" href="#content">Skip to content</a><header>Site</header>';
    await startBars(page);
    expect(document.body.firstElementChild!.className).toBe('skip-link');
    expect(document.body.children[1]).toBe(bars()[0]);
    dismiss().click();
    expect(bars()).toHaveLength(0);
  });

  it('adopts a bar the server rendered: none added, its button enabled and dismissing it', async () => {
    document.body.insertAdjacentHTML('afterbegin', RENDERED);
    const rendered = bars()[0]!;
    await startBars(page);
    expect(bars()).toHaveLength(1);
    expect(bars()[0]).toBe(rendered);
    expect(rendered.querySelectorAll('button')).toHaveLength(1);
    expect(dismiss().disabled).toBe(false);
    dismiss().click();
    expect(bars()).toHaveLength(0);
    expect(sessionStorage.getItem(ANNOUNCEMENT_DISMISSED_KEY)).toBe('true');
  });

  it("leaves a theme's bar without a dismiss button as it is", async () => {
    document.body.insertAdjacentHTML('afterbegin', '<aside class="site-announcement-bar">Ours</aside>');
    await startBars(page);
    expect(bars()).toHaveLength(1);
    expect(bars()[0]!.textContent).toBe('Ours');
  });

  it('removes a rendered bar the visitor dismissed earlier in the session', async () => {
    sessionStorage.setItem(ANNOUNCEMENT_DISMISSED_KEY, 'true');
    document.body.insertAdjacentHTML('afterbegin', RENDERED);
    await startBars(page);
    expect(bars()).toHaveLength(0);
  });
});
