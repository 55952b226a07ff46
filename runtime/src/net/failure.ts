import { dispatch } from '../platform/events';
import { reportError } from '../platform/report';
import type { DataError } from './data-error';

/** A form shown inside a dialog: failures with an errors map show on its fields. */
export interface FormErrorTarget {
  showErrors(errors: Record<string, string>): void;
}

export const LOGIN_REQUIRED_EVENT = 'site:login-required';

/** Shows the system error overlay; its chunk (preact) loads only when a failure needs it. */
export function showSystemError(error: DataError): void {
  import('../ui/error-overlay')
    .then((overlay) => overlay.showErrorOverlay(error))
    .catch((loadError: unknown) => reportError(loadError, error.message));
}

function callHandler(error: DataError, handler: (error: DataError) => void): void {
  try {
    handler(error);
  } catch (handlerError) {
    reportError(handlerError, 'Data call failure handler threw');
  }
}

/**
 * Routes a failure as the catalogue says (spec part 1 §8), then returns the error for the
 * caller's promise: loginRequired fires its event after the failure handler;
 * authorizationFail shows the overlay; the rest go to the failure handler, else a dialog
 * form's fields, else the overlay.
 */
export function handleFailure(error: DataError, options: { onFailure?: (e: DataError) => void; dialogForm?: FormErrorTarget }): DataError {
  if (error.kind === 'loginRequired') {
    if (options.onFailure) callHandler(error, options.onFailure);
    dispatch(document, LOGIN_REQUIRED_EVENT, { url: error.url });
    return error;
  }
  if (error.kind === 'authorizationFail') {
    showSystemError(error);
    return error;
  }
  if (options.onFailure) callHandler(error, options.onFailure);
  else if (options.dialogForm && error.errors) options.dialogForm.showErrors(error.errors);
  else showSystemError(error);
  return error;
}
