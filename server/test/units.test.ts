import { describe, expect, it } from 'vitest';
import { createCrumbs } from '../src/security/crumb';
import { TEST_PASSWORD_HASH_COST } from './setup';
import { hashPassword, PASSWORD_HASH_PARAMS, setPasswordHashCostForTests, timingDummyHash, verifyPassword } from '../src/security/passwords';
import { buildContext, injectContext, scriptSafeJson } from '../src/site-context';
import { loadConfig } from '../src/config';
import { pageFile } from '../src/routes/site';

describe('passwords', () => {
  it('hashes with scrypt at N = 2^15 and verifies, whatever cost a hash was made at', async () => {
    const lowered = await hashPassword('correct horse');
    expect(lowered).toMatch(/^scrypt\$1024\$8\$1\$/); // the tests' cost (setup.ts)
    setPasswordHashCostForTests(PASSWORD_HASH_PARAMS.N);
    try {
      const hash = await hashPassword('correct horse');
      expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
      expect(timingDummyHash()).toMatch(/^scrypt\$32768\$8\$1\$/);
      expect(await verifyPassword('correct horse', hash)).toBe(true);
      expect(await verifyPassword('wrong', hash)).toBe(false);
      expect(await verifyPassword('correct horse', lowered)).toBe(true);
      expect(await verifyPassword('x', 'plain')).toBe(false);
      expect(await verifyPassword('x', timingDummyHash())).toBe(false);
    } finally {
      setPasswordHashCostForTests(TEST_PASSWORD_HASH_COST);
    }
  });
});

describe('crumbs', () => {
  it('are signed by the secret', () => {
    const crumbs = createCrumbs('secret-a');
    const crumb = crumbs.issue();
    expect(crumbs.valid(crumb)).toBe(true);
    expect(createCrumbs('secret-b').valid(crumb)).toBe(false);
    expect(crumbs.valid('a.b')).toBe(false);
    expect(crumbs.valid(undefined)).toBe(false);
    expect(crumbs.valid(['x'])).toBe(false);
  });
});

describe('page context injection', () => {
  it('cannot be broken out of by script-closing text', () => {
    const json = scriptSafeJson({ title: '</script><script>alert(1)</script>' });
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json).title).toBe('</script><script>alert(1)</script>');
  });

  it('merges site, page and visitor fields; leaves invalid page JSON alone', () => {
    expect(buildContext({ site: { a: 1, pageType: 1 }, page: { pageType: 2 }, account: null, env: 'qa' })).toMatchObject({ a: 1, pageType: 2, env: 'qa', authenticatedAccount: null });
    const broken = '<script type="application/json" id="site-context">{oops</script>';
    expect(injectContext(broken, { site: {}, account: null, env: 'prod' })).toBe(broken);
  });
});

describe('announcement bar in the page', () => {
  const page = (context: Record<string, unknown>) =>
    `<head><script type="application/json" id="site-context">${JSON.stringify(context)}</script></head>\n<body class="x">\n  <header></header>\n</body>`;
  const text = { websiteSettings: { announcementBarSettings: { text: '<p>Spring <a href="/sale">sale</a></p>' } } };

  it('is rendered first in <body> when it shows, with the runtime\'s markup and a disabled dismiss button', () => {
    const html = injectContext(page({ ...text, showAnnouncementBar: true }), { site: {}, account: null, env: 'prod' });
    expect(html).toContain(
      '<body class="x">\n  <aside class="site-bar site-announcement-bar" aria-label="Announcement"><div><p>Spring <a href="/sale">sale</a></p></div><button type="button" aria-label="Dismiss announcement" disabled>×</button></aside>\n  <header>',
    );
  });

  it('goes after a skip link that opens the body (the first thing a keyboard reaches stays the skip link)', () => {
    const skipping = page({ ...text, showAnnouncementBar: true }).replace('<header>', '<a class="skip-link" href="#content">Skip to <b>content</b></a>\n  <header>');
    const html = injectContext(skipping, { site: {}, account: null, env: 'prod' });
    expect(html).toContain('<body class="x">\n  <a class="skip-link" href="#content">Skip to <b>content</b></a>\n  <aside class="site-bar site-announcement-bar"');
    // A first link that goes elsewhere is the page's content: the bar comes before it.
    const linked = page({ ...text, showAnnouncementBar: true }).replace('<header>', '<a href="/home">Home</a><header>');
    expect(injectContext(linked, { site: {}, account: null, env: 'prod' })).toContain('<body class="x">\n  <aside');
  });

  it('is a preview for a signed-in owner while it is off, and absent for visitors then', () => {
    const owner = injectContext(page({ ...text, showAnnouncementBar: false }), { site: {}, account: { id: 'a', email: 'o@x', roles: [1] }, env: 'prod' });
    expect(owner).toContain('class="site-bar site-announcement-bar site-bar-preview"');
    expect(owner).toContain('</p> (preview: the announcement bar is off for visitors)</div>');
    expect(injectContext(page({ ...text, showAnnouncementBar: false }), { site: {}, account: null, env: 'prod' })).not.toContain('<aside');
  });

  it('is not rendered twice where the theme has its own, in any quotes', () => {
    const themed = page({ ...text, showAnnouncementBar: true }).replace('<header>', '<aside class="site-bar site-announcement-bar" aria-label="Announcement">Ours</aside><header>');
    expect(injectContext(themed, { site: {}, account: null, env: 'prod' }).match(/<aside/g)).toHaveLength(1);
    const quoted = page({ ...text, showAnnouncementBar: true }).replace('<header>', "<aside class='site-bar site-announcement-bar'>Ours</aside><header>");
    expect(injectContext(quoted, { site: {}, account: null, env: 'prod' }).match(/<aside/g)).toHaveLength(1);
    // A class that only starts with the bar's name is not the bar.
    const inner = page({ ...text, showAnnouncementBar: true }).replace('<header>', '<div class="site-announcement-bar-inner"></div><header>');
    expect(injectContext(inner, { site: {}, account: null, env: 'prod' }).match(/<aside/g)).toHaveLength(1);
  });
});

describe('config', () => {
  it('reads PORT, HOST and DATA_DIR and refuses a bad port', () => {
    const config = loadConfig({ PORT: '0', HOST: '0.0.0.0', DATA_DIR: '/tmp/x' });
    expect(config).toMatchObject({ port: 0, host: '0.0.0.0', dataDir: '/tmp/x' });
    expect(loadConfig({}).port).toBe(8080);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow('PORT must be');
  });

  it('maps page paths inside examples/ only', () => {
    expect(pageFile('/ex', '/')).toBe('/ex/index.html');
    expect(pageFile('/ex', '/faq')).toBe('/ex/faq.html');
    expect(pageFile('/ex', '/docs/')).toBe('/ex/docs/index.html');
    expect(pageFile('/ex', '/../etc/passwd')).toBeNull();
    expect(pageFile('/ex', '/UPPER')).toBeNull();
  });
});
