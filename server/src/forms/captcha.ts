import { randomBytes } from 'node:crypto';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { CappedMap, create, randomInt } from 'altcha-lib/frameworks/fastify';
import { CAPTCHA_LIFETIME_S } from '../../../contract/model/forms/captcha';

export interface CaptchaDifficulty {
  min: number;
  max: number;
}

/**
 * ALTCHA on the server: signed proof-of-work challenges and their verification. The SHA-256
 * work is small (a few thousand hashes) so that a phone solves it in well under a second.
 */
export function createCaptcha(secret: string, difficulty: CaptchaDifficulty = { min: 5_000, max: 10_000 }) {
  const keySecret = `${secret}:keys`;
  const store = new CappedMap({ maxSize: 50_000 });
  const altcha = create({
    deriveKey,
    hmacSignatureSecret: secret,
    hmacKeySignatureSecret: keySecret,
    store,
    createChallengeParameters: () => ({
      algorithm: 'SHA-256',
      cost: 1,
      counter: randomInt(difficulty.min, difficulty.max),
      // A challenge expires after CAPTCHA_LIFETIME_S; a solved one is accepted once.
      expiresAt: Math.floor(Date.now() / 1000) + CAPTCHA_LIFETIME_S,
    }),
  });
  return {
    challengeHandler: altcha.challengeHandler,
    /** True only for a valid, unexpired, not yet used solution signed by this server. */
    async verify(payload: string | undefined): Promise<boolean> {
      if (!payload) return false;
      const result = await altcha.verify(payload, deriveKey, secret, keySecret, store);
      return !result.error && result.verification?.verified === true;
    },
  };
}

export type Captcha = ReturnType<typeof createCaptcha>;
export const newCaptchaSecret = () => randomBytes(32).toString('base64url');
