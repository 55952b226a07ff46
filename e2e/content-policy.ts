/**
 * A site whose Content-Security-Policy is stricter than the reference server's: its pages served
 * under their own policy, changed, and the violations the browser reports.
 */
import type { Page } from '@playwright/test';

/**
 * Serves the site's pages under `rewrite(policy)` of their own policy; answers the violations so
 * far of the directives that start with one of `directives`.
 */
export async function underPolicy(page: Page, rewrite: (policy: string) => string, directives: string[]): Promise<() => Promise<string[]>> {
  await page.route(
    (url) => url.origin === new URL(process.env.TESSERA_BASE_URL!).origin && !/\.\w+$/.test(url.pathname) && !url.pathname.startsWith('/api/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': rewrite(response.headers()['content-security-policy'] ?? '') } });
    },
  );
  await page.addInitScript((prefixes) => {
    const seen: string[] = [];
    (window as unknown as { policyViolations: string[] }).policyViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      if (prefixes.some((prefix) => event.effectiveDirective.startsWith(prefix))) seen.push(`${event.effectiveDirective}: ${event.sample || event.blockedURI} (${event.sourceFile}:${event.lineNumber})`);
    });
  }, directives);
  return () => page.evaluate(() => (window as unknown as { policyViolations: string[] }).policyViolations);
}
