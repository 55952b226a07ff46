/**
 * The cookie banner's buttons as a plain form post (contract/consent/banner-markup.ts), for a
 * page whose runtime never arrived (a failed or blocked script) under a banner the server
 * rendered: the choice goes into the consent cookie as the runtime writes it (spec part 1 §9:
 * `true` or `false`, 30 days, path /, readable by the runtime), and the visitor comes back to
 * the page, which no longer shows the banner. A post without the visitor's crumb (a form on
 * another site) changes nothing and comes back the same way.
 */
import type { FastifyInstance } from 'fastify';
import { CONSENT_FORM_PATH } from '../../../contract/consent/banner-markup';
import { CONSENT_COOKIE, CONSENT_LIFETIME_MS } from '../../../contract/names';
import { formCrumbValid, formNextPath, formValue } from '../form-posts';

export default async function consentFormRoutes(app: FastifyInstance): Promise<void> {
  app.post(CONSENT_FORM_PATH, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const next = formNextPath(body);
    const accept = formValue(body.accept, 5);
    if ((accept === 'true' || accept === 'false') && formCrumbValid(app, request)) {
      void reply.setCookie(CONSENT_COOKIE, accept, { path: '/', sameSite: 'lax', httpOnly: false, secure: 'auto', maxAge: CONSENT_LIFETIME_MS / 1000 });
    }
    return reply.header('Cache-Control', 'no-store').redirect(next, 303);
  });
}
