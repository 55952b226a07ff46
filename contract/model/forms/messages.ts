/** Form strings, spec part 1 §4–5 and §8, verbatim. Pure: no DOM, no imports. */
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

/** The form's own status catalogue (spec part 1 §8); it wins over the data layer's texts. */
export const FORM_STATUS_MESSAGES: Record<number, string> = {
  401: UNAUTHORIZED_SUBMIT,
  404: NOT_CONFIGURED,
  429: RATE_LIMITED,
  500: UNABLE_TO_SEND,
};

/** Password fields show this instead of the typed characters' count (spec part 2 §5). */
export const PASSWORD_PLACEHOLDER = '••••••••';

export const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);
