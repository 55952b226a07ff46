import { FIELD_MESSAGES, fill, type FieldMessages } from './messages';
import { ADDRESS_PARTS, DEFAULT_LIKERT_SCALE, type FieldValue, type FormField, type FormValues } from './types';

/**
 * Field validation shared by the runtime and the server, so both say the same thing.
 * Pure: no DOM, no imports beyond the form model.
 */
export const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;
export const EMAIL_MIN_LENGTH = 3;
export const EMAIL_MAX_LENGTH = 256;
export const US_ZIP = /^\d{5}$/;
const US_NAMES = new Set(['us', 'usa', 'united states', 'united states of america']);

/** The character limit of a text or textarea field, or null when there is none. */
export function maxLengthOf(field: FormField): number | null {
  const bound = typeof field.maxLength === 'string' ? Number(field.maxLength.trim() || NaN) : field.maxLength;
  return typeof bound === 'number' && Number.isFinite(bound) && bound >= 0 ? Math.floor(bound) : null;
}

const isBlank = (value: FieldValue | undefined): boolean => {
  if (value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.every((part) => part.trim() === '');
  return Object.keys(value).length === 0;
};

function textOf(value: FieldValue | undefined): string {
  return typeof value === 'string' ? value : '';
}

function optionsError(field: FormField, chosen: string[], messages: FieldMessages): string | null {
  const options = field.type === 'likert' ? (field.options?.length ? field.options : DEFAULT_LIKERT_SCALE) : field.options ?? [];
  const wrong = chosen.find((value) => !options.includes(value));
  return wrong === undefined ? null : fill(messages.notAnOption, { val: wrong });
}

/** Validates one field's value; answers the message to show, or null when it is fine. */
export function validateField(field: FormField, value: FieldValue | undefined, messages: FieldMessages = FIELD_MESSAGES): string | null {
  if (field.type === 'section' || field.type === 'hidden') return null;
  // A time's AM/PM part always has a value: with hour, minute and second empty it is empty.
  const blank = field.type === 'time' && Array.isArray(value) ? isBlank(value.slice(0, 3)) : isBlank(value);
  if (blank) return field.required ? fill(messages.required, { title: field.title || field.id }) : null;

  switch (field.type) {
    case 'text':
    case 'textarea': {
      const bound = maxLengthOf(field);
      return bound !== null && textOf(value).length > bound ? messages.characterLimit : null;
    }
    case 'email': {
      const text = textOf(value).trim();
      const ok = text.length >= EMAIL_MIN_LENGTH && text.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(text);
      return ok ? null : messages.emailNotValid;
    }
    case 'radio':
    case 'select':
      return optionsError(field, [textOf(value)], messages);
    case 'checkbox':
      return optionsError(field, Array.isArray(value) ? value : [textOf(value)], messages);
    case 'likert': {
      if (typeof value !== 'object' || Array.isArray(value)) return optionsError(field, [String(value)], messages);
      const questions = field.questions ?? [];
      const unknown = Object.keys(value).find((question) => !questions.includes(question));
      if (unknown !== undefined) return fill(messages.notAnOption, { val: unknown });
      return optionsError(field, Object.values(value), messages);
    }
    case 'address': {
      if (!Array.isArray(value)) return null;
      const country = (value[ADDRESS_PARTS.indexOf('Country')] ?? '').trim().toLowerCase();
      const zip = (value[ADDRESS_PARTS.indexOf('Zip')] ?? '').trim();
      return US_NAMES.has(country) && !US_ZIP.test(zip) ? messages.zipNotValid : null;
    }
    default:
      return null;
  }
}

/** Validates every field; answers the errors keyed by field id (empty when all is well). */
export function validateForm(fields: FormField[], values: FormValues, messages: FieldMessages = FIELD_MESSAGES): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const message = validateField(field, values[field.id], messages);
    if (message) errors[field.id] = message;
  }
  return errors;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const MULTI_PART = new Set(['name', 'date', 'time', 'address', 'phone']);

/** Whether a submitted value has the shape its field type sends (spec part 1 §3). */
export function hasValueShape(field: FormField, value: unknown): boolean {
  if (value === undefined) return true;
  if (MULTI_PART.has(field.type) || field.type === 'checkbox') return Array.isArray(value) && value.every(isString);
  if (field.type === 'likert') {
    return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every(isString);
  }
  return isString(value);
}
