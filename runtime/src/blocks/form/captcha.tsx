import { useEffect, useRef } from 'react';
import { CRUMB_COOKIE } from '../../net/crumb';
import { readCookie } from '../../platform/cookies';
import { assetUrl } from '../../platform/assets';
import { listen } from '../../platform/events';
import { reportError } from '../../platform/report';
import type * as Paths from '../../../../contract/api/paths';

/** The hidden input the ALTCHA widget fills with its payload. */
export const CAPTCHA_FIELD = 'altcha';
export const CAPTCHA_CHALLENGE_PATH: typeof Paths.CAPTCHA_CHALLENGE_PATH = '/api/form/captcha/challenge';
export const ALTCHA_FILE = 'altcha.js';

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
 * on it): a visitor who only reads the page never pays for it. Its room is held (form.css).
 */
export function Captcha({ onStateChange, handle }: CaptchaProps) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let widget: HTMLElement | null = null;
    let cancelled = false;
    const onChange = (event: Event) => onStateChange(String((event as CustomEvent<{ state?: string }>).detail?.state ?? ''));
    const form: HTMLElement | null = host.current?.closest('form') ?? host.current;
    const load = () => {
      stopWaiting();
      // The widget ships as dist/runtime/altcha.js (copied from the altcha package, not bundled), so
      // the ESM and the classic build share one file and neither carries its 35 KB inline.
      import(/* webpackIgnore: true */ assetUrl(ALTCHA_FILE))
        .then(() => {
          if (cancelled || !host.current) return;
          widget = document.createElement('altcha-widget');
          const crumb = readCookie(CRUMB_COOKIE);
          widget.setAttribute('challenge', `${CAPTCHA_CHALLENGE_PATH}${crumb ? `?crumb=${encodeURIComponent(crumb)}` : ''}`);
          widget.setAttribute('name', CAPTCHA_FIELD);
          widget.addEventListener('statechange', onChange);
          host.current.appendChild(widget);
          handle.current = { reset: () => (widget as unknown as { reset?: () => void })?.reset?.() };
        })
        .catch((error: unknown) => reportError(error, 'The captcha widget failed to load.'));
    };
    const waiting = form ? [listen(form, 'focusin', load), listen(form, 'pointerdown', load)] : [];
    const stopWaiting = () => waiting.forEach((stop) => stop());
    // A visitor quicker than the runtime may be in the form already.
    if (!form || form.contains(document.activeElement)) load();
    return () => {
      cancelled = true;
      stopWaiting();
      widget?.removeEventListener('statechange', onChange);
      widget?.remove();
      handle.current = null;
    };
  }, []);
  return <div className="site-form-captcha" ref={host} />;
}
