/**
 * The benchmark's site member. A members-only page answers a visitor 403 with the sign-in page,
 * which Lighthouse does not score; the benchmark's server knows this member, and Lighthouse
 * audits those pages with the member's session cookie, as the member sees them.
 */
import { readFileSync } from 'node:fs';

const MEMBER = { email: 'member@bench.test', password: 'bench-member-password' };
/** The server's settings that create the member (docs/deployment.md, "Settings"). */
export const MEMBER_ENV = { MEMBER_EMAIL: MEMBER.email, MEMBER_PASSWORD: MEMBER.password };

/** The demo site's members-only pages (examples/site.json `memberPages`). */
export const memberPages = (): string[] => (JSON.parse(readFileSync('examples/site.json', 'utf8')) as { memberPages?: string[] }).memberPages ?? [];

/**
 * Signs the member in as the runtime does (the first call answers a crumb, the second sends it
 * back) and answers the `Cookie` header of the session.
 */
export async function memberCookie(base: string): Promise<string> {
  const url = `${base}/api/site-users/account/session`;
  const send = (crumb?: string) =>
    fetch(crumb ? `${url}?crumb=${encodeURIComponent(crumb)}` : url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(crumb ? { cookie: `crumb=${crumb}` } : {}) },
      body: JSON.stringify({ ...MEMBER, rememberMe: false }),
    });
  const { crumb } = (await (await send()).json()) as { crumb?: string };
  const answer = await send(crumb);
  const session = answer.headers.getSetCookie().find((cookie) => cookie.startsWith('site_member='));
  if (!answer.ok || !session) throw new Error(`The benchmark's member could not sign in: ${answer.status} ${await answer.text()}`);
  return session.split(';')[0]!;
}
