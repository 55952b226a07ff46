import { useState, type FormEvent } from 'react';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../contract/model/password';
import { ownerGet, ownerPost } from './owner-api';
import { counted } from './counted';
import { useOwnerData } from './use-owner-data';
import { OWNER_PATHS } from '../../contract/api/owner-paths';
import type { AccountAnswer, PasswordChangedAnswer } from '../../contract/api/owner-answers';

type Post = <T>(path: string, body?: unknown) => Promise<T>;
type Get = <T>(path: string) => Promise<T>;

/**
 * The owner's own password: the one the server generated is in its start log, and one from
 * OWNER_PASSWORD is known to whoever set up the server. The current password is asked for; the
 * owner's other sessions end (a browser left signed in elsewhere).
 */
export function Account({ post = ownerPost, get = ownerGet }: { post?: Post; get?: Get }) {
  // Which account this is; the form gives it to password managers, which save the new password under it.
  const [account] = useOwnerData<AccountAnswer>(OWNER_PATHS.account, get);
  const email = account.status === 'ready' ? account.data.email : '';
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState('');
  const [problem, setProblem] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setSaid('');
    setProblem('');
    post<PasswordChangedAnswer>(OWNER_PATHS.password, { current, password })
      .then(
        ({ endedSessions }) => {
          setCurrent('');
          setPassword('');
          setSaid(`Your password is changed.${endedSessions ? ` Signed out elsewhere: ${counted(endedSessions, 'other session')}.` : ''}`);
        },
        (error: Error) => setProblem(error.message),
      )
      .finally(() => setBusy(false));
  };
  return (
    <section className="config-section" aria-labelledby="account-title">
      <h2 id="account-title">Your password</h2>
      {email && <p>Signed in as {email}.</p>}
      <form onSubmit={submit}>
        {email && <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />}
        <p>
          <label htmlFor="current-password">Current password</label>{' '}
          <input id="current-password" type="password" autoComplete="current-password" required maxLength={PASSWORD_MAX} value={current} onChange={(event) => setCurrent(event.target.value)} />
        </p>
        <p>
          <label htmlFor="new-password">New password</label>{' '}
          <input
            id="new-password"
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN}
            maxLength={PASSWORD_MAX}
            aria-describedby="new-password-hint"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />{' '}
          <span id="new-password-hint">At least {PASSWORD_MIN} characters. You stay signed in here; everywhere else you are signed out.</span>
        </p>
        <button type="submit" disabled={busy}>
          Change password
        </button>
      </form>
      <p role="status">{said}</p>
      {problem && <p role="alert">{problem}</p>}
    </section>
  );
}
