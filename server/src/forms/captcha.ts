import { randomBytes } from 'node:crypto';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { create, randomInt } from 'altcha-lib/frameworks/fastify';
import type { Payload } from 'altcha-lib/types';
import { CAPTCHA_LIFETIME_S } from '../../../contract/model/forms/captcha';
import { recordOnce } from '../security/limits';
import type { Storage } from '../storage/open';

export interface CaptchaDifficulty {
  min: number;
  max: number;
}

/**
 * ALTCHA on the server: signed proof-of-work challenges and their verification. The SHA-256
 * work is small (a few thousand hashes) so that a phone solves it in well under a second. A
 * solved challenge is accepted once on every instance together: its id is recorded in the
 * database (limit_counters) until the challenge expires, where altcha-lib's own store is one
 * instance's memory. A database that fails here fails the request as an outage, not as a
 * captcha the visitor must solve again.
 */
export function createCaptcha(storage: Storage, secret: string, difficulty: CaptchaDifficulty = { min: 5_000, max: 10_000 }) {
  const keySecret = `${secret}:keys`;
  const altcha = create({
    deriveKey,
    hmacSignatureSecret: secret,
    hmacKeySignatureSecret: keySecret,
    createChallengeParameters: () => ({
      algorithm: 'SHA-256',
      cost: 1,
      counter: randomInt(difficulty.min, difficulty.max),
      expiresAt: Math.floor(Date.now() / 1000) + CAPTCHA_LIFETIME_S,
    }),
  });
  return {
    challengeHandler: altcha.challengeHandler,
    /** True only for a valid, unexpired solution signed by this server, the first time it is shown to any instance. */
    async verify(payload: string | undefined): Promise<boolean> {
      if (!payload) return false;
      const result = await altcha.verify(payload, deriveKey, secret, keySecret);
      if (result.error || result.verification?.verified !== true) return false;
      const { parameters } = (result.payload as Payload).challenge;
      const id = String(parameters.data?.challengeId ?? parameters.nonce);
      return recordOnce(storage, `captcha-answer:${id}`, (parameters.expiresAt ?? Math.floor(Date.now() / 1000) + CAPTCHA_LIFETIME_S) * 1000);
    },
  };
}

export type Captcha = ReturnType<typeof createCaptcha>;
export const newCaptchaSecret = () => randomBytes(32).toString('base64url');
