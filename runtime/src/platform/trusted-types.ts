/**
 * Trusted Types: on a page whose Content-Security-Policy says `require-trusted-types-for
 * 'script'`, the browser refuses text for `innerHTML`, a script's `src` and its text. What the
 * runtime puts there goes through one policy, `tessera`, which such a page allows by name
 * (`trusted-types tessera`; docs/security.md). It passes its input on as it is: the markup is
 * the runtime's own templates with every value escaped, and the owner's HTML that the spec
 * has the runtime insert (success messages, the popup, the bars, the banner's text); script
 * addresses are the runtime's own and the owner's. Elsewhere the policy changes nothing.
 */

/** The policy's name, for the page's `trusted-types` directive. */
export const TRUSTED_TYPES_POLICY = 'tessera';

/**
 * On a page with Trusted Types these answer TrustedHTML, TrustedScript and TrustedScriptURL,
 * which the sinks take in place of text (the DOM types here know only text).
 */
interface Policy {
  createHTML(input: string): string;
  createScript(input: string): string;
  createScriptURL(input: string): string;
}

const same = (input: string): string => input;
const passThrough: Policy = { createHTML: same, createScript: same, createScriptURL: same };
let policy: Policy | undefined;

function trusted(): Policy {
  if (!policy) {
    policy = passThrough;
    try {
      policy = (globalThis as { trustedTypes?: { createPolicy(name: string, rules: Policy): Policy } }).trustedTypes?.createPolicy(TRUSTED_TYPES_POLICY, passThrough) ?? passThrough;
    } catch {
      // The page's trusted-types directive does not name the policy. The browser says so in
      // the console (it refused to create the policy); the sinks then refuse what follows, and
      // each block that meets one fails and says why.
    }
  }
  return policy;
}

/** Markup for `innerHTML`, `insertAdjacentHTML` or preact's `dangerouslySetInnerHTML`. */
export const trustedHtml = (html: string): string => trusted().createHTML(html);

/** The text of a `<script>` the runtime runs (the owner's, in a success message). */
export const trustedScript = (text: string): string => trusted().createScript(text);

/** The address of a script the runtime loads. */
export const trustedScriptUrl = (url: string): string => trusted().createScriptURL(url);
