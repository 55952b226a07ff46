/**
 * The member access page's sign-in form, rendered into the page (contract/members): there from
 * the first paint, in the page's words, posting to the server's form route until the runtime
 * adopts it (routes/members.ts).
 */
import { MEMBER_SIGN_IN_CLASS, memberSignInHtml, type MemberWords, type SignInPost } from '../../contract/members/sign-in-markup';
import { MEMBER_ACCESS_ROOT_ID, PageType } from '../../contract/model/page-types';
import { openingTagWithId } from './html';

export function withMemberSignIn(html: string, context: Record<string, unknown>, words: MemberWords, post?: SignInPost): string {
  if (context.pageType !== PageType.MEMBER_AREA_ACCESS_DENIED) return html;
  const root = openingTagWithId(html, 'div', MEMBER_ACCESS_ROOT_ID);
  if (!root || html.includes(`<form class="${MEMBER_SIGN_IN_CLASS}"`)) return html;
  const end = html.indexOf(root) + root.length;
  return html.slice(0, end) + memberSignInHtml(words, post) + html.slice(end);
}
