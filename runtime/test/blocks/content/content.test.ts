import { describe, expect, it, vi } from 'vitest';
import { readContext } from '../../../src/context/read';
import { BlockHost } from '../../../src/core/block-host';
import { FEATURE_GATED_BLOCKS } from '../../../src/core/registry';
import { cycle } from '../../../src/blocks/menu/index';
import { widgetForm } from '../../../src/blocks/summary/index';
import { pageContexts } from '../../../src/context/page-contexts';

describe('feature gating (CONTRACT §3a)', () => {
  it('menu, donation, amazon and opentable mount only with their flag, else stay as authored and say why', async () => {
    expect([...FEATURE_GATED_BLOCKS].sort()).toEqual(['amazon', 'donation', 'menu', 'opentable']);
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    document.body.innerHTML = '<div id="block-m" data-block-type="menu"><section><h3>A</h3></section></div>';
    const without = new BlockHost(pageContexts({ ...readContext(), featureFlags: [] }));
    await without.start();
    const element = document.getElementById('block-m')!;
    expect(element.getAttribute('data-block-status')).toBe('failed');
    expect(element.querySelector('[role="tablist"]')).toBeNull();
    expect(info).toHaveBeenCalledWith('Block "menu" (#block-m) needs the "menu" feature flag; left as it is.');
    without.destroy();
    const withFlag = new BlockHost(pageContexts({ ...readContext(), featureFlags: ['menu'] }));
    await withFlag.start();
    expect(element.getAttribute('data-block-status')).toBe('mounted');
    expect(element.querySelector('[role="tablist"]')).not.toBeNull();
    withFlag.destroy();
    expect(element.querySelector('[role="tablist"]')).toBeNull();
  });
});

describe('menu', () => {
  it('arrows cycle through the tabs, Home and End jump', () => {
    expect(cycle(0, 3, 'ArrowLeft')).toBe(2);
    expect(cycle(2, 3, 'ArrowRight')).toBe(0);
    expect(cycle(1, 3, 'ArrowRight')).toBe(2);
    expect(cycle(1, 3, 'Home')).toBe(0);
    expect(cycle(1, 3, 'End')).toBe(2);
    expect(cycle(1, 3, 'a')).toBe(1);
    // A right-to-left row: Left goes on, Right goes back.
    expect(cycle(2, 3, 'ArrowLeft', true)).toBe(0);
    expect(cycle(0, 3, 'ArrowRight', true)).toBe(2);
    expect(cycle(1, 3, 'Home', true)).toBe(0);
  });
});

describe('summary widget call (part 1 §7)', () => {
  it('sends widgetJSON with type, id and value, and collectionId for summary v2', () => {
    expect(widgetForm('abc', { collectionType: 'events' })).toEqual({ widgetJSON: JSON.stringify({ type: 'summary', id: 'abc', value: { collectionType: 'events' } }) });
    const v2 = widgetForm('abc', { version: 2, collectionId: 'c1' });
    expect(v2.collectionId).toBe('c1');
    expect(JSON.parse(v2.widgetJSON!)).toEqual({ type: 'summary-v2', id: 'abc', value: { version: 2, collectionId: 'c1' } });
  });
});

describe('reservation (part 1 §4, §9)', async () => {
  const { reservationLayout, PREVIEW_TITLE, PREVIEW_MESSAGE } = await import('../../../src/blocks/reservation/index');
  it('column at 750 px or less, wide above 850 px, standard between; the preview strings', () => {
    expect(reservationLayout(750)).toBe('column');
    expect(reservationLayout(751)).toBe('standard');
    expect(reservationLayout(850)).toBe('standard');
    expect(reservationLayout(851)).toBe('wide');
    expect(PREVIEW_TITLE).toBe('Preview Only');
    expect(PREVIEW_MESSAGE).toBe('Please log out of your account in order to use the block.');
  });
});

describe('page enhancements (part 1 §7, §9)', async () => {
  const { fitSize, googleFontsUrl, ANIMATION_THRESHOLDS, ANIMATION_RATIO, TEXT_MIN_PX, DYNAMIC_TEXT_PX, TEXT_RESIZE_MS } = await import('../../../src/enhance/index');
  const { needsEnhancements } = await import('../../../src/enhance/needs');
  it('keeps the spec constants', () => {
    expect(ANIMATION_THRESHOLDS).toEqual([0, 0.1, 0.25, 0.5, 1]);
    expect([ANIMATION_RATIO, TEXT_MIN_PX, DYNAMIC_TEXT_PX, TEXT_RESIZE_MS]).toEqual([0.5, 11, 13, 100]);
  });
  it('fits text: the start size when it fits, else the largest that fits, never under 11 px', () => {
    expect(fitSize(40, 500, (px) => px * 10)).toBe(40);
    expect(fitSize(40, 300, (px) => px * 10)).toBe(30);
    expect(fitSize(40, 50, (px) => px * 10)).toBe(11);
    // Widths that do not grow in proportion (hinting, a fixed part): still the largest that fits.
    const uneven = (px: number) => px * 9 + 37 + (px % 3) * 4;
    for (const available of [120, 200, 333, 350, 371]) {
      const expected = Math.max(11, ...Array.from({ length: 30 }, (_, i) => i + 11).filter((px) => uneven(px) <= available));
      expect(fitSize(40, available, uneven)).toBe(expected);
    }
    expect(fitSize(40.5, 360, (px) => px * 9)).toBe(40); // a fractional start: its whole size below fits
  });
  it('fits text in three layouts where widths follow the size, not a bisection\'s seven', () => {
    const probes: number[] = [];
    expect(fitSize(64, 437, (px) => (probes.push(px), px * 11.3))).toBe(38);
    expect(probes.length).toBeLessThanOrEqual(3);
  });
  it('builds the Google Fonts address from plain family names only', () => {
    expect(googleFontsUrl(['Fraunces:wght@600', 'Open Sans'])).toBe('https://fonts.googleapis.com/css2?family=Fraunces%3Awght%40600&family=Open+Sans&display=swap');
    expect(googleFontsUrl('Inter|Lora')).toBe('https://fonts.googleapis.com/css2?family=Inter&family=Lora&display=swap');
    expect(googleFontsUrl(['"><script>'])).toBeNull();
    expect(googleFontsUrl(null)).toBeNull();
  });
  it('loads the chunk only for pages that need it', () => {
    const base = { ...readContext() };
    expect(needsEnhancements(base)).toBe(false);
    expect(needsEnhancements({ ...base, googleFonts: ['Inter'] })).toBe(true);
    expect(needsEnhancements({ ...base, websiteSettings: { disqusShortname: 'x', commentsEnabled: true } })).toBe(true);
    document.body.innerHTML = '<div data-animation></div>';
    expect(needsEnhancements(base)).toBe(true);
    document.body.innerHTML = '<a href="/cart">Cart <span class="sqs-cart-quantity">0</span></a>';
    expect(needsEnhancements(base)).toBe(true);
  });
});
