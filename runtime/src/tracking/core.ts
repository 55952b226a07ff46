/**
 * What visitor tracking adds to site.js (census, visitor cookies, the beacon transport),
 * measured on its own by the size budget with the shared platform helpers and consent left out.
 */
export { startTracking } from './index';
export { enqueue, flush, sendNow } from '../net/beacon';
