import { useState, type FormEvent } from 'react';
import { useModalDialog } from './use-modal-dialog';
import { signIn } from './owner-api';

export const SESSION_ENDED = 'Your session has ended. Sign in to carry on: what you entered here is kept.';
const MISSING_FIELDS = 'Enter your email and password.';

interface Props {
  /** Called with true once signed in, false when the owner declines (Cancel, Escape). */
  onDone: (signedIn: boolean) => void;
}

/**
 * Signs the owner in again without leaving the app, so that an unsaved edit survives a session
 * that ended meanwhile (signed out in another tab, or expired). A native modal dialog: focus
 * stays in it, Escape cancels, and focus goes back where it was when it closes.
 */
export function SignInDialog({ onDone }: Props) {
  const dialog = useModalDialog(() => onDone(false));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = event.currentTarget.elements;
    const email = (fields.namedItem('email') as HTMLInputElement).value.trim();
    const password = (fields.namedItem('password') as HTMLInputElement).value;
    if (!email || !password) return setError(MISSING_FIELDS);
    setBusy(true);
    setError('');
    signIn(email, password).then(
      (result) => {
        setBusy(false);
        if (result.ok) onDone(true);
        else setError(result.error);
      },
      (failure: Error) => {
        setBusy(false);
        setError(failure.message);
      },
    );
  };

  return (
    <dialog {...dialog} className="config-confirm" aria-labelledby="sign-in-title" aria-describedby="sign-in-message">
      <h2 id="sign-in-title">Sign in again</h2>
      <p id="sign-in-message">{SESSION_ENDED}</p>
      <form className="config-sign-in" onSubmit={submit} noValidate>
        <label htmlFor="sign-in-email">Email</label>
        <input id="sign-in-email" name="email" type="email" autoComplete="username" required autoFocus />
        <label htmlFor="sign-in-password">Password</label>
        <input id="sign-in-password" name="password" type="password" autoComplete="current-password" required />
        <p role="alert" className="config-error">
          {error}
        </p>
        <p className="config-actions">
          <button type="submit" disabled={busy}>
            Sign in
          </button>
          <button type="button" onClick={() => onDone(false)}>
            Cancel
          </button>
        </p>
      </form>
    </dialog>
  );
}
