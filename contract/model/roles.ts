/** Website roles and access permission codes, spec part 2 §6. Pure: no DOM, no imports. */
export const WebsiteRole = {
  ADMIN: 1,
  BILLING: 2,
  REPORTING: 3,
  EDITOR: 4,
  MODERATOR: 6,
  COMMENTER: 7,
  STORE_MANAGER: 8,
  SCHEDULING: 9,
  VIEWER: 10,
  CAMPAIGNS_EDITOR: 11,
  SCHEDULING_VIEWER: 12,
  SCHEDULING_EDITOR: 13,
} as const;
export type WebsiteRoleId = (typeof WebsiteRole)[keyof typeof WebsiteRole];

export const AccessPermission = {
  AUTHENTICATED_WITHOUT_SITE_PERMISSIONS: 0,
  CONFIG: 1,
  ADMIN: 2,
} as const;

/**
 * Part 2 §6: the named sub-permissions, by area (their numeric codes are not given). Names are
 * `area.permission`, e.g. `settings.code-injection`.
 */
export const ACCESS_PERMISSION_NAMES: Readonly<Record<string, readonly string[]>> = {
  'content-manager': ['content'],
  settings: [
    'general', 'locale', 'social', 'domain', 'template', 'import', 'code-injection', 'advanced', 'developer', 'sessions',
    'mobile', 'billing', 'support', 'site', 'labs', 'advertising', 'user-accounts', 'remove-website',
  ],
  activity: ['stats', 'comments'],
  commerce: [
    'orders', 'store-settings', 'shipping', 'coupons', 'taxes', 'email-notifications', 'inventory', 'donations',
    'accounting', 'discounts', 'payments', 'point-of-sale',
  ],
  newsletter: ['subscriber-read', 'subscriber-write', 'group', 'message', 'settings'],
  crm: ['customers'],
  marketing: ['campaigns', 'local-listings'],
  scheduling: ['scheduling'],
  terms: ['accept'],
  domains: ['add', 'remove'],
  internal: [
    'grant-access', 'billing-read', 'billing-write', 'billing-refund', 'billing-plan-change', 'customer-data-read',
    'customer-data-write', 'login-as', 'suspend', 'remove-site', 'fraud-detection', 'two-factor', 'extensions-console',
  ],
};

/** Every sub-permission as `area.permission`. */
export const accessPermissionNames = (): string[] =>
  Object.entries(ACCESS_PERMISSION_NAMES).flatMap(([area, names]) => names.map((name) => `${area}.${name}`));

/** CONTRACT §3a: "viewer only" means the roles are exactly VIEWER. */
export function isViewerOnly(roles: readonly number[]): boolean {
  return roles.length === 1 && roles[0] === WebsiteRole.VIEWER;
}

/** The page context's `websiteRoles`: keys are numeric role ids. */
export function websiteRolesMap(roles: readonly number[]): Record<string, true> {
  return Object.fromEntries(roles.map((role) => [String(role), true as const]));
}

/** Role ids from a page context's `websiteRoles` keys. */
export function rolesFromMap(map: Record<string, unknown>): number[] {
  return Object.keys(map).map(Number).filter(Number.isInteger);
}
