import { censusPageFieldsSchema, type CensusPageFields } from './census';

/** POST /api/form/FormSubmissionKey answers this. */
export interface FormSubmissionKeyAnswer {
  key: string;
}

/** POST /api/form/SaveFormSubmission (spec part 1 §3, §7): the wire format, written once. */
export interface SaveFormSubmission extends CensusPageFields {
  key: string;
  formId: string;
  collectionId?: string;
  objectName?: string;
  isOverlayForm: boolean;
  submitButtonText?: string;
  /** JSON string keyed by form field id. */
  form: string;
  /** The solved captcha payload, when the form has a captcha. */
  captchaKey?: string;
}

/** Bodies over this are refused before they are read. */
export const FORM_SUBMISSION_MAX_BYTES = 64 * 1024;

export const saveFormSubmissionSchema = {
  type: 'object',
  required: ['key', 'formId', 'form', 'isOverlayForm', 'url'],
  additionalProperties: false,
  properties: {
    ...censusPageFieldsSchema,
    key: { type: 'string', minLength: 1, maxLength: 128 },
    formId: { type: 'string', minLength: 1, maxLength: 128 },
    collectionId: { type: 'string', maxLength: 64 },
    objectName: { type: 'string', maxLength: 128 },
    isOverlayForm: { type: 'boolean' },
    submitButtonText: { type: 'string', maxLength: 256 },
    form: { type: 'string', maxLength: FORM_SUBMISSION_MAX_BYTES },
    captchaKey: { type: 'string', maxLength: 8192 },
  },
} as const;
