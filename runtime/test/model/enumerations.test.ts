import { describe, expect, it } from 'vitest';
import { PageType, pageTypeName } from '../../../contract/model/page-types';
import { BLOCK_TYPES, BlockVariant, COLLECTION_TYPES, RECORD_TYPES } from '../../../contract/model/content-types';
import { workflowLabel } from '../../../contract/model/site-types';
import { deviceViewFor } from '../../../contract/model/limits';
import { ACCESS_PERMISSION_NAMES, accessPermissionNames } from '../../../contract/model/roles';

describe('page types (part 2 §2)', () => {
  it.each([
    [1, 'MAIN_CONTENT'], [2, 'PAGE'], [3, 'SPLASH_PAGE'], [50, 'CONTENT_ITEM'], [100, 'NOT_FOUND'], [101, 'ERROR'],
    [102, 'SEARCH'], [103, 'LOCK_SCREEN'], [104, 'POPUP_OVERLAY'], [105, 'PROTECTED_CONTENT'], [106, 'MEMBER_AREA_ACCESS_DENIED'],
    [200, 'SHOW_CART'], [201, 'CHECKOUT'], [202, 'ORDER_CONFIRMED'], [203, 'DONATE'], [204, 'CONTRIBUTION_CONFIRMED'],
    [205, 'CART_V2'], [206, 'SUBSCRIPTION_CONFIRMED'], [207, 'ORDER_RECEIVED'], [208, 'MEMBERSHIP_CONFIRMED'],
    [209, 'REVIEWS_REQUEST'], [300, 'NEWSLETTER_UNSUBSCRIBE'], [301, 'COMMERCE_EMAIL_PREVIEW'],
  ])('%i is %s', (value, name) => {
    expect(pageTypeName(value)).toBe(name);
    expect(PageType[name as keyof typeof PageType]).toBe(value);
  });
  it('has exactly the 23 listed types', () => {
    expect(Object.keys(PageType)).toHaveLength(23);
    expect(pageTypeName(4)).toBeUndefined();
  });
});

describe('content and site enumerations (part 2 §3)', () => {
  it('block types include every block the runtime mounts, once each', () => {
    for (const type of ['map', 'image', 'gallery', 'form', 'menu', 'summary', 'video', 'search', 'audio', 'newsletter', 'donation', 'button', 'chart', 'zola', 'acuity', 'member area', 'tock', 'accordion']) {
      expect(BLOCK_TYPES).toContain(type);
    }
    expect(new Set(BLOCK_TYPES).size).toBe(BLOCK_TYPES.length);
    expect(new Set(COLLECTION_TYPES).size).toBe(COLLECTION_TYPES.length);
    expect(RECORD_TYPES).toContain('prose-mirror text');
  });
  it('variants are numbered from 1000 without gaps', () => {
    const values = Object.values(BlockVariant).sort((a, b) => a - b);
    expect(values[0]).toBe(1000);
    values.forEach((value, i) => expect(value).toBe(1000 + i));
    expect(Object.keys(BlockVariant).filter((k) => k.startsWith('CHART_'))).toEqual(['CHART_BAR', 'CHART_LINE', 'CHART_PIE']);
  });
  it('workflow states get their labels', () => {
    expect([1, 2, 3, 4, 5, 6, 99, 'x'].map(workflowLabel)).toEqual(['Available', 'Scheduled', 'Unsupported', 'Hidden', 'Unsupported', 'Unsupported', 'Unsupported', 'Unsupported']);
  });
});

describe('roles and permissions (part 2 §6)', () => {
  it('permission names are unique area.name pairs', () => {
    const names = accessPermissionNames();
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('settings.code-injection');
    expect(names).toContain('commerce.point-of-sale');
    expect(ACCESS_PERMISSION_NAMES.settings).toHaveLength(18);
  });
});

describe('breakpoints and limits (part 2 §9)', () => {
  it('device views by width', () => {
    expect([320, 428, 429, 768, 769, 1024, 1440].map(deviceViewFor)).toEqual(['phone', 'phone', 'tablet', 'tablet', 'desktop', 'desktop', 'desktop']);
  });
});
