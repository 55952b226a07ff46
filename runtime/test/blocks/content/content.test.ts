import { describe, expect, it, vi } from 'vitest';
import { readContext } from '../../../src/context/read';
import { BlockHost } from '../../../src/core/block-host';
import { FEATURE_GATED_BLOCKS } from '../../../src/core/registry';
import { cycle } from '../../../src/blocks/menu/index';
import { widgetForm } from '../../../src/blocks/summary/index';

describe('feature gating (CONTRACT §3a)', () => {
  it('menu, donation, amazon and opentable mount only with their flag, else stay as authored and say why', async () => {
    expect([...FEATURE_GATED_BLOCKS].sort()).toEqual(['amazon', 'donation', 'menu', 'opentable']);
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    document.body.innerHTML = '<div id="block-m" data-block-type="menu"><section><h3>A</h3></section></div>';
    const without = new BlockHost({ ...readContext(document), featureFlags: [] });
    await without.start();
    const element = document.getElementById('block-m')!;
    expect(element.getAttribute('data-block-status')).toBe('failed');
    expect(element.querySelector('[role="tablist"]')).toBeNull();
    expect(info).toHaveBeenCalledWith('Block "menu" (#block-m) needs the "menu" feature flag; left as it is.');
    without.destroy();
    const withFlag = new BlockHost({ ...readContext(document), featureFlags: ['menu'] });
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
