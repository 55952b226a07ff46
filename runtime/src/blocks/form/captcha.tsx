import { useEffect, useRef, useState } from 'react';
import type { Challenge } from 'altcha-lib/types';
import { CAPTCHA_LIFETIME_S } from '../../../../contract/model/forms/captcha';
import { request } from '../../net/request';
import { reportError } from '../../platform/report';
import { texts } from '../../platform/strings';
import type * as Paths from '../../../../contract/api/paths';
import { changingText } from '../../ui/changing-text';

export const CAPTCHA_CHALLENGE_PATH: typeof Paths.CAPTCHA_CHALLENGE_PATH = '/api/form/captcha/challenge';
/** An answer is dropped this long before the server would refuse it: a submit takes a moment to arrive. */
const LIFETIME_MARGIN_MS = 15_000;

/** The captcha's words (platform/strings.ts); the English defaults are ALTCHA's own. */
export const captchaWords = texts('captcha', {
  label: "I'm not a robot",
  verifying: 'Verifying...',
  verified: 'Verified',
  error: 'Verification failed. Try again later.',
  expired: 'Verification expired. Try again.',
});

export type CaptchaState = 'unverified' | 'verifying' | 'verified' | 'error' | 'expired';

export interface CaptchaHandle {
  reset(): void;
  /** The answer to send, once a verification under way has settled ('' when there is none). */
  answer(): Promise<string>;
}

interface CaptchaProps {
  /** The checkbox's id, unique on the page. */
  id: string;
  onStateChange(state: CaptchaState): void;
  handle: { current: CaptchaHandle | null };
}

/**
 * ALTCHA: a self-hosted proof-of-work captcha, no third party and no tracking. The visitor
 * ticks a native checkbox; the challenge is fetched from the site's API and solved then (the
 * solver is a chunk of its own, loaded at that moment), and what happens is read out beside
 * it. Rendered with the form, so nothing moves when it is used, and written with the page's
 * own markup: no widget of another library, no markup outside the runtime's Trusted Types
 * policy, words from the runtime's catalogue. Unticking it, or the form's reset after the
 * server refused the answer, starts over.
 */
export function Captcha({ id, onStateChange, handle }: CaptchaProps) {
  const [state, setState] = useState<CaptchaState>('unverified');
  const answer = useRef('');
  const pending = useRef<Promise<void> | null>(null);
  const running = useRef<AbortController | null>(null);
  const expiry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const words = captchaWords();

  const settle = (next: CaptchaState, solved = '') => {
    answer.current = solved;
    setState(next);
    onStateChange(next);
  };
  const stop = () => {
    running.current?.abort();
    running.current = null;
    clearTimeout(expiry.current);
  };
  const solve = async () => {
    stop();
    const controller = (running.current = new AbortController());
    settle('verifying');
    try {
      const [challenge, solver] = await Promise.all([
        // Its failure is this box's to say, not the error overlay's.
        request<Challenge>(CAPTCHA_CHALLENGE_PATH, { onFailure: () => undefined }),
        import('./captcha-solve'),
      ]);
      const received = Date.now();
      const solved = await solver.solvedPayload(challenge, controller);
      if (controller.signal.aborted) return;
      if (!solved) throw new Error('The captcha found no answer in time.');
      settle('verified', solved);
      expiry.current = setTimeout(() => settle('expired'), CAPTCHA_LIFETIME_S * 1000 - LIFETIME_MARGIN_MS - (Date.now() - received));
    } catch (error) {
      if (controller.signal.aborted) return;
      reportError(error, 'The captcha could not be verified.');
      settle('error');
    }
  };
  handle.current = {
    reset: () => {
      stop();
      settle('unverified');
    },
    // A submit pressed while the answer is being worked out waits for it.
    answer: async () => {
      await pending.current;
      return answer.current;
    },
  };
  useEffect(
    () => () => {
      stop();
      handle.current = null;
    },
    [],
  );

  const statusId = `${id}-status`;
  return (
    <div className="site-form-captcha">
      <input
        type="checkbox"
        id={id}
        checked={state === 'verifying' || state === 'verified'}
        aria-describedby={statusId}
        onChange={(event) => (event.currentTarget.checked ? (pending.current = solve()) : handle.current?.reset())}
      />
      <label htmlFor={id}>{words.label}</label>
      <span id={statusId} className="site-form-captcha-status" role="status">
        {changingText(state === 'unverified' ? '' : words[state])}
      </span>
    </div>
  );
}
