/** The page context, field names as in spec part 1 §3 "Page context read" (CONTRACT §2). */
export type Environment = 'dev' | 'qa' | 'staging' | 'prod';

export interface WebsiteInfo {
  id?: string;
  cloneable?: boolean;
  baseUrl?: string;
  developerMode?: boolean;
  typekitId?: string;
  identifier?: string;
  websiteType?: number;
  siteStatus?: { value?: number | string };
  [key: string]: unknown;
}

export interface WebsiteSettings {
  /** `continueShoppingLinkUrl`: the store page a path on the site (Continue Shopping goes there). */
  storeSettings?: { selectedCurrency?: string; continueShoppingLinkUrl?: string; [key: string]: unknown };
  ssBadgeType?: number | string;
  disqusShortname?: string;
  commentsEnabled?: boolean;
  popupOverlaySettings?: Record<string, unknown>;
  pinterestOverlayOptions?: Record<string, unknown>;
  mobileInfoBarSettings?: Record<string, unknown>;
  useEscapeKeyToLogin?: boolean;
  /** Our addition: the key the map block loads the maps script with. */
  mapsApiKey?: string;
  [key: string]: unknown;
}

export interface PageContext {
  collectionId: string | null;
  collection: { title?: string; type?: number; permissionType?: number } | null;
  itemId: string | null;
  item: { title?: string; recordType?: number } | null;
  pageType: number | null;
  website: WebsiteInfo;
  templateId: string | null;
  templateVersion: string | null;
  templateInstallation: { templateWebsite?: { id?: string } } | null;
  authenticatedAccount: { id: string; [key: string]: unknown } | null;
  websiteRoles: Record<string, unknown>;
  accessPermissions: number[];
  cookieSettings: Record<string, unknown>;
  websiteSettings: WebsiteSettings;
  appDomain: string | null;
  tweakJSON: Record<string, unknown>;
  rollups: Record<string, unknown>;
  googleFonts: unknown;
  typekitFonts: unknown;
  env: Environment | string | null;
  showAnnouncementBar: boolean;
  demoCollections: unknown[];
  /** Our addition (CONTRACT §3a): names of features switched on for the site. */
  featureFlags: string[];
  /** The page's own words for the runtime's UI, keyed by the catalogue's names (docs/translations.md); they win over the language file. */
  strings?: Record<string, string>;
  [key: string]: unknown;
}
