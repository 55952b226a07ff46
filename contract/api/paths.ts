/**
 * Every path of the API that a visitor's page calls (through the runtime) and the server
 * answers, in one place. The server registers its routes with these values (server/test/
 * contract.test.ts checks each is a route); the runtime declares each path it calls as a
 * literal of this type (`const TRACE_PATH: typeof Paths.TRACE_PATH = '/api/events/Trace'`),
 * so that a path changed on one side fails the type check, while each chunk keeps only the
 * paths it calls (a module of them shared by several chunks would land in one, and cost the
 * others its bytes and a request). Pure: no imports.
 */

/** GET: `{crumb}`, for a page on another origin (the runtime's crumb-ready.ts). */
export const CRUMB_PATH = '/api/1/crumb';
export const PERFORMANCE_SETTINGS_PATH = '/api/1/performance/settings';
export const PERFORMANCE_RECORDS_PATH = '/api/1/performance/records';
export const RECORD_HIT_PATH = '/api/census/RecordHit';
/** With the product id as its last segment (`quickView(id)`); the server's route takes `:id`. */
export const QUICK_VIEW_ROUTE_PATH = '/api/census/RecordQuickView/:id';
export const FORM_RENDER_PATH = '/api/census/form-render';
export const OVERLAY_PATH = '/api/census/overlay';
export const BUTTON_RENDER_PATH = '/api/census/button-render';
export const BUTTON_CLICK_PATH = '/api/census/button-click';
export const TRACK_PATH = '/api/track/Track';
export const TRACE_PATH = '/api/events/Trace';
export const RECORD_EVENT_PATH = '/api/events/RecordEvent';
export const JAVASCRIPT_ERRORS_PATH = '/api/events/RecordJavascriptErrors';
export const ANALYTICS_EVENTS_PATH = '/api/v1/events';
export const FORM_KEY_PATH = '/api/form/FormSubmissionKey';
export const SAVE_FORM_PATH = '/api/form/SaveFormSubmission';
export const CAPTCHA_CHALLENGE_PATH = '/api/form/captcha/challenge';
export const PLACES_AUTOCOMPLETE_PATH = '/api/google-maps/places/autocomplete';
export const PLACES_DETAILS_PATH = '/api/google-maps/places/details';
export const WIDGET_RENDERING_PATH = '/api/widget/GetWidgetRendering';
/** With the dataset id as its last segment (`dataset(id)`); the server's route takes `:id`. */
export const DATASET_ROUTE_PATH = '/api/datasets/:id';
export const CART_PATH = '/api/commerce/cart';
export const CART_ENTRIES_PATH = '/api/commerce/cart/entries';
export const SUBSCRIPTIONS_PATH = '/api/commerce/subscriptions';
export const REVIEW_REQUEST_PATH = '/api/commerce/reviews/request';
export const REVIEWS_PATH = '/api/commerce/reviews';
export const MEMBER_SESSION_PATH = '/api/site-users/account/session';
export const LOGIN_PATH = '/api/auth/Login';
export const LOGOUT_PATH = '/api/auth/Logout';

export const quickViewPath = (productId: string): string => QUICK_VIEW_ROUTE_PATH.replace(':id', encodeURIComponent(productId));
export const datasetPath = (datasetId: string): string => DATASET_ROUTE_PATH.replace(':id', encodeURIComponent(datasetId));
