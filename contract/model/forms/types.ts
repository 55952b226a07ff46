/** The form model: field types (spec part 1 §3, part 2 §3) and value shapes. Pure. */
export const FIELD_TYPES = [
  'text', 'textarea', 'email', 'currency', 'number', 'website', 'password', 'twitter',
  'date', 'time', 'name', 'address', 'phone', 'section', 'radio', 'checkbox', 'select', 'likert', 'hidden',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export interface FormField {
  id: string;
  type: FieldType;
  title?: string;
  description?: string;
  required?: boolean;
  /** text and textarea: the character limit; non-numeric or negative means none. */
  maxLength?: number | string;
  placeholder?: string;
  /** radio, checkbox, select, likert: the choices. */
  options?: string[];
  /** likert: the statements answered on the `options` scale. */
  questions?: string[];
  /** phone: ask for the country code too. */
  showCountryCode?: boolean;
  /** hidden: the URL query parameter that supplies the value, and the default value. */
  key?: string;
  value?: string;
}

export interface FormDefinition {
  formId: string;
  collectionId?: string;
  objectName?: string;
  submitButtonText?: string;
  fields: FormField[];
  captcha?: boolean;
  /** Trusted owner HTML shown above the submit button. */
  disclaimer?: string;
  /** Newsletter forms store a subscriber and fire the newsletter-subscribe event. */
  newsletter?: boolean;
  successMessage?: string;
  successHtml?: string;
  successRedirect?: string;
  postSubmitHtml?: string;
}

/** A field's submitted value: one string, a list of parts or choices, or a likert map. */
export type FieldValue = string | string[] | Record<string, string>;
export type FormValues = Record<string, FieldValue>;

/** Parts of the multi-part fields, in their submitted order (spec part 2 §3 summary values). */
export const NAME_PARTS = ['First', 'Last'] as const;
export const DATE_PARTS = ['Month', 'Day', 'Year'] as const;
export const TIME_PARTS = ['Hour', 'Minute', 'Second', 'Ampm'] as const;
export const ADDRESS_PARTS = ['Line1', 'Line2', 'City', 'State', 'Zip', 'Country'] as const;
export const PHONE_PARTS = ['Country', 'Areacode', 'Prefix', 'Line'] as const;

export const DEFAULT_LIKERT_SCALE = ['Strongly Disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly Agree'];

/** A phone without a country part gets a blank lead part (spec part 1 §3). */
export function phoneParts(parts: string[]): string[] {
  return parts.length === 3 ? ['', ...parts] : parts;
}

/** Whether the field carries a value at all (sections do not). */
export const hasValue = (field: FormField) => field.type !== 'section';
