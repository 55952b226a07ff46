import { dispatch } from '../../platform/events';
import { createScript } from '../../platform/load-script';
import { trustedHtml, trustedScript, trustedScriptUrl } from '../../platform/trusted-types';
import type { FormDefinition } from '../../../../contract/model/forms/types';
import { formWords } from './words';

export const NEWSLETTER_SUBSCRIBE_EVENT = 'newsletter_subscribe';
export const FORM_SUBMIT_EVENT = 'site:form-submit';

/**
 * Owner HTML is trusted (ARCHITECTURE), but inserted scripts do not run: run them again, with
 * the page's CSP nonce, so they run where the site's policy allows its own scripts by nonce.
 */
export function rerunScripts(root: Element): void {
  for (const old of root.querySelectorAll('script')) {
    const script = createScript();
    for (const { name, value } of old.attributes) {
      if (name === 'src') script.src = trustedScriptUrl(value);
      else if (name !== 'nonce') script.setAttribute(name, value);
    }
    script.textContent = trustedScript(old.textContent ?? '');
    old.replaceWith(script);
  }
}

/** Only http(s) addresses and same-site paths are followed after a submission. */
export function safeRedirect(target: string | undefined): string | null {
  if (!target) return null;
  try {
    const url = new URL(target, document.baseURI);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * After a successful submission: the success text or HTML, focused for screen readers; the
 * events for tracking; the optional post-submit HTML; then the optional redirect.
 */
export function showSuccess(block: HTMLElement, definition: FormDefinition, navigate: (url: string) => void = (url) => location.assign(url)): HTMLElement {
  const message = document.createElement('div');
  message.className = 'site-form-success';
  message.tabIndex = -1;
  message.setAttribute('role', 'status');
  if (definition.successHtml) {
    message.innerHTML = trustedHtml(definition.successHtml);
    rerunScripts(message);
  } else {
    message.textContent = definition.successMessage || formWords().success;
  }
  block.appendChild(message);
  message.focus();
  dispatch(block, FORM_SUBMIT_EVENT, { formId: definition.formId, newsletter: !!definition.newsletter });
  if (definition.newsletter) dispatch(document, 'site:track', { event: NEWSLETTER_SUBSCRIBE_EVENT, formId: definition.formId });
  if (definition.postSubmitHtml) {
    const after = document.createElement('div');
    after.className = 'site-form-post-submit';
    after.innerHTML = trustedHtml(definition.postSubmitHtml);
    block.appendChild(after);
    rerunScripts(after);
  }
  const redirect = safeRedirect(definition.successRedirect);
  if (redirect) navigate(redirect);
  return message;
}
