import { FIELD_TYPES, type FieldType, type FormDefinition, type FormField } from './types';

const isString = (value: unknown): value is string => typeof value === 'string';
const strings = (value: unknown): string[] | undefined => (Array.isArray(value) ? value.filter(isString) : undefined);
const FIELD_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** One field from block JSON; a field without a usable id or type is dropped with a warning. */
function fieldFrom(raw: unknown, index: number): FormField | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const source = raw as Record<string, unknown>;
  const type = source.type as FieldType;
  const id = source.id;
  if (!isString(id) || !FIELD_ID.test(id) || !FIELD_TYPES.includes(type)) {
    console.warn(`Form field ${index} skipped: it needs an id and a known type.`, raw);
    return null;
  }
  return {
    id,
    type,
    title: isString(source.title) ? source.title : undefined,
    description: isString(source.description) ? source.description : undefined,
    required: source.required === true,
    maxLength: typeof source.maxLength === 'number' || isString(source.maxLength) ? source.maxLength : undefined,
    placeholder: isString(source.placeholder) ? source.placeholder : undefined,
    options: strings(source.options),
    questions: strings(source.questions),
    showCountryCode: source.showCountryCode === true,
    key: isString(source.key) ? source.key : undefined,
    value: isString(source.value) ? source.value : undefined,
  };
}

/** Reads a form or newsletter block's JSON (CONTRACT §3) into a form definition. */
export function formDefinition(config: Record<string, unknown>, blockType: string): FormDefinition {
  const text = (key: string) => (isString(config[key]) ? (config[key] as string) : undefined);
  const formId = text('formId');
  if (!formId) throw new TypeError('A form block needs a "formId" in its data-block-json.');
  const seen = new Set<string>();
  const fields = (Array.isArray(config.fields) ? config.fields : [])
    .map(fieldFrom)
    .filter((field): field is FormField => {
      if (!field || seen.has(field.id)) return false;
      seen.add(field.id);
      return true;
    });
  return {
    formId,
    collectionId: text('collectionId'),
    objectName: text('objectName'),
    submitButtonText: text('submitButtonText'),
    fields,
    captcha: config.captcha === true,
    disclaimer: text('disclaimer'),
    newsletter: blockType === 'newsletter' || config.newsletter === true,
    successMessage: text('successMessage'),
    successHtml: text('successHtml'),
    successRedirect: text('successRedirect'),
    postSubmitHtml: text('postSubmitHtml'),
  };
}
