// How long a password may be: the server's checks, and the fields of the owner app and the server's pages.
/** The fewest characters of a password an account chooses: an owner's (the owner app, a mailed link, OWNER_PASSWORD), a viewer's or a member's (a mailed link, the settings); a generated one is longer. */
export const PASSWORD_MIN = 8;
/** The most characters of a password the server takes, at sign-in too: enough for any passphrase, and a bound on the work of hashing one. */
export const PASSWORD_MAX = 1024;
