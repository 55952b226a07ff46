/**
 * Form strings, spec part 1 §4–5 and §8, verbatim: the English the server answers with, and the
 * defaults of the runtime's form words (runtime/src/blocks/form/words.ts). Pure: no DOM.
 */
export const SUBMITTING = 'Submitting…';
export const CHARACTER_LIMIT = 'You have exceeded the character limit';
/** The spec's '{email}' is filled with a sample address. */
export const EMAIL_NOT_VALID = 'Email is not valid. Email addresses should follow the format user@domain.com.';
export const FORM_INVALID = 'One or more fields is invalid, please check your entries.';
export const COMPLETE_CAPTCHA = 'Complete CAPTCHA before submitting.';
export const REQUIRED = '{title} is required.';
export const ZIP_NOT_VALID = 'Please enter a valid 5-digit ZIP code.';
export const NOT_AN_OPTION = '{val} is not one of the expected options';

export const UNAUTHORIZED_SUBMIT = 'Unable to submit form. Please try again later.';
export const NOT_CONFIGURED = 'This form has not been configured yet.';
export const RATE_LIMITED = 'Unable to submit form. Submission rate limit exceeded. Please try again later.';
export const UNABLE_TO_SEND = 'Unable to send form. Please try again later.';
export const UNKNOWN_ERROR = 'Unknown error, please try again later.';
export const PROCESSING_ERROR = 'Error processing form submission. Please reload and try again.';
export const NO_SUBMISSION_KEY = 'Could not get a form submission key, please try again later.';
export const UNPARSEABLE_FIELDS = 'Could not parse the form fields, please check your entries.';
export const SCROLL_DOWN = 'Your form has encountered a problem. Please scroll down to review.';
export const SCROLL_UP = 'Your form has encountered a problem. Please scroll up to review.';

/** The messages a field's validation words its errors with (validate.ts); the runtime passes the page's language. */
export interface FieldMessages {
  required: string;
  characterLimit: string;
  emailNotValid: string;
  zipNotValid: string;
  notAnOption: string;
}
export const FIELD_MESSAGES: FieldMessages = {
  required: REQUIRED,
  characterLimit: CHARACTER_LIMIT,
  emailNotValid: EMAIL_NOT_VALID,
  zipNotValid: ZIP_NOT_VALID,
  notAnOption: NOT_AN_OPTION,
};

/**
 * What the server answers a refused submission with: the English text and the catalogue's name
 * for it (`code`), by which the runtime shows it in the page's language (docs/translations.md).
 */
export const SERVER_FORM_MESSAGES = {
  processingError: PROCESSING_ERROR,
  unparseableFields: UNPARSEABLE_FIELDS,
  formInvalid: FORM_INVALID,
  completeCaptcha: COMPLETE_CAPTCHA,
  noSubmissionKey: NO_SUBMISSION_KEY,
};
export const formError = (name: keyof typeof SERVER_FORM_MESSAGES) => ({ error: SERVER_FORM_MESSAGES[name], code: `form.${name}` });

/** Password fields show this instead of the typed characters' count (spec part 2 §5). */
export const PASSWORD_PLACEHOLDER = '••••••••';

export { fill } from '../../text/format';
