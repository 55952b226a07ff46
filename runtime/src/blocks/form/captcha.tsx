import { useEffect, useRef, useState } from 'react';
import { apiUrl } from '../../net/api-base';
import { assetUrl } from '../../platform/assets';
import { listen } from '../../platform/events';
import { reportError } from '../../platform/report';
import { pageLanguage, texts } from '../../platform/strings';
import type * as Paths from '../../../../contract/api/paths';

/** The hidden input the ALTCHA widget fills with its payload. */
export const CAPTCHA_FIELD = 'altcha';
export const CAPTCHA_CHALLENGE_PATH: typeof Paths.CAPTCHA_CHALLENGE_PATH = '/api/form/captcha/challenge';
export const ALTCHA_FILE = 'altcha.js';
/**
 * After a failed load the widget is asked for again when the visitor presses its place, or starts
 * on the form once this long after the failure (tabbing through the fields offline asks rarely).
 */
const RETRY_GAP_MS = 3000;

/** The widget's words (platform/strings.ts); the English defaults are ALTCHA's own. */
export const captchaWords = texts('captcha', {
  label: "I'm not a robot",
  verifying: 'Verifying...',
  verified: 'Verified',
  verify: 'Verify',
  verificationRequired: 'Verification required!',
  waitAlert: 'Verifying... please wait.',
  error: 'Verification failed. Try again later.',
  expired: 'Verification expired. Try again.',
  loading: 'Loading...',
  reload: 'Reload',
  cancel: 'Cancel',
  enterCode: 'Enter code',
  enterCodeAria: 'Enter code you hear. Press Space to play audio.',
  enterCodeFromImage: 'To proceed, please enter the code from the image below.',
  getAudioChallenge: 'Get an audio challenge',
  ariaLinkLabel: 'Altcha (official website)',
  footer: 'Protected by <a href="https://altcha.org/" tabindex="-1" target="_blank" aria-label="Altcha (official website)">ALTCHA</a>',
});

/** ALTCHA picks its words by the page's language from its own store: ours go there. */
function teachWidget(): void {
  const store = (globalThis as { $altcha?: { i18n?: { set(language: string, words: Record<string, string>): void } } }).$altcha?.i18n;
  const language = pageLanguage().toLowerCase();
  for (const code of new Set([language, language.split('-')[0]!])) store?.set(code, captchaWords());
}

export interface CaptchaHandle {
  reset(): void;
}

interface CaptchaProps {
  onStateChange(state: string): void;
  handle: { current: CaptchaHandle | null };
}

/**
 * ALTCHA: a self-hosted proof-of-work captcha, no third party and no tracking. Its widget
 * (a web component, about 35 KB gzip, 25 ms of script on a slow phone) loads only for forms
 * that have a captcha, and only once the visitor starts on the form (focus in it, or a press
 * on it): a visitor who only reads the page never pays for it. Until then its room shows a
 * picture of it (hidden from assistive technology, which meets the real one); a press on the
 * picture verifies as soon as the widget is there, as a press on its checkbox would.
 */
export function Captcha({ onStateChange, handle }: CaptchaProps) {
  const host = useRef<HTMLDivElement>(null);
  // The picture in its place until it loads, saying so if it cannot.
  const [waiting, setWaiting] = useState<'picture' | 'failed' | null>('picture');
  useEffect(() => {
    let widget: HTMLElement | null = null;
    let cancelled = false;
    let pressedPicture = false;
    const onChange = (event: Event) => onStateChange(String((event as CustomEvent<{ state?: string }>).detail?.state ?? ''));
    const form: HTMLElement | null = host.current?.closest('form') ?? host.current;
    let attempt = 0;
    let failedAt = -Infinity;
    let waits: Array<() => void> = [];
    const stopWaiting = () => waits.forEach((stop) => stop());
    const load = () => {
      stopWaiting();
      // The widget ships as dist/runtime/altcha.js (copied from the altcha package, not bundled), so
      // the ESM and the classic build share one file and neither carries its 35 KB inline. A module
      // that failed to load stays failed under its URL: a retry asks under another.
      import(/* webpackIgnore: true */ assetUrl(ALTCHA_FILE) + (attempt ? `?retry=${attempt}` : ''))
        .then(() => {
          if (cancelled || !host.current) return;
          teachWidget();
          widget = document.createElement('altcha-widget');
          // On the API's origin (data-api-base), with the crumb.
          widget.setAttribute('challenge', apiUrl(CAPTCHA_CHALLENGE_PATH).href);
          widget.setAttribute('name', CAPTCHA_FIELD);
          widget.addEventListener('statechange', onChange);
          setWaiting(null);
          host.current.appendChild(widget);
          // The widget gains its methods once it has mounted, after the current microtasks.
          if (pressedPicture) setTimeout(() => (widget as unknown as { verify?: () => void } | null)?.verify?.());
          handle.current = { reset: () => (widget as unknown as { reset?: () => void })?.reset?.() };
        })
        .catch((error: unknown) => {
          reportError(error, 'The captcha widget failed to load.');
          if (cancelled) return;
          setWaiting('failed');
          attempt += 1;
          failedAt = performance.now();
          waitForStart();
        });
    };
    // Focus in the form or a press on it; a press on the picture (or the failure) also verifies once loaded.
    const start = (event: Event) => {
      pressedPicture = !!(event.target as Element).closest?.('.site-form-captcha-waiting');
      if (pressedPicture || performance.now() - failedAt >= RETRY_GAP_MS) load();
    };
    const waitForStart = () => void (waits = form ? [listen(form, 'focusin', start), listen(form, 'pointerdown', start)] : []);
    // A visitor quicker than the runtime may be in the form already.
    if (!form || form.contains(document.activeElement)) load();
    else waitForStart();
    return () => {
      cancelled = true;
      stopWaiting();
      widget?.removeEventListener('statechange', onChange);
      widget?.remove();
      handle.current = null;
    };
  }, []);
  return (
    <div className="site-form-captcha" ref={host}>
      {waiting && (
        // The picture is hidden from assistive technology (it meets the real widget); the failure is read.
        <div className={`site-form-captcha-waiting site-form-captcha-${waiting}`} aria-hidden={waiting === 'picture' ? 'true' : undefined}>
          {captchaWords()[waiting === 'failed' ? 'error' : 'label']}
        </div>
      )}
    </div>
  );
}
