/**
 * The pages the server makes, in the site's language (site.json `website.language`): their
 * words from server/i18n (and the runtime's catalogue where they share words), the site's own
 * `strings` over both, money and dates written the language's way, Continue Shopping to the
 * site's store page. The search results follow their page's `<html lang>`.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_AREAS, siteLanguage, siteSettingWarnings } from '../src/page-text';
import { htmlLanguage } from '../src/page-words';
import { renderResults } from '../src/site-search';
import { postForm, startLoggedTestServer, startTestServer, visitor, type TestServer } from './helper';

const root = path.resolve(__dirname, '..', '..');
const places = (text: string) => [...new Set(text.match(/\{\w+\}/g))].sort();
const asPage = { accept: 'text/html' };

describe("the server's words", () => {
  const dir = path.join(root, 'server', 'i18n');
  const names = Object.entries(SERVER_AREAS).flatMap(([area, words]) => Object.entries(words).map(([name, english]) => [`${area}.${name}`, english] as const));
  for (const file of readdirSync(dir)) {
    it(`${file}: every name, no other, each with the same places, for a language the runtime ships too`, () => {
      const words = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<string, unknown>;
      expect(Object.keys(words).sort()).toEqual(names.map(([name]) => name).sort());
      for (const [name, english] of names) {
        expect(typeof words[name] === 'string' && (words[name] as string).trim() !== '', name).toBe(true);
        expect(places(words[name] as string), name).toEqual(places(english));
      }
      expect(readdirSync(path.join(root, 'contract', 'i18n'))).toContain(file);
    });
  }

  it('a site language is a language tag Intl knows, else English', () => {
    expect(siteLanguage({ website: { language: 'de-DE' } })).toBe('de-DE');
    expect(siteLanguage({ website: { language: 'pt-br' } })).toBe('pt-BR');
    for (const language of [undefined, '', 'german', 'de_DE', '"><script>', 'de-', 42]) expect(siteLanguage({ website: { language } })).toBe('en');
  });

  it("a theme page's language is its <html lang>, however the tag is written", () => {
    expect(htmlLanguage('<!doctype html><html lang="de-DE"><head>')).toBe('de');
    expect(htmlLanguage("<html class='x' lang='fr'>")).toBe('fr');
    expect(htmlLanguage('<HTML data-theme=dark LANG=pt-BR>')).toBe('pt');
    // A `>` in a value before it, and attributes that only end in "lang", change nothing.
    expect(htmlLanguage('<html data-note="a > b" lang="it">')).toBe('it');
    expect(htmlLanguage('<html data-lang="es" xml:lang="es" lang="de">')).toBe('de');
    expect(htmlLanguage('<html data-lang="es"><body lang="fr">')).toBe('');
    expect(htmlLanguage('<html lang="">')).toBe('');
  });

  it('a setting the pages cannot use is named in the log at start, each on its line; good ones are not', async () => {
    expect(siteSettingWarnings({ website: { language: 'de-DE' }, websiteSettings: { timeZone: 'Europe/Berlin', storeSettings: { continueShoppingLinkUrl: '/laden' } } })).toEqual([]);
    expect(siteSettingWarnings({})).toEqual([]);
    const bad = { website: { language: 'Deutsch' }, websiteSettings: { timeZone: 'Mars/Olympus', storeSettings: { continueShoppingLinkUrl: 'javascript:alert(1)' } } };
    expect(siteSettingWarnings(bad)).toEqual([
      'site.json: website.language "Deutsch" is not a language tag (such as "de-DE"); the server\'s pages are in English',
      'site.json: websiteSettings.storeSettings.continueShoppingLinkUrl "javascript:alert(1)" is not a path on the site (such as "/shop"); Continue Shopping goes to the home page',
      'site.json: websiteSettings.timeZone "Mars/Olympus" is not a time zone (such as "Europe/Berlin"); dates are in UTC',
    ]);
    const siteDir = mkdtempSync(path.join(tmpdir(), 'tessera-bad-'));
    cpSync(path.join(root, 'templates', 'site'), siteDir, { recursive: true });
    const site = JSON.parse(readFileSync(path.join(siteDir, 'site.json'), 'utf8')) as Record<string, Record<string, unknown>>;
    site.website!.language = 'Deutsch';
    writeFileSync(path.join(siteDir, 'site.json'), JSON.stringify(site));
    const { server: started, lines } = await startLoggedTestServer({ siteDir });
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.filter((line) => line.level === 40 && line.msg.startsWith('site.json: website.language'))).toHaveLength(1);
    await started.close();
    rmSync(siteDir, { recursive: true, force: true });
  });

  it('the search results count and say nothing matched in the words given, the query escaped', () => {
    const words = { oneResult: '{n} Ergebnis für „{query}“', results: '{n} Ergebnisse für „{query}“', noResults: 'Nichts.' };
    expect(renderResults('<b>{n}', [], words)).toContain('<h2 id="search-results-title">0 Ergebnisse für „&lt;b&gt;{n}“</h2><p>Nichts.</p>');
    expect(renderResults('glaze', [{ path: '/a', title: 'A', text: 'glaze' }], words)).toContain('1 Ergebnis für „glaze“');
  });

  it("counts results by the language's plural rules: no result takes the singular in French, the plural in English", () => {
    const french = { oneResult: '{n} résultat pour «\u00a0{query}\u00a0»', results: '{n} résultats pour «\u00a0{query}\u00a0»', noResults: 'Rien.' };
    const page = (path: string) => ({ path, title: path, text: 'glaze' });
    expect(renderResults('glaze', [], french, 'fr-FR')).toContain('>0 résultat pour «\u00a0glaze\u00a0»</h2>');
    expect(renderResults('glaze', [page('/a')], french, 'fr')).toContain('>1 résultat pour');
    expect(renderResults('glaze', [page('/a'), page('/b')], french, 'fr')).toContain('>2 résultats pour');
    expect(renderResults('glaze', [], undefined, 'en')).toContain('>0 results for “glaze”</h2>');
    expect(renderResults('glaze', [], undefined, '"><bad')).toContain('>0 results for “glaze”</h2>');
  });
});

describe('a German site', () => {
  let siteDir: string;
  let server: TestServer;
  beforeAll(async () => {
    siteDir = mkdtempSync(path.join(tmpdir(), 'tessera-de-'));
    cpSync(path.join(root, 'examples'), siteDir, { recursive: true });
    const site = JSON.parse(readFileSync(path.join(siteDir, 'site.json'), 'utf8')) as Record<string, Record<string, unknown>>;
    site.website!.language = 'de-DE';
    (site.websiteSettings!.storeSettings as Record<string, unknown>).continueShoppingLinkUrl = '/laden';
    site.websiteSettings!.timeZone = 'Europe/Berlin';
    site.strings = { 'checkout.placeOrder': 'Kostenpflichtig bestellen' } as never;
    site.memberPages = ['/studio'] as never;
    writeFileSync(path.join(siteDir, 'site.json'), JSON.stringify(site));
    const search = readFileSync(path.join(siteDir, 'search.html'), 'utf8');
    writeFileSync(path.join(siteDir, 'suche.html'), search.replace('<html lang="en">', '<html lang="de">'));
    // A search page with words of its own: they win over the site's and the language file's.
    writeFileSync(path.join(siteDir, 'finden.html'), search.replace('<html lang="en">', '<html lang="de">').replace('{"pageType": 102}', '{"pageType": 102, "strings": {"page.noResults": "Leider nichts."}}'));
    server = await startTestServer({ siteDir, member: { email: 'member@test.local', password: 'member-password-1' } });
  });
  afterAll(async () => {
    await server.close();
    rmSync(siteDir, { recursive: true, force: true });
  });

  it('gets its not-found and member access pages in German, with <html lang> saying so', async () => {
    const missing = await server.app.inject({ method: 'GET', url: '/nirgends', headers: asPage });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<html lang="de-DE">');
    expect(missing.body).toContain('<title>Seite nicht gefunden · Tessera demo</title>');
    expect(missing.body).toContain('<a href="/">Zur Startseite</a>');
    const members = await server.app.inject({ method: 'GET', url: '/studio', headers: asPage });
    expect(members.statusCode).toBe(403);
    expect(members.body).toContain('<h1>Nur für Mitglieder</h1>');
    // The sign-in form inside follows the page's language: the runtime's catalogue.
    expect(members.body).toContain('>Anmelden</button>');
    expect(members.body).toContain('<label for="member-password">Passwort</label>');
  });

  it('checks out in German: the runtime catalogue’s cart words, its own strings first, money and date the German way', async () => {
    const client = await visitor(server.app);
    const empty = await client.inject({ method: 'GET', url: '/commerce/goto-checkout' });
    expect(empty.body).toContain('<h1>Kasse</h1>');
    expect(empty.body).toContain('Entweder ist Ihre Sitzung abgelaufen oder Cookies sind deaktiviert.');
    expect(empty.body).toContain('<a href="/laden">Weiter einkaufen</a>');
    await client.inject({ method: 'POST', url: '/api/commerce/cart/entries', payload: { productId: 'tote', sku: 'SQ1000005', quantity: 3 } });
    const form = await client.inject({ method: 'GET', url: '/commerce/goto-checkout' });
    expect(form.body).toContain('<caption>Ihre Bestellung</caption><thead><tr><th scope="col">Artikel</th><th scope="col">Menge</th><th scope="col">Preis</th>');
    expect(form.body).toContain('>Kostenpflichtig bestellen</button>');
    expect(form.body).toContain('66,00');
    const refused = await postForm(server.app, client, '/commerce/goto-checkout', { name: 'Ada', email: 'nope' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('role="alert">Bitte geben Sie Ihren Namen und eine gültige E-Mail-Adresse ein.</p>');
    const placed = await postForm(server.app, client, '/commerce/goto-checkout', { name: 'Ada', email: 'ada@example.com' });
    const confirmed = await server.app.inject({ method: 'GET', url: placed.headers.location as string });
    expect(confirmed.body).toContain('<h1>Bestellung bestätigt</h1>');
    expect(confirmed.body).toContain('Vielen Dank, Ada. Wir haben Ihre Bestellung erhalten.');
    // In the site's time zone (websiteSettings.timeZone), named.
    expect(confirmed.body).toMatch(/<dt>Datum<\/dt><dd>\d{1,2}\. [A-ZÄÖÜ][a-zäöü]+ \d{4} um \d{2}:\d{2} MES?Z<\/dd>/);
    expect(confirmed.body).toContain('66,00');
    expect(confirmed.body).toContain('<a class="continue-shopping" href="/laden">Weiter einkaufen</a>');
  });

  it('a donation page in German, a missing one too', async () => {
    const donate = await server.app.inject({ method: 'GET', url: '/checkout/donate?donatePageId=studio-fund&amount=1250' });
    expect(donate.body).toContain('Sie spenden 12,50');
    expect(donate.body).toContain('>Betrag (USD)</label>');
    expect(donate.body).toContain('>Spenden</button>');
    const missing = await server.app.inject({ method: 'GET', url: '/checkout/donate?donatePageId=nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Diese Spendenseite wurde nicht gefunden.');
  });

  it('shows the review page in German, its form and what it says of a closed request', async () => {
    const closed = await server.app.inject({ method: 'GET', url: '/commerce/reviews?token=no-such-request-0000' });
    expect(closed.body).toContain('<title>Bewerten Sie Ihren Kauf · Tessera demo</title>');
    expect(closed.body).toContain('<h1 tabindex="-1">Etwas ist schiefgelaufen</h1><p><a href="/laden" class="button review-continue">Weiter einkaufen</a></p>');
  });

  it("words a theme's search page by its own language", async () => {
    const page = await server.app.inject({ method: 'GET', url: '/suche?q=zzzqqq' });
    expect(page.body).toContain('0 Ergebnisse für „zzzqqq“');
    expect(page.body).toContain('Keine Seite passt.');
    const own = await server.app.inject({ method: 'GET', url: '/finden?q=zzzqqq' });
    expect(own.body).toContain('0 Ergebnisse für „zzzqqq“</h2><p>Leider nichts.</p>');
  });

  it('words its error pages in German: an address that cannot be routed, a server error with its reference', async () => {
    const bad = await server.app.inject({ method: 'GET', url: '/%E0%A4%A', headers: asPage });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('<html lang="de-DE">');
    expect(bad.body).toContain('<h1>Ungültige Anfrage</h1><p>Diese Adresse ist ungültig. Prüfen Sie den Link oder beginnen Sie auf der Startseite.</p><p><a href="/">Zur Startseite</a></p>');
    const broken = await startTestServer({ siteDir });
    try {
      await broken.app.storage.db.destroy(); // every database call now throws
      const failed = await broken.app.inject({ method: 'GET', url: '/faq', headers: asPage });
      expect(failed.statusCode).toBe(500);
      expect(failed.body).toContain(
        `<h1>Serverfehler</h1><p>Diese Seite konnte wegen eines Fehlers auf dem Server nicht angezeigt werden. Bitte versuchen Sie es später erneut.</p><p>Wenn das wieder geschieht, nennen Sie dem Inhaber der Website diese Referenz: <code>${String(failed.headers['x-request-id'])}</code></p><p><a href="">Erneut versuchen</a> · <a href="/">Zur Startseite</a></p>`,
      );
    } finally {
      await broken.close().catch(() => undefined);
    }
  });
});

describe('a site in French, Spanish, Italian and Portuguese', () => {
  const cases = [
    { language: 'fr-FR', notFound: 'Page introuvable', home: 'Aller à la page d’accueil', members: 'Réservé aux membres', signIn: 'Se connecter', none: '0 résultat pour «\u00a0zzzqqq\u00a0»' },
    { language: 'es-ES', notFound: 'Página no encontrada', home: 'Ir a la página de inicio', members: 'Solo para miembros', signIn: 'Iniciar sesión', none: '0 resultados para «zzzqqq»' },
    { language: 'it-IT', notFound: 'Pagina non trovata', home: 'Vai alla home page', members: 'Solo per i membri', signIn: 'Accedi', none: '0 risultati per «zzzqqq»' },
    { language: 'pt-BR', notFound: 'Página não encontrada', home: 'Ir para a página inicial', members: 'Somente para membros', signIn: 'Entrar', none: '0 resultado para “zzzqqq”' },
  ];
  for (const words of cases) {
    it(`${words.language}: the not-found and member access pages, the sign-in form inside and a theme's search page are in its words`, async () => {
      const siteDir = mkdtempSync(path.join(tmpdir(), 'tessera-lang-'));
      cpSync(path.join(root, 'examples'), siteDir, { recursive: true });
      const site = JSON.parse(readFileSync(path.join(siteDir, 'site.json'), 'utf8')) as Record<string, Record<string, unknown>>;
      site.website!.language = words.language;
      site.memberPages = ['/studio'] as never;
      writeFileSync(path.join(siteDir, 'site.json'), JSON.stringify(site));
      const search = readFileSync(path.join(siteDir, 'search.html'), 'utf8');
      writeFileSync(path.join(siteDir, 'search.html'), search.replace('<html lang="en">', `<html lang="${words.language}">`));
      const started = await startTestServer({ siteDir });
      try {
        const missing = await started.app.inject({ method: 'GET', url: '/nowhere', headers: asPage });
        expect(missing.body).toContain(`<html lang="${words.language}">`);
        expect(missing.body).toContain(`<title>${words.notFound} · Tessera demo</title>`);
        expect(missing.body).toContain(`<a href="/">${words.home}</a>`);
        const members = await started.app.inject({ method: 'GET', url: '/studio', headers: asPage });
        expect(members.body).toContain(`<h1>${words.members}</h1>`);
        expect(members.body).toContain(`>${words.signIn}</button>`);
        const searched = await started.app.inject({ method: 'GET', url: '/search?q=zzzqqq' });
        expect(searched.body).toContain(words.none);
      } finally {
        await started.close();
        rmSync(siteDir, { recursive: true, force: true });
      }
    });
  }
});
