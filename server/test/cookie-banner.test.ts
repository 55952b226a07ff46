import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { injectContext } from '../src/site-context';
import { loadCatalogues } from '../src/page-words';
import type { BannerVisitor } from '../src/cookie-banner';
import { cookieBannerHtml } from '../../contract/consent/banner-markup';

const SETTINGS = { isCookieBannerEnabled: true, cookieBannerText: '<p>We count visits.</p>', cookieBannerAcceptType: 'OPT_IN_AND_OUT', cookieBannerCtaVariant: 'BUTTON', cookieBannerCtaText: 'Accept cookies', cookieBannerOptOutCtaText: 'No thanks' };
const page = (head = '<link rel="stylesheet" href="/assets/site.css">\n  <script type="module" src="/runtime/site.js"></script>') =>
  `<html><head>\n  <script type="application/json" id="site-context">{}</script>\n  ${head}\n</head>\n<body>\n  <main>Hello</main>\n</body>\n</html>`;
const NOBODY: BannerVisitor = { cookies: {}, gpc: undefined, screenshot: undefined };
const render = (html: string, visitor = NOBODY, cookieSettings: Record<string, unknown> = SETTINGS) =>
  injectContext(html, { site: { cookieSettings }, account: null, env: 'prod' }, visitor);

describe('cookie banner in the page', () => {
  it('is worded in the page\'s language: the context\'s strings, then the catalogue file of its lang, then English', () => {
    const catalogues = loadCatalogues(path.resolve(__dirname, '../..'));
    const german = page().replace('<html>', '<html lang="de-DE">');
    const defaults = { isCookieBannerEnabled: true, cookieBannerAcceptType: 'OPT_IN_AND_OUT', cookieBannerCtaVariant: 'BUTTON' };
    const html = injectContext(german, { site: { cookieSettings: defaults }, account: null, env: 'prod' }, NOBODY, '', catalogues);
    expect(html).toContain('aria-label="Cookie-Hinweis"');
    expect(html).toContain('>Ablehnen</button>');
    expect(html).toContain('>Akzeptieren</button>');
    expect(html).toContain('Mit der Nutzung dieser Website');
    // The page's own words win, and are escaped where they land in an attribute.
    const own = german.replace('id="site-context">{}', 'id="site-context">{"strings": {"banner.label": "Cookies \\"bitte\\"", "banner.accept": "Gern"}}');
    const mine = injectContext(own, { site: { cookieSettings: defaults }, account: null, env: 'prod' }, NOBODY, '', catalogues);
    expect(mine).toContain('aria-label="Cookies &#34;bitte&#34;"');
    expect(mine).toContain('>Gern</button>');
    // The owner's text wins over any language; a language without a file is English.
    expect(injectContext(german, { site: { cookieSettings: SETTINGS }, account: null, env: 'prod' }, NOBODY, '', catalogues)).toContain('>No thanks</button>');
    expect(injectContext(page().replace('<html>', '<html lang="nl">'), { site: { cookieSettings: defaults }, account: null, env: 'prod' }, NOBODY, '', catalogues)).toContain('>Accept</button>');
    // Each shipped language, by the first part of the page's tag.
    const french = injectContext(page().replace('<html>', '<html lang="fr-CA">'), { site: { cookieSettings: defaults }, account: null, env: 'prod' }, NOBODY, '', catalogues);
    expect(french).toContain('aria-label="Bandeau cookies"');
    expect(french).toContain('>Refuser</button>');
    const spanish = injectContext(page().replace('<html>', '<html lang="es-MX">'), { site: { cookieSettings: defaults }, account: null, env: 'prod' }, NOBODY, '', catalogues);
    expect(spanish).toContain('aria-label="Aviso de cookies"');
    expect(spanish).toContain('>Aceptar</button>');
    for (const [tag, label] of [['it-IT', 'Avviso sui cookie'], ['pt-BR', 'Aviso de cookies']]) {
      expect(injectContext(page().replace('<html>', `<html lang="${tag}">`), { site: { cookieSettings: defaults }, account: null, env: 'prod' }, NOBODY, '', catalogues)).toContain(`aria-label="${label}"`);
    }
  });

  it('is rendered last in <body> with the runtime\'s markup, disabled buttons and its stylesheet in <head>', () => {
    const html = render(page());
    expect(html).toContain(
      '<main>Hello</main>\n</body>'.replace('</body>', '<section class="site-cookie-banner site-cookie-banner-bar site-cookie-banner-bottom site-cookie-banner-dark" aria-label="Cookie banner"><p class="site-visually-hidden" aria-live="polite"></p><div class="site-cookie-banner-text"><p>We count visits.</p></div><div class="site-cookie-banner-actions"><button type="button" class="site-cookie-banner-decline" disabled>No thanks</button><button type="button" class="site-cookie-banner-accept site-cookie-cta-button" disabled>Accept cookies</button></div></section>\n</body>'),
    );
    expect(html).toContain('<script type="module" src="/runtime/site.js"></script>\n<link rel="stylesheet" href="/runtime/consent.css">\n</head>');
  });

  it('takes its stylesheet from where the runtime is served, and adds none where the page links runtime.css', () => {
    expect(render(page('<script defer src="https://cdn.example/t/1.2/site.iife.js?v=3"></script>'))).toContain('<link rel="stylesheet" href="https://cdn.example/t/1.2/consent.css">');
    const linked = render(page('<link rel="stylesheet" href="/runtime/runtime.css"><script type="module" src="/runtime/site.js"></script>'));
    // This server's own runtime: its consent.css inline, so that no request holds up the first paint.
    const css = '.site-cookie-banner{position:fixed}';
    const inlined = injectContext(page(), { site: { cookieSettings: SETTINGS }, account: null, env: 'prod' }, NOBODY, css);
    expect(inlined).toContain(`<script type="module" src="/runtime/site.js"></script>\n<style>${css}</style>\n</head>`);
    expect(inlined).not.toContain('consent.css');
    expect(injectContext(page('<script defer src="https://cdn.example/t/site.js"></script>'), { site: { cookieSettings: SETTINGS }, account: null, env: 'prod' }, NOBODY, css)).toContain('<link rel="stylesheet" href="https://cdn.example/t/consent.css">');
    expect(linked).toContain('<section class="site-cookie-banner');
    expect(linked).not.toContain('consent.css');
    // Written as a theme may: single or no quotes, other attributes first, a class with ">" in it.
    expect(render(page(`<script data-x='a>b' src='https://cdn.example/t/site.js' type=module></script>`))).toContain('<link rel="stylesheet" href="https://cdn.example/t/consent.css">');
    expect(render(page('<script defer src=/vendor/site.iife.js></script>'))).toContain('<link rel="stylesheet" href="/vendor/consent.css">');
    const unquoted = render(page("<link rel=stylesheet href='/vendor/runtime.css?v=2'><script src=/vendor/site.iife.js></script>"));
    expect(unquoted).toContain('<section class="site-cookie-banner');
    expect(unquoted).not.toContain('consent.css');
    // A script that only ends like it is not the runtime's.
    expect(render(page('<script src="/js/mysite.js"></script>'))).not.toContain('site-cookie-banner');
  });

  it('is not rendered for a visitor the runtime would not ask', () => {
    for (const visitor of [
      { ...NOBODY, cookies: { ss_cookieAllowed: 'true' } },
      { ...NOBODY, cookies: { ss_cookieAllowed: 'false' } },
      { ...NOBODY, gpc: '1' },
      { ...NOBODY, screenshot: 'true' },
    ]) {
      const html = render(page(), visitor);
      expect(html, JSON.stringify(visitor)).not.toContain('site-cookie-banner');
      expect(html).not.toContain('consent.css');
    }
    // An unknown cookie value is no choice (the runtime reads it the same way).
    expect(render(page(), { ...NOBODY, cookies: { ss_cookieAllowed: 'maybe' } })).toContain('<section class="site-cookie-banner');
  });

  it('is not rendered with the banner off, without the runtime\'s script, or where the theme has one', () => {
    expect(render(page(), NOBODY, { ...SETTINGS, isCookieBannerEnabled: false })).not.toContain('site-cookie-banner');
    expect(render(page('<link rel="stylesheet" href="/assets/site.css">'))).not.toContain('site-cookie-banner');
    const themed = page().replace('<main>', '<section class="site-cookie-banner">Ours</section><main>');
    expect(render(themed).match(/site-cookie-banner/g)).toHaveLength(1);
    for (const own of ["<section class='x site-cookie-banner'>Ours</section>", '<div id=b class=site-cookie-banner>Ours</div>']) {
      expect(render(page().replace('<main>', `${own}<main>`)).match(/site-cookie-banner/g), own).toHaveLength(1);
    }
    // A class that only begins like it, or the words in text, is no banner.
    expect(render(page().replace('<main>', "<p class='site-cookie-banner-note'>class=site-cookie-banner</p><main>"))).toContain('<section class="site-cookie-banner');
  });

  it('escapes the button texts and keeps the owner\'s HTML', () => {
    const html = cookieBannerHtml({ cookieBannerText: '<p><b>Hi</b></p>', cookieBannerCtaVariant: 'ICON', cookieBannerCtaText: 'Say "<ok>" & go' });
    expect(html).toContain('<div class="site-cookie-banner-text"><p><b>Hi</b></p></div>');
    expect(html).toContain('class="site-cookie-banner-accept site-cookie-cta-icon" disabled aria-label="Say &#34;&#60;ok&#62;&#34; &#38; go"><svg aria-hidden="true"');
    expect(cookieBannerHtml({ cookieBannerCtaVariant: 'TEXT', cookieBannerCtaText: '<img src=x onerror=alert(1)>' })).toContain('>&#60;img src=x onerror=alert(1)&#62;</button>');
  });
});
