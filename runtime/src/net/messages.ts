import { fill, texts } from '../platform/strings';

/** The data layer's error catalogue, spec part 1 §8, verbatim: the English defaults of `dataWords`. */
export const UNAUTHORIZED = 'Unauthorized request';
export const INTERNAL_SERVER_ERROR = 'Internal server error. Please try again later.';
export const SERVICE_UNAVAILABLE = 'This service is temporarily unavailable. Please try again later.';
/** The spec's 'Unable to connect…' sentence, as its overlay text words it. */
export const UNABLE_TO_CONNECT = 'Unable to connect to the product. Please try again.';
export const SOMETHING_WENT_WRONG = 'Something Went Wrong!';
export const RELOAD_PAGE = 'Reload Page';
export const CLEAR = 'Clear';

/** The data layer's and its error overlay's words (platform/strings.ts). */
export const dataWords = texts('data', {
  unauthorized: UNAUTHORIZED,
  internalError: INTERNAL_SERVER_ERROR,
  unavailable: SERVICE_UNAVAILABLE,
  unableToConnect: UNABLE_TO_CONNECT,
  retry: '{n} retry',
  retries: '{n} retries',
  unparseable: 'Internal Error: Unable to parse server response from ({url}) as JSON: {message}',
  title: SOMETHING_WENT_WRONG,
  reload: RELOAD_PAGE,
  clear: CLEAR,
  url: 'URL: {url}',
  format: 'Format: JSON',
  error: 'Error: {message}',
  errorKey: 'Error key: {key}',
});

export const unparseableJson = (url: string, message: string) => fill(dataWords().unparseable, { url, message });

/** 'Unable to connect…' with the optional retry count. */
export function unableToConnect(retries: number): string {
  const words = dataWords();
  return retries > 0 ? `${words.unableToConnect} (${fill(retries === 1 ? words.retry : words.retries, { n: retries })})` : words.unableToConnect;
}

/** The analytics action recorded for every network failure (spec part 1 §7). */
export const NETWORK_ERROR_EVENT = 'system_network_error';
