// What an error reporter setup uses: init and manual capture.
export { captureException, init } from '@sentry/browser';
