/**
 * What the consent service adds to site.js (measured on its own by the size budget, with the
 * shared platform helpers left out): the state, its cookie and the banner trigger.
 */
export { startConsent } from './service';
export { consentState, embedsAllowed, gateEmbed, setConsent } from '../core/consent';
