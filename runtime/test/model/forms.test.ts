import { describe, expect, it } from 'vitest';
import { formDefinition } from '../../../contract/model/forms/definition';
import { phoneParts, type FormField } from '../../../contract/model/forms/types';
import { hasValueShape, maxLengthOf, validateField, validateForm } from '../../../contract/model/forms/validate';

const field = (type: FormField['type'], extra: Partial<FormField> = {}): FormField => ({ id: 'f', type, title: 'Field', ...extra });

describe('validation messages (spec part 1 §5, verbatim)', () => {
  it('max length: over the bound fails, empty optional passes', () => {
    expect(validateField(field('text', { maxLength: 3 }), 'abcd')).toBe('You have exceeded the character limit');
    expect(validateField(field('textarea', { maxLength: '3' }), 'abc')).toBeNull();
    expect(validateField(field('text', { maxLength: 3 }), '')).toBeNull();
  });

  it('a time with only its AM/PM part (a client that sends the select as it stands) is empty', () => {
    expect(validateField(field('time', { required: true }), ['', '', '', 'AM'])).toBe('Field is required.');
    expect(validateField(field('time'), ['', ' ', '', 'PM'])).toBeNull();
    expect(validateField(field('time', { required: true }), ['9', '30', '', 'AM'])).toBeNull();
  });

  it('a non-numeric or negative bound means no limit', () => {
    expect(maxLengthOf(field('textarea', { maxLength: 'lots' }))).toBeNull();
    expect(maxLengthOf(field('textarea', { maxLength: -1 }))).toBeNull();
    expect(maxLengthOf(field('textarea', { maxLength: '' }))).toBeNull();
    expect(maxLengthOf(field('textarea', { maxLength: 0 }))).toBe(0);
    expect(validateField(field('textarea', { maxLength: -1 }), 'x'.repeat(10_000))).toBeNull();
  });

  it('email: empty only when optional, the pattern, length 3 to 256', () => {
    const message = 'Email is not valid. Email addresses should follow the format user@domain.com.';
    expect(validateField(field('email'), '')).toBeNull();
    expect(validateField(field('email', { required: true }), '  ')).toBe('Field is required.');
    expect(validateField(field('email'), 'a@b.co')).toBeNull();
    for (const bad of ['plain', 'a@b', 'a b@c.de', '@b.co', 'a@b.c']) expect(validateField(field('email'), bad), bad).toBe(message);
    expect(validateField(field('email'), `${'a'.repeat(251)}@b.com`)).toBe(message); // 257
    expect(validateField(field('email'), `${'a'.repeat(250)}@b.com`)).toBeNull(); // 256
    expect(validateField(field('email'), `${'a'.repeat(249)}@b.com`)).toBeNull(); // 255
  });

  it('required applies to every kind of value', () => {
    expect(validateField(field('name', { required: true }), ['', ''])).toBe('Field is required.');
    expect(validateField(field('checkbox', { required: true, options: ['a'] }), [])).toBe('Field is required.');
    expect(validateField(field('likert', { required: true, questions: ['q'] }), {})).toBe('Field is required.');
  });

  it('sections and hidden fields are not validated', () => {
    expect(validateField(field('section', { required: true }), undefined)).toBeNull();
    expect(validateField(field('hidden', { required: true }), '')).toBeNull();
  });

  it('choices must be among the options', () => {
    const options = ['A', 'B'];
    expect(validateField(field('select', { options }), 'C')).toBe('C is not one of the expected options');
    expect(validateField(field('radio', { options }), 'A')).toBeNull();
    expect(validateField(field('checkbox', { options }), ['A', 'Z'])).toBe('Z is not one of the expected options');
    expect(validateField(field('likert', { questions: ['Q'] }), { Q: 'Agree' })).toBeNull();
    expect(validateField(field('likert', { questions: ['Q'] }), { Q: 'Meh' })).toBe('Meh is not one of the expected options');
    expect(validateField(field('likert', { questions: ['Q'] }), { R: 'Agree' })).toBe('R is not one of the expected options');
  });

  it('US addresses need a 5-digit zip', () => {
    const address = (zip: string, country: string) => ['1 Main', '', 'Town', 'ST', zip, country];
    expect(validateField(field('address'), address('1234', 'United States'))).toBe('Please enter a valid 5-digit ZIP code.');
    expect(validateField(field('address'), address('12345', 'USA'))).toBeNull();
    expect(validateField(field('address'), address('SW1A 1AA', 'United Kingdom'))).toBeNull();
  });

  it('validateForm answers the errors keyed by field id', () => {
    const fields = [field('email', { id: 'e', required: true }), field('text', { id: 't', maxLength: 1 })];
    expect(validateForm(fields, { e: '', t: 'ab' })).toEqual({ e: 'Field is required.', t: 'You have exceeded the character limit' });
    expect(validateForm(fields, { e: 'a@b.co', t: 'a' })).toEqual({});
  });
});

describe('value shapes (spec part 1 §3)', () => {
  it('phone: a blank lead part is added when only three parts', () => {
    expect(phoneParts(['555', '123', '4567'])).toEqual(['', '555', '123', '4567']);
    expect(phoneParts(['1', '555', '123', '4567'])).toEqual(['1', '555', '123', '4567']);
  });

  it('hasValueShape refuses values of the wrong shape', () => {
    expect(hasValueShape(field('text'), 'x')).toBe(true);
    expect(hasValueShape(field('text'), ['x'])).toBe(false);
    expect(hasValueShape(field('name'), ['a', 'b'])).toBe(true);
    expect(hasValueShape(field('name'), 'a b')).toBe(false);
    expect(hasValueShape(field('checkbox'), ['a', 1])).toBe(false);
    expect(hasValueShape(field('likert'), { q: 'a' })).toBe(true);
    expect(hasValueShape(field('likert'), ['a'])).toBe(false);
  });
});

describe('formDefinition', () => {
  it('needs a formId and drops fields without an id or a known type', () => {
    expect(() => formDefinition({}, 'form')).toThrow('A form block needs a "formId"');
    const warn = console.warn;
    console.warn = () => undefined;
    const definition = formDefinition({ formId: 'f', fields: [{ id: 'a', type: 'text' }, { id: 'a', type: 'email' }, { type: 'text' }, { id: 'b', type: 'bogus' }, { id: '<x>', type: 'text' }] }, 'newsletter');
    console.warn = warn;
    expect(definition.fields.map((f) => f.id)).toEqual(['a']);
    expect(definition.newsletter).toBe(true);
  });
});
