import { censusPageFields } from '../../context/census-fields';
import type { PageContext } from '../../../../contract/context/types';
import type { CensusPageFields, FormRenderHit } from '../../../../contract/model/api/census';
import { sendCensus } from '../../net/census';
import type { FormSubmissionKeyAnswer, SaveFormSubmission } from '../../../../contract/model/api/form-submission';
import type { FormDefinition, FormValues } from '../../../../contract/model/forms/types';
import type { DataError } from '../../net/data-error';
import { request } from '../../net/request';
import { word } from '../../platform/strings';
import { formWords, statusMessages } from './words';
import type * as Paths from '../../../../contract/api/paths';
const FORM_KEY_PATH: typeof Paths.FORM_KEY_PATH = '/api/form/FormSubmissionKey';
const FORM_RENDER_PATH: typeof Paths.FORM_RENDER_PATH = '/api/census/form-render';
const SAVE_FORM_PATH: typeof Paths.SAVE_FORM_PATH = '/api/form/SaveFormSubmission';

export type SubmitOutcome =
  | { ok: true }
  | { ok: false; message: string; errors?: Record<string, string>; captchaFailed?: boolean };

const ignore = () => undefined;

/** A submission the network holds longer than this is given up (the visitor can send it again). */
export const SUBMIT_TIMEOUT_MS = 30_000;

/** The form's own catalogue wins over the data layer's generic texts (spec part 1 §8). */
export function failureOf(error: DataError): SubmitOutcome {
  const body = error.body;
  const words = formWords();
  const ownMessage = statusMessages(words)[error.status];
  let message: string;
  if (ownMessage) message = ownMessage;
  // The server speaks English; its `code` names the message in the page's words.
  else if (typeof body?.error === 'string' && body.error) message = word(String(body.code)) ?? body.error;
  else if (error.kind === 'network') message = error.message;
  else message = words.unknownError;
  return { ok: false, message, errors: error.errors ?? undefined, captchaFailed: body?.captchaFailed === true };
}

/**
 * Submits once: a fresh single-use key, then the save call. Neither call retries on its own
 * (POSTs never do), except the data layer's one crumbFail retry.
 */
export async function submitForm(
  definition: FormDefinition,
  values: FormValues,
  page: Readonly<PageContext>,
  options: { captchaKey?: string; isOverlayForm: boolean },
): Promise<SubmitOutcome> {
  let key: string;
  const words = formWords();
  try {
    const answer = await request<FormSubmissionKeyAnswer>(FORM_KEY_PATH, { method: 'POST', onFailure: ignore, timeoutMs: SUBMIT_TIMEOUT_MS });
    if (typeof answer?.key !== 'string' || !answer.key) return { ok: false, message: words.noSubmissionKey };
    key = answer.key;
  } catch {
    return { ok: false, message: words.noSubmissionKey };
  }
  const payload: SaveFormSubmission = {
    ...censusPageFields(page),
    key,
    formId: definition.formId,
    isOverlayForm: options.isOverlayForm,
    form: JSON.stringify(values),
  };
  if (definition.collectionId) payload.collectionId = definition.collectionId;
  if (definition.objectName) payload.objectName = definition.objectName;
  if (definition.submitButtonText) payload.submitButtonText = definition.submitButtonText;
  if (options.captchaKey) payload.captchaKey = options.captchaKey;
  try {
    await request(SAVE_FORM_PATH, {
      method: 'POST',
      data: payload as unknown as Record<string, unknown>,
      statusMessages: statusMessages(words),
      onFailure: ignore,
      timeoutMs: SUBMIT_TIMEOUT_MS,
    });
    return { ok: true };
  } catch (error) {
    return failureOf(error as DataError);
  }
}

/** Census form-render hit when a form renders (spec part 1 §7). */
export function recordFormRender(definition: FormDefinition, page: Readonly<PageContext>): void {
  sendCensus(page, FORM_RENDER_PATH, { formId: definition.formId } satisfies Omit<FormRenderHit, keyof CensusPageFields>);
}
