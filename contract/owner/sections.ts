/**
 * The owner app opened on one of its panel's sections, as the owner's notices link to it
 * (`/config/?show=orders`): the panel opens, on a phone too, at that section. Pure: no imports.
 */
export const SHOW_SECTION_PARAM = 'show';
export const SHOWN_SECTIONS = ['submissions', 'orders'] as const;
export type ShownSection = (typeof SHOWN_SECTIONS)[number];

/** `ownerApp` (the app's address, ending in `/config/`) opened at `section`. */
export const ownerAppSection = (ownerApp: string, section: ShownSection): string => `${ownerApp}?${SHOW_SECTION_PARAM}=${section}`;

/** The section a `show` value names, or null. */
export const shownSection = (value: string | null): ShownSection | null => SHOWN_SECTIONS.find((section) => section === value) ?? null;
