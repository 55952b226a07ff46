/** Page types, navigation names, device views and site page kinds: spec part 2 §2. Pure. */
export const PageType = {
  MAIN_CONTENT: 1,
  PAGE: 2,
  SPLASH_PAGE: 3,
  CONTENT_ITEM: 50,
  NOT_FOUND: 100,
  ERROR: 101,
  SEARCH: 102,
  LOCK_SCREEN: 103,
  POPUP_OVERLAY: 104,
  PROTECTED_CONTENT: 105,
  MEMBER_AREA_ACCESS_DENIED: 106,
  SHOW_CART: 200,
  CHECKOUT: 201,
  ORDER_CONFIRMED: 202,
  DONATE: 203,
  CONTRIBUTION_CONFIRMED: 204,
  CART_V2: 205,
  SUBSCRIPTION_CONFIRMED: 206,
  ORDER_RECEIVED: 207,
  MEMBERSHIP_CONFIRMED: 208,
  REVIEWS_REQUEST: 209,
  NEWSLETTER_UNSUBSCRIBE: 300,
  COMMERCE_EMAIL_PREVIEW: 301,
} as const;
export type PageTypeValue = (typeof PageType)[keyof typeof PageType];

/** The page type's name for a number (`209` → `REVIEWS_REQUEST`), or undefined. */
export function pageTypeName(value: number): keyof typeof PageType | undefined {
  return (Object.keys(PageType) as Array<keyof typeof PageType>).find((name) => PageType[name] === value);
}

/** Site page types recognised besides the numbered ones, and site statuses of note. */
export const SITE_PAGE_TYPES = ['cover page', 'parking page'] as const;
export const SITE_STATUSES = ['resold', 'resold grace period'] as const;

export const NavigationName = { HIDDEN: '_hidden', MEMBER_AREAS: '_memberareas', README: 'readme' } as const;
/** The member-area navigation's type. */
export const MEMBER_AREA_NAVIGATION_TYPE = 'member-area';

export const DEVICE_VIEWS = ['desktop', 'phone', 'tablet'] as const;

/** Part 2 §2: the root elements that mark the full-page cart and the member access page. */
export const CART_ROOT_ID = 'sqs-cart-root';
export const MEMBER_ACCESS_ROOT_ID = 'sqs-member-access-page-root';
/** Our addition: an element with this class shows the cart's count (a header's "Cart (2)"). */
export const CART_QUANTITY_CLASS = 'sqs-cart-quantity';
