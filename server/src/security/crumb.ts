import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Crumbs are double-submit tokens signed with the server's secret: the cookie and the `crumb`
 * parameter must match, and the signature proves the server issued it.
 */
export function createCrumbs(secret: string) {
  const sign = (nonce: string) => createHmac('sha256', secret).update(nonce).digest('base64url').slice(0, 22);
  return {
    issue(): string {
      const nonce = randomBytes(12).toString('base64url');
      return `${nonce}.${sign(nonce)}`;
    },
    valid(crumb: unknown): crumb is string {
      if (typeof crumb !== 'string' || crumb.length > 100) return false;
      const [nonce, signature] = crumb.split('.');
      if (!nonce || !signature) return false;
      const expected = Buffer.from(sign(nonce));
      const actual = Buffer.from(signature);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}

export type Crumbs = ReturnType<typeof createCrumbs>;
