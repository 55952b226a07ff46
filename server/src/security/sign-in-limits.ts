/**
 * Sign-in limits, shared by owner and member sign-in: failures are counted per account and per
 * client address, in the database, before the password is checked (so that concurrent guesses
 * are counted too). An account's own success forgives its failures; it takes back only its own
 * attempt from the address's count, so another account's success resets nothing.
 */
import type { Storage } from '../storage/open';
import { claimAttempt, forgive, giveBack, type Backoff, type Refusal } from './limits';

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;

/** Per account: five free tries, then a wait from 1 s doubling per failure up to 15 minutes. */
export const ACCOUNT_BACKOFF: Backoff = { free: 5, firstDelayMs: SECOND_MS, maxDelayMs: 15 * MINUTE_MS, forgetAfterMs: 60 * MINUTE_MS };
/** Per address, over every account: twenty failures, then 15 minutes. */
export const ADDRESS_BACKOFF: Backoff = { free: 20, firstDelayMs: 15 * MINUTE_MS, maxDelayMs: 15 * MINUTE_MS, forgetAfterMs: 15 * MINUTE_MS };

/** Owner accounts and site members have separate sign-ins (and may share an email). */
export type SignInScope = 'owner' | 'member';

export type SignInOutcome<T> = { account: T } | { refused: Refusal } | { invalid: true };

/**
 * Runs `verify` (the password check) when neither the account nor the address is waiting out a
 * backoff, and counts its outcome.
 */
export async function limitedSignIn<T>(store: Storage, scope: SignInScope, email: string, address: string, verify: () => Promise<T | null>): Promise<SignInOutcome<T>> {
  const accountKey = `sign-in:${scope}:${email.toLowerCase()}`;
  const addressKey = `sign-in-address:${address}`;
  const refused = await claimAttempt(store, [
    { key: accountKey, policy: ACCOUNT_BACKOFF },
    { key: addressKey, policy: ADDRESS_BACKOFF },
  ]);
  if (refused) return { refused };
  const account = await verify();
  if (!account) return { invalid: true };
  await forgive(store, accountKey);
  await giveBack(store, addressKey, ADDRESS_BACKOFF);
  return { account };
}
