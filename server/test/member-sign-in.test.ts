import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_WORDS, memberSignInHtml } from '../../contract/members/sign-in-markup';
import { PageType } from '../../contract/model/page-types';
import { loadCatalogues } from '../src/page-words';
import { injectContext } from '../src/site-context';
import { startTestServer, type TestServer, visitor } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const accessPage = (lang: string, context = `{"pageType": ${PageType.MEMBER_AREA_ACCESS_DENIED}}`) =>
  `<html lang="${lang}"><head><script type="application/json" id="site-context">${context}</script></head><body><div id="sqs-member-access-page-root"><noscript><p>Signing in needs JavaScript.</p></noscript></div></body></html>`;

describe('member sign-in form on the member access page', () => {
  it('is in the page the server sends a visitor, its button disabled until the runtime makes it work', async () => {
    const client = await visitor(server.app);
    const page = await client.inject({ method: 'GET', url: '/members' });
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain(`<div id="sqs-member-access-page-root">${memberSignInHtml(MEMBER_WORDS)}<noscript>`);
    expect(page.body).toContain('<button type="submit" disabled>Sign in</button>');
  });

  it("is worded in the page's language, the context's strings first; other pages get none", () => {
    const catalogues = loadCatalogues(path.resolve(__dirname, '../..'));
    const render = (html: string) => injectContext(html, { site: {}, account: null, env: 'prod' }, undefined, '', catalogues);
    const german = render(accessPage('de'));
    expect(german).toContain('<form class="member-sign-in" aria-label="Mitglieder-Anmeldung">');
    expect(german).toContain('<label for="member-password">Passwort</label>');
    expect(german).toContain('>Anmelden</button>');
    const own = render(accessPage('de', `{"pageType": ${PageType.MEMBER_AREA_ACCESS_DENIED}, "strings": {"member.signIn": "Rein <da>"}}`));
    expect(own).toContain('>Rein &#60;da&#62;</button>');
    expect(render(accessPage('en', '{"pageType": 1}'))).not.toContain('<form');
    // Rendered once, however often the page passes through.
    expect(render(render(accessPage('en'))).match(/<form /g)).toHaveLength(1);
  });
});
