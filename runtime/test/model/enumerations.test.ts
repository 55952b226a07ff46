import { describe, expect, it } from 'vitest';
import { CART_ROOT_ID, MEMBER_ACCESS_ROOT_ID, NavigationName, PageType, pageTypeName } from '../../src/model/page-types';
import { BLOCK_TYPES, BlockVariant, COLLECTION_TYPES, RECORD_TYPES } from '../../src/model/content-types';
import { FONT_CATEGORIES, ITEM_STATUSES, WebsiteType, WorkflowState, workflowLabel } from '../../src/model/site-types';
import { Breakpoint, Limit, deviceViewFor } from '../../src/model/limits';
import { ACCESS_PERMISSION_NAMES, AccessPermission, WebsiteRole, accessPermissionNames } from '../../src/model/roles';

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
  it('navigation names and page roots', () => {
    expect(NavigationName).toEqual({ HIDDEN: '_hidden', MEMBER_AREAS: '_memberareas', README: 'readme' });
    expect([CART_ROOT_ID, MEMBER_ACCESS_ROOT_ID]).toEqual(['sqs-cart-root', 'sqs-member-access-page-root']);
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
  it('website types and workflow states with their labels', () => {
    expect(WebsiteType).toEqual({ CLASSIC: 1, COVER_PAGE: 2, PARKING_PAGE: 3, COMMERCE: 4, ENTERPRISE: 5 });
    expect(WorkflowState).toEqual({ PUBLISHED: 1, SCHEDULED: 2, NEEDS_REVIEW: 3, DRAFT: 4, PRIVATE: 5, DELETED: 6 });
    expect([1, 2, 3, 4, 5, 6, 99, 'x'].map(workflowLabel)).toEqual(['Available', 'Scheduled', 'Unsupported', 'Hidden', 'Unsupported', 'Unsupported', 'Unsupported', 'Unsupported']);
    expect(ITEM_STATUSES).toEqual(['Scheduled', 'Needs Review', 'Draft', 'Private']);
    expect(FONT_CATEGORIES).toEqual(['Sans Serif', 'Serif', 'Display', 'Script', 'Slab Serif', 'Mono', 'Other']);
  });
});

describe('roles and permissions (part 2 §6)', () => {
  it('role numbers', () => {
    expect(WebsiteRole).toEqual({ ADMIN: 1, BILLING: 2, REPORTING: 3, EDITOR: 4, MODERATOR: 6, COMMENTER: 7, STORE_MANAGER: 8, SCHEDULING: 9, VIEWER: 10, CAMPAIGNS_EDITOR: 11, SCHEDULING_VIEWER: 12, SCHEDULING_EDITOR: 13 });
    expect(AccessPermission).toEqual({ AUTHENTICATED_WITHOUT_SITE_PERMISSIONS: 0, CONFIG: 1, ADMIN: 2 });
  });
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
    expect(Breakpoint).toMatchObject({ PHONE: 428, TABLET: 768, DESKTOP: 1024, DESKTOP_SPLIT: 800, MOBILE_MAX: 432 });
  });
  it('limits', () => {
    expect(Limit).toMatchObject({ BLOCKS_PER_LAYOUT: 60, TRACKS_PER_ALBUM: 60, USER_ORDERABLE_COLLECTION_ITEMS: 250, PRODUCTS_PER_COLLECTION: 200, NESTED_CATEGORIES: 10000, SMUGMUG_GALLERIES: 20, SMUGMUG_GALLERY_SIZE: 50, BYTES_PER_MB: 1000000 });
  });
});
