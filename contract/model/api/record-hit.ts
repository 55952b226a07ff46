/**
 * Census hits (spec part 1 §3): page views, heartbeats, site searches and media plays, as the
 * runtime's beacon transport sends them (one, or a batch) and the server validates them.
 */

export const HIT_EVENTS = ['pageView', 'heartbeat', 'siteSearch', 'audio', 'video'] as const;
export type HitEvent = (typeof HIT_EVENTS)[number];

/** POST .../RecordHit: `data` is the hit data (spec part 1 §3) as JSON. */
export interface RecordHit {
  event: HitEvent;
  data: string;
  /** The visitor record cookie's value, when the visitor has one. */
  ss_cvr?: string;
}

export const MAX_HITS_PER_BATCH = 100;

export const recordHitSchema = {
  type: 'object',
  required: ['event', 'data'],
  properties: {
    event: { type: 'string', enum: HIT_EVENTS },
    data: { type: 'string', maxLength: 16_384 },
    ss_cvr: { type: 'string', maxLength: 256 },
  },
} as const;

/** One hit, or a batch of them from the beacon transport. */
export const recordHitBodySchema = { anyOf: [recordHitSchema, { type: 'array', minItems: 1, maxItems: MAX_HITS_PER_BATCH, items: recordHitSchema }] } as const;
