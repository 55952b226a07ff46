/** V1 analytics events (spec part 1 §3): the wire format, written once. Pure. */
import type { FromSchema } from 'json-schema-to-ts';
import type * as Paths from '../../api/paths';
const ANALYTICS_EVENTS_PATH: typeof Paths.ANALYTICS_EVENTS_PATH = '/api/v1/events';
export const REQUIRED_STRINGS = ['actor', 'action', 'event_owner_team', 'event_source', 'object_type'] as const;
const INDIRECT = ['identifier', 'id', 'display_name', 'value', 'type'].map((s) => `indirect_object_${s}`);
export const OPTIONAL_STRINGS = [
  'context_website_identifier', 'destination_url', 'object_identifier', 'object_id', 'object_display_name', 'object_value',
  ...INDIRECT,
  'product_area', 'product_page', 'product_section', 'product_design_identifier', 'user_member_account_id', 'user_session_id',
  'browser_locale', 'member_account_locale', 'website_locale', 'frontsite_language',
] as const;
export const COMMON_FIELDS: readonly string[] = [...REQUIRED_STRINGS, ...OPTIONAL_STRINGS];

/** The endpoint our server answers for the spec's "v1 events endpoint of the analytics host". */
export const ANALYTICS_V1_PATH = ANALYTICS_EVENTS_PATH;
export const DEFAULT_LOCALE = 'en-US';

const requiredString = { type: 'string', minLength: 1 } as const;
/**
 * What POST /api/v1/events takes (a beacon's form-encoded JSON strings parsed first): the
 * server validates every event with this schema, the runtime builds `AnalyticsPayload`, whose
 * type is derived from it, with `splitEvent` and `missingRequired` below (the same rules, so
 * that what the runtime sends always fits; runtime/test/tracking checks it with this schema).
 */
export const analyticsPayloadSchema = {
  type: 'object',
  required: ['analyticsId', 'commonData', 'customData', 'customSchemaName'],
  properties: {
    analyticsId: { type: 'string', minLength: 1, maxLength: 64 },
    commonData: {
      type: 'object',
      required: REQUIRED_STRINGS,
      properties: { actor: requiredString, action: requiredString, event_owner_team: requiredString, event_source: requiredString, object_type: requiredString },
    },
    customData: { type: 'object' },
    customSchemaName: { type: 'string' },
  },
} as const;
export type AnalyticsPayload = FromSchema<typeof analyticsPayloadSchema>;

/**
 * Splits an event into common and custom data: common fields must be strings (or null), a
 * wrong-typed one is dropped with a warning; every other field goes to custom data.
 */
export function splitEvent(event: Record<string, unknown>, warn: (message: string) => void): { common: Record<string, unknown>; custom: Record<string, unknown> } {
  const common: Record<string, unknown> = {};
  // No prototype: a "__proto__" key (JSON.parse makes it an own key) is kept as data, not taken as a prototype.
  const custom: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [key, value] of Object.entries(event)) {
    if (!COMMON_FIELDS.includes(key)) custom[key] = value;
    else if (typeof value === 'string' || value === null) common[key] = value;
    else warn(`Analytics field ${key} must be a string; dropped.`);
  }
  return { common, custom };
}

export const missingRequired = (common: Record<string, unknown>) => REQUIRED_STRINGS.filter((key) => typeof common[key] !== 'string' || common[key] === '');

