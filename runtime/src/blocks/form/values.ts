import {
  ADDRESS_PARTS,
  DATE_PARTS,
  NAME_PARTS,
  PHONE_PARTS,
  TIME_PARTS,
  phoneParts,
  type FieldValue,
  type FormField,
  type FormValues,
} from '../../../../contract/model/forms/types';

/** The DOM names of a field's inputs: `id` for one value, `id.Part` for each part. */
export const partName = (field: FormField, part: string) => `${field.id}.${part}`;

export function partsOf(field: FormField): readonly string[] {
  switch (field.type) {
    case 'name':
      return NAME_PARTS;
    case 'date':
      return DATE_PARTS;
    case 'time':
      return TIME_PARTS;
    case 'address':
      return ADDRESS_PARTS;
    case 'phone':
      return field.showCountryCode ? PHONE_PARTS : PHONE_PARTS.slice(1);
    default:
      return [];
  }
}

/**
 * Reads each field's value in the shape spec part 1 §3 gives: multi-part lists, the phone's
 * blank lead part, the first checked radio, the checked boxes, likert question → answer, a
 * hidden field's same-named URL parameter (as a plain value) else its own value; no sections.
 */
export function collectValues(form: HTMLFormElement, fields: FormField[], search: string): FormValues {
  const values: FormValues = {};
  const data = new FormData(form);
  const one = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  const query = new URLSearchParams(search);
  for (const field of fields) {
    let value: FieldValue | undefined;
    switch (field.type) {
      case 'section':
        continue;
      case 'name':
      case 'date':
      case 'time':
      case 'address':
        value = partsOf(field).map((part) => one(partName(field, part)));
        // AM/PM always has a choice: a time with nothing else filled in is an empty field.
        if (field.type === 'time' && !value.slice(0, 3).join('')) value = ['', '', '', ''];
        break;
      case 'phone':
        value = phoneParts(partsOf(field).map((part) => one(partName(field, part))));
        break;
      case 'radio':
        value = one(field.id);
        break;
      case 'checkbox':
        value = data.getAll(field.id).filter((v): v is string => typeof v === 'string');
        break;
      case 'likert': {
        const answers: Record<string, string> = {};
        (field.questions ?? []).forEach((question, index) => {
          const answer = one(partName(field, String(index)));
          if (answer) answers[question] = answer;
        });
        value = answers;
        break;
      }
      case 'hidden':
        value = (field.key ? query.get(field.key) : null) ?? field.value ?? '';
        break;
      default:
        value = one(field.id);
    }
    values[field.id] = value;
  }
  return values;
}
