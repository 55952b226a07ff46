/**
 * The owner's sign-in page (/login): its form posts to the page itself when its script does not
 * run, and both the script and the server word a form without its fields alike. Pure: no imports.
 */
export const SIGN_IN_PAGE_PATH = '/login';
export const SIGN_IN_MISSING_FIELDS = 'Enter your email and password.';
