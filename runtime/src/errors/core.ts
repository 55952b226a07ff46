/** What error reporting adds to site.js, measured on its own by the size budget. */
export { startErrorReporting } from './reporter';
