/**
 * The captcha's proof-of-work challenge (ALTCHA), shared by the server that signs it and the
 * runtime that solves it: how long a challenge stays good. The runtime counts it from the
 * moment it has the challenge, not from the visitor's clock, which may be off by hours.
 */
export const CAPTCHA_LIFETIME_S = 10 * 60;
