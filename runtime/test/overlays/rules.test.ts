import { describe, expect, it } from 'vitest';
import { defaultContext } from '../../src/context/read';
import { announcementShows, badgeType, licensedBarShows, mobileBarShows } from '../../../contract/overlays/bar-rules';
import { popupPosition, popupVisible, styleShows, type PopupSettings } from '../../src/overlays/popup-rules';

const DAY = 86_400_000;
const now = Date.UTC(2026, 10, 22);
const env = { now, pageType: 2, mobile: false, screenshot: false };
const settings: PopupSettings = { style: 'show', version: 2, displayFrequency: 7, enableMobile: false, showUntilSignup: true };

describe('popup overlay display rule (spec part 1 §4)', () => {
  it('shows when nothing is stored', () => {
    expect(popupVisible(settings, {}, env)).toBe(true);
  });

  it('is suppressed on not-found, lock screen, screenshot mode, mobile without enableMobile, style none or absent', () => {
    expect(popupVisible(settings, {}, { ...env, pageType: 100 })).toBe(false);
    expect(popupVisible(settings, {}, { ...env, pageType: 103 })).toBe(false);
    expect(popupVisible(settings, {}, { ...env, screenshot: true })).toBe(false);
    expect(popupVisible(settings, {}, { ...env, mobile: true })).toBe(false);
    expect(popupVisible({ ...settings, enableMobile: true }, {}, { ...env, mobile: true })).toBe(true);
    expect(popupVisible({ ...settings, style: 'none' }, {}, env)).toBe(false);
    expect(popupVisible({ ...settings, style: undefined }, {}, env)).toBe(false);
  });

  it('shows again for a newer version', () => {
    expect(popupVisible(settings, { version: 1, closedAt: now }, env)).toBe(true);
    expect(popupVisible(settings, { version: 2, closedAt: now }, env)).toBe(false);
  });

  it('shows again once the closed date plus displayFrequency days has passed (time travel)', () => {
    const closed = { version: 2, closedAt: now };
    expect(popupVisible(settings, closed, { ...env, now: now + 7 * DAY - 1 })).toBe(false);
    expect(popupVisible(settings, closed, { ...env, now: now + 7 * DAY })).toBe(true);
    expect(popupVisible({ ...settings, displayFrequency: -1 }, closed, { ...env, now: now + 3650 * DAY })).toBe(false);
  });

  it('stays hidden after a signup when showUntilSignup is set, even for a newer version', () => {
    expect(popupVisible(settings, { version: 1, submitted: true, closedAt: now }, env)).toBe(false);
    expect(popupVisible({ ...settings, showUntilSignup: false }, { version: 1, submitted: true, closedAt: now }, env)).toBe(true);
  });

  it('knows its styles and nine positions', () => {
    expect(styleShows('SHOW')).toBe(true);
    expect(styleShows(1)).toBe(true);
    expect(styleShows('none')).toBe(false);
    expect(popupPosition('BOTTOM_RIGHT')).toBe('BOTTOM_RIGHT');
    expect(popupPosition('SIDEWAYS')).toBe('CENTER');
  });
});

describe('bars (spec part 1 §4)', () => {
  it('mobile info bar: mobile, width at most 1024, a numeric style that is not none', () => {
    const ws = { mobileInfoBarSettings: { style: 2 } };
    expect(mobileBarShows(ws, true, 1024)).toBe(true);
    expect(mobileBarShows(ws, true, 1025)).toBe(false);
    expect(mobileBarShows(ws, false, 400)).toBe(false);
    expect(mobileBarShows({ mobileInfoBarSettings: { style: 0 } }, true, 400)).toBe(false);
    expect(mobileBarShows({ mobileInfoBarSettings: { style: 'dark' } }, true, 400)).toBe(false);
  });

  it('badge: not on template 7.1, only with a type that is not none', () => {
    const page = (type: unknown, templateVersion: string | null) => ({ ...defaultContext(), templateVersion, websiteSettings: { ssBadgeType: type } }) as never;
    expect(badgeType(page('black', '7'))).toBe('black');
    expect(badgeType(page('black', '7.1'))).toBeNull();
    expect(badgeType(page('none', '7'))).toBeNull();
    expect(badgeType(page(undefined, '7'))).toBeNull();
  });

  it('licensed-assets bar: a licensed preview image or the stock preview class', () => {
    expect(licensedBarShows(document)).toBe(false);
    document.body.innerHTML = '<img data-licensed-asset-preview="true" alt="">';
    expect(licensedBarShows(document)).toBe(true);
    document.body.innerHTML = '';
    document.body.classList.add('stock-image-preview');
    expect(licensedBarShows(document)).toBe(true);
    document.body.classList.remove('stock-image-preview');
  });

  it('announcement bar: on for visitors when enabled, always for signed-in people', () => {
    expect(announcementShows({ ...defaultContext(), showAnnouncementBar: true })).toBe(true);
    expect(announcementShows(defaultContext())).toBe(false);
    expect(announcementShows({ ...defaultContext(), authenticatedAccount: { id: 'a' } })).toBe(true);
  });
});
