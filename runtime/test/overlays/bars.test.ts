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

/** The bars started by a test, stopped after it (their observers would see the next test's page). */
const running: Array<() => void> = [];
afterEach(() => running.splice(0).forEach((stop) => stop()));

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
    running.push(await startBars(page));
    expect(bars()).toHaveLength(1);
    expect(document.body.firstElementChild).toBe(bars()[0]);
    expect(bars()[0]!.querySelector('a')!.getAttribute('href')).toBe('/sale');
    dismiss().click();
    expect(bars()).toHaveLength(0);
    expect(sessionStorage.getItem(ANNOUNCEMENT_DISMISSED_KEY)).toBe('true');
  });

  it('is added after a skip link that opens the page, which stays the first thing a keyboard reaches', async () => {
    document.body.innerHTML = '<a class="skip-link" href="#content">Skip to content</a><header>Site</header>';
    running.push(await startBars(page));
    expect(document.body.firstElementChild!.className).toBe('skip-link');
    expect(document.body.children[1]).toBe(bars()[0]);
    dismiss().click();
    expect(bars()).toHaveLength(0);
  });

  it('adopts a bar the server rendered: none added, its button enabled and dismissing it', async () => {
    document.body.insertAdjacentHTML('afterbegin', RENDERED);
    const rendered = bars()[0]!;
    running.push(await startBars(page));
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
    running.push(await startBars(page));
    expect(bars()).toHaveLength(1);
    expect(bars()[0]!.textContent).toBe('Ours');
  });

  it('removes a rendered bar the visitor dismissed earlier in the session', async () => {
    sessionStorage.setItem(ANNOUNCEMENT_DISMISSED_KEY, 'true');
    document.body.insertAdjacentHTML('afterbegin', RENDERED);
    running.push(await startBars(page));
    expect(bars()).toHaveLength(0);
  });
});

describe('a theme that swaps the body\'s contents without a reload (htmx\'s hx-boost)', () => {
  const withBadge = { ...page, websiteSettings: { ...page.websiteSettings, ssBadgeType: 'black' } };
  const foot = () => ({ stacks: document.querySelectorAll('.site-bottom-stack').length, badges: document.querySelectorAll('.site-bottom-stack .site-badge').length });
  const swapped = () => new Promise((resolve) => setTimeout(resolve, 0));
  let stop: () => void;
  beforeEach(async () => {
    // jsdom has no ResizeObserver; the bottom stack sizes its room with one.
    vi.stubGlobal('ResizeObserver', class { observe() {} disconnect() {} });
    document.body.innerHTML = '<header id="kept">Site</header><main>One</main>';
    sessionStorage.clear();
    stop = await startBars(withBadge);
  });
  afterEach(() => {
    stop();
    document.body.innerHTML = '';
  });

  it("shows the bars again in the new contents, taking over the server's announcement bar", async () => {
    document.body.innerHTML = `${RENDERED}<header>Site</header><main>Two</main>`;
    await swapped();
    expect(foot()).toEqual({ stacks: 1, badges: 1 });
    expect(document.querySelectorAll('.site-announcement-bar')).toHaveLength(1);
    expect(document.querySelector<HTMLButtonElement>('.site-announcement-bar button')!.disabled).toBe(false);
  });

  it('does so when the header is kept and moved into the new contents (hx-preserve)', async () => {
    const kept = document.getElementById('kept')!;
    document.body.innerHTML = '<header id="placeholder"></header><main>Two</main>';
    document.getElementById('placeholder')!.replaceWith(kept);
    await swapped();
    expect(document.body.firstElementChild?.classList.contains('site-announcement-bar')).toBe(true);
    expect(foot()).toEqual({ stacks: 1, badges: 1 });
  });

  it('does so with the header kept and nothing at the foot: the announcement bar it added went with the old contents', async () => {
    stop();
    document.body.innerHTML = '<header id="kept">Site</header><main>One</main>';
    stop = await startBars(page);
    expect(foot()).toEqual({ stacks: 0, badges: 0 });
    const kept = document.getElementById('kept')!;
    document.body.innerHTML = '<header id="placeholder"></header><main>Two</main>';
    document.getElementById('placeholder')!.replaceWith(kept);
    await swapped();
    expect(document.querySelectorAll('.site-announcement-bar')).toHaveLength(1);
    expect(document.body.firstElementChild?.classList.contains('site-announcement-bar')).toBe(true);
    // Dismissed, it is not taken for a swap: it stays gone.
    document.querySelector<HTMLButtonElement>('.site-announcement-bar button')!.click();
    await swapped();
    expect(document.querySelectorAll('.site-announcement-bar')).toHaveLength(0);
  });

  it('puts back one foot, not the copy a theme kept of the page as it was left (Back)', async () => {
    const copy = document.body.innerHTML;
    document.body.innerHTML = '<main>Two</main>';
    await swapped();
    document.body.innerHTML = copy;
    await swapped();
    expect(foot()).toEqual({ stacks: 1, badges: 1 });
    expect(document.querySelectorAll('.site-announcement-bar')).toHaveLength(1);
  });

  it("leaves the bars alone when the theme adds or removes its own elements (a tooltip), or the visitor dismisses the announcement", async () => {
    const stack = document.querySelector('.site-bottom-stack');
    const tip = document.body.appendChild(document.createElement('div'));
    await swapped();
    tip.remove();
    document.querySelector<HTMLButtonElement>('.site-announcement-bar button')!.click();
    await swapped();
    expect(document.querySelector('.site-bottom-stack')).toBe(stack);
    expect(document.querySelectorAll('.site-announcement-bar')).toHaveLength(0);
  });
});
