/**
 * The page a newsletter's unsubscribe link opens (page type 300): it asks, and its button takes
 * the address off every list of the site. Opening the link changes nothing, since mail
 * scanners open links too; mail programs' one-click unsubscribe (RFC 8058) posts to the link
 * itself. The link's random token names no address, so none lands in the site's analytics or
 * a theme's scripts. The token is the permission: no crumb, no sign-in.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PageType } from '../../../contract/model/page-types';
import { fill } from '../../../contract/text/format';
import { escapeHtml } from '../html';
import { UNSUBSCRIBE_WORDS } from '../page-text';
import { addressOfUnsubscribeToken, unsubscribeEverywhere } from '../repositories/mailing-lists';
import { sendShellPage } from '../site-page';
import { formValue } from '../form-posts';

export const UNSUBSCRIBE_PAGE_PATH = '/newsletter/unsubscribe';

/** A subscriber's unsubscribe link, a path on the site. */
export const unsubscribePath = (token: string) => `${UNSUBSCRIBE_PAGE_PATH}?token=${encodeURIComponent(token)}`;

export default async function newsletterRoutes(app: FastifyInstance): Promise<void> {
  // RFC 8058 lets a one-click post come as multipart; its body says nothing the link does not.
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string' }, (_request, _body, done) => done(null, {}));
  const tokenOf = (request: FastifyRequest) =>
    formValue((request.body as Record<string, unknown> | undefined)?.token, 64) || formValue((request.query as Record<string, unknown>).token, 64);

  const sendPage = (request: FastifyRequest, reply: FastifyReply, build: (text: typeof UNSUBSCRIBE_WORDS) => { main: string; status?: number }) =>
    sendShellPage(app, request, reply, ({ words }) => {
      const text = words('unsubscribe', UNSUBSCRIBE_WORDS);
      const { main, status } = build(text);
      return { title: text.title, pageType: PageType.NEWSLETTER_UNSUBSCRIBE, main: `<div class="newsletter-unsubscribe">${main}</div>`, status };
    });
  const unknown = (text: typeof UNSUBSCRIBE_WORDS) => ({ main: `<h1>${escapeHtml(text.title)}</h1>\n<p role="status">${escapeHtml(text.unknown)}</p>`, status: 404 });

  app.get(UNSUBSCRIBE_PAGE_PATH, async (request, reply) => {
    const token = tokenOf(request);
    const email = await addressOfUnsubscribeToken(app.storage, token);
    return sendPage(request, reply, (text) =>
      email === null
        ? unknown(text)
        : {
            main: `<h1>${escapeHtml(text.title)}</h1>
<form class="unsubscribe-form" method="post" action="${UNSUBSCRIBE_PAGE_PATH}">
  <p>${escapeHtml(fill(text.question, { email }))}</p>
  <input type="hidden" name="token" value="${escapeHtml(token)}">
  <button type="submit">${escapeHtml(text.unsubscribe)}</button>
</form>`,
          },
    );
  });

  // The page's button (form-encoded `token`) and mail programs' one-click post (the token in the link's query).
  app.post(UNSUBSCRIBE_PAGE_PATH, async (request, reply) => {
    const email = await addressOfUnsubscribeToken(app.storage, tokenOf(request));
    if (email !== null) await unsubscribeEverywhere(app.storage, email);
    return sendPage(request, reply, (text) => (email === null ? unknown(text) : { main: `<h1>${escapeHtml(text.title)}</h1>\n<p role="status">${escapeHtml(fill(text.done, { email }))}</p>` }));
  });
}
