import type { FastifyInstance } from 'fastify';
import type { TrustProxy } from '../config';

export const UNTRUSTED_PROXY_HINT =
  'Requests carry X-Forwarded-For or X-Forwarded-Proto, but TRUST_PROXY is off: if a proxy is in front, every visitor counts as the proxy (sign-in and form limits are shared by all, cookies are not Secure). Set TRUST_PROXY to its address (docs/deployment.md, "Behind a proxy").';

/**
 * A proxy in front and TRUST_PROXY forgotten is the usual first deployment, and it only shows
 * when everyone waits after one visitor's failed sign-ins. The first request that carries a
 * proxy's headers while none is trusted says so in the log, once per process.
 */
export function registerUntrustedProxyHint(app: FastifyInstance, trust: TrustProxy): void {
  if (trust !== false && trust !== 0) return;
  let told = false;
  app.addHook('onRequest', (request, _reply, done) => {
    if (!told && (request.headers['x-forwarded-for'] !== undefined || request.headers['x-forwarded-proto'] !== undefined)) {
      told = true;
      request.log.warn(UNTRUSTED_PROXY_HINT);
    }
    done();
  });
}
