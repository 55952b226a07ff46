/** The page fields every census call and form submission carries (spec part 1 §3, §7). */
export interface CensusPageFields {
  url: string;
  title: string;
  referrer: string;
  websiteId?: string;
  collectionId?: string;
  itemId?: string;
  /** The visitor record cookie (ss_cvr), when the visitor has one. */
  visitorCookie?: string;
}

const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;

export const censusPageFieldsSchema = {
  url: text(2048),
  title: text(1024),
  referrer: text(2048),
  websiteId: text(64),
  collectionId: text(64),
  itemId: text(64),
  visitorCookie: text(256),
} as const;

/** POST /api/census/form-render. */
export interface FormRenderHit extends CensusPageFields {
  formId: string;
}

export const formRenderSchema = {
  type: 'object',
  required: ['formId', 'url'],
  additionalProperties: false,
  properties: { formId: text(128), ...censusPageFieldsSchema },
} as const;

/** POST /api/census/overlay: what the visitor did with the popup overlay. */
export interface OverlayHit extends CensusPageFields {
  event: 'view' | 'submit';
}

export const overlaySchema = {
  type: 'object',
  required: ['event', 'url'],
  additionalProperties: false,
  properties: { event: { type: 'string', enum: ['view', 'submit'] }, ...censusPageFieldsSchema },
} as const;
