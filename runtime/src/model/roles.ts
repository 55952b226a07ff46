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
