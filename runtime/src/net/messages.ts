/** The data layer's error catalogue, spec part 1 §8, verbatim. */
export const UNAUTHORIZED = 'Unauthorized request';
export const INTERNAL_SERVER_ERROR = 'Internal server error. Please try again later.';
export const SERVICE_UNAVAILABLE = 'This service is temporarily unavailable. Please try again later.';
/** The spec's 'Unable to connect…' sentence, as its overlay text words it. */
export const UNABLE_TO_CONNECT = 'Unable to connect to the product. Please try again.';
export const SOMETHING_WENT_WRONG = 'Something Went Wrong!';
export const RELOAD_PAGE = 'Reload Page';
export const CLEAR = 'Clear';

export const unparseableJson = (url: string, message: string) =>
  `Internal Error: Unable to parse server response from (${url}) as JSON: ${message}`;

/** 'Unable to connect…' with the optional retry count. */
export const unableToConnect = (retries: number) =>
  retries > 0 ? `${UNABLE_TO_CONNECT} (${retries} ${retries === 1 ? 'retry' : 'retries'})` : UNABLE_TO_CONNECT;

/** The analytics action recorded for every network failure (spec part 1 §7). */
export const NETWORK_ERROR_EVENT = 'system_network_error';
