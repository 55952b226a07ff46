import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Crumbs are double-submit tokens signed with the server's secret: the cookie and the `crumb`
 * parameter must match, and the signature proves the server issued it.
 */
export function createCrumbs(secret: string) {
  const sign = (nonce: string) => createHmac('sha256', secret).update(nonce).digest('base64url').slice(0, 22);
  const crumbOf = (nonce: string) => `${nonce}.${sign(nonce)}`;
  const issue = (): string => crumbOf(randomBytes(12).toString('base64url'));
  return {
    issue,
    /**
     * The crumb for a visitor whose cookie holds `stale` (not one of ours): the same for every
     * request that carries it. Calls made at once with a stale cookie are each refused; were
     * each given a crumb of its own, their cookies would overwrite one another and the retry
     * of one would carry a crumb the cookie no longer holds.
     */
    renew(stale: unknown): string {
      if (typeof stale !== 'string' || !stale) return issue();
      return crumbOf(createHmac('sha256', secret).update(`renew:${stale}`).digest('base64url').slice(0, 16));
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
