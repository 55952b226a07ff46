/**
 * The captcha's proof of work, loaded when a visitor ticks the box: ALTCHA's own solver and its
 * Web Crypto SHA (altcha-lib), so that the answer is the one the server's altcha-lib checks.
 * Each hash is an awaited `crypto.subtle` digest, so the page stays responsive while it runs,
 * and no worker is started (a page enforcing Trusted Types or a strict `worker-src` allows none).
 */
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import type { Challenge } from 'altcha-lib/types';

/** The payload ALTCHA's verification reads (base64 JSON of the challenge and its solution), or null when aborted. */
export async function solvedPayload(challenge: Challenge, controller: AbortController): Promise<string | null> {
  if (!globalThis.crypto?.subtle) throw new Error('The captcha needs a secure page (https) to compute its answer.');
  const solution = await solveChallenge({ challenge, deriveKey, controller });
  if (!solution) return null;
  return btoa(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }));
}
