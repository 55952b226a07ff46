import * as Messages from '../../../../contract/model/forms/messages';
import { DEFAULT_LIKERT_SCALE } from '../../../../contract/model/forms/types';
import { texts } from '../../platform/strings';

/**
 * The form block's words (platform/strings.ts): the spec's messages (contract/model/forms/
 * messages.ts, which the server answers with too), the parts' labels and the default Likert
 * scale. The field messages carry the validator's names (FieldMessages): the words go to it as
 * they are.
 */
export const formWords = texts('form', {
  submit: 'Submit',
  submitting: Messages.SUBMITTING,
  success: 'Thank you!',
  requiredMark: ' (required)',
  selectOption: 'Select an option',
  counter: '{n} / {max}',
  required: Messages.REQUIRED,
  characterLimit: Messages.CHARACTER_LIMIT,
  emailNotValid: Messages.EMAIL_NOT_VALID,
  zipNotValid: Messages.ZIP_NOT_VALID,
  notAnOption: Messages.NOT_AN_OPTION,
  formInvalid: Messages.FORM_INVALID,
  completeCaptcha: Messages.COMPLETE_CAPTCHA,
  scrollDown: Messages.SCROLL_DOWN,
  scrollUp: Messages.SCROLL_UP,
  unauthorized: Messages.UNAUTHORIZED_SUBMIT,
  notConfigured: Messages.NOT_CONFIGURED,
  rateLimited: Messages.RATE_LIMITED,
  unableToSend: Messages.UNABLE_TO_SEND,
  unknownError: Messages.UNKNOWN_ERROR,
  noSubmissionKey: Messages.NO_SUBMISSION_KEY,
  First: 'First Name',
  Last: 'Last Name',
  Month: 'Month',
  Day: 'Day',
  Year: 'Year',
  Hour: 'Hour',
  Minute: 'Minute',
  Second: 'Second',
  Ampm: 'AM/PM',
  AM: 'AM',
  PM: 'PM',
  Line1: 'Address Line 1',
  Line2: 'Address Line 2',
  City: 'City',
  State: 'State/Province',
  Zip: 'ZIP/Postal Code',
  Country: 'Country',
  Areacode: 'Area Code',
  Prefix: 'Prefix',
  Line: 'Line',
  likert1: DEFAULT_LIKERT_SCALE[0]!,
  likert2: DEFAULT_LIKERT_SCALE[1]!,
  likert3: DEFAULT_LIKERT_SCALE[2]!,
  likert4: DEFAULT_LIKERT_SCALE[3]!,
  likert5: DEFAULT_LIKERT_SCALE[4]!,
});
export type FormWords = ReturnType<typeof formWords>;

/** The form's own status catalogue (spec part 1 §8) in the page's language; it wins over the data layer's texts. */
export const statusMessages = (words: FormWords): Record<number, string> => ({
  401: words.unauthorized,
  404: words.notConfigured,
  429: words.rateLimited,
  500: words.unableToSend,
});
