// A page-view tracker beside the error reporter: what the census does (page views, with custom events).
export { init, track } from '@plausible-analytics/tracker';
