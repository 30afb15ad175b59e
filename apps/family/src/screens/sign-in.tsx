// Signing in with the e-mailed code: the address (prefilled from the invitation's link), then the
// 6-character code. The answer never says whether an address belongs to a member.
import { useId, useState } from 'react';
import { ApiError, requestCode, signInWithCode } from '../api.js';
import { useTexts } from '../texts.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CODE = /^[A-Za-z0-9]{6}$/;

export function SignIn({
  initialEmail,
  notice,
  onSignedIn,
}: {
  initialEmail: string;
  notice: string | null;
  onSignedIn: () => void;
}) {
  const { t } = useTexts();
  const ids = { email: useId(), code: useId(), error: useId() };
  const [email, setEmail] = useState(initialEmail);
  const [state, setState] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const failure = (e: unknown) => {
    if (e instanceof ApiError && e.status === 429) return t.tooManyTries;
    if (e instanceof ApiError && e.status === 401) return t.codeInvalid;
    return t.genericError;
  };

  const ask = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const address = email.trim();
    if (!EMAIL.test(address)) return setError(t.emailInvalid);
    setBusy(true);
    setError(null);
    try {
      setState((await requestCode(address)).state);
      setEmail(address);
    } catch (e) {
      setError(failure(e));
    } finally {
      setBusy(false);
    }
  };

  const enter = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy || !state) return;
    const typed = code.replace(/[\s-]/g, '');
    if (!CODE.test(typed)) return setError(t.codeFormat);
    setBusy(true);
    setError(null);
    try {
      await signInWithCode({ email, code: typed.toUpperCase(), state });
      onSignedIn();
    } catch (e) {
      setError(failure(e));
      setBusy(false);
    }
  };

  return (
    <section className="card narrow" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">{t.signInTitle}</h1>
      {notice && (
        <p role="status" className="notice">
          {notice}
        </p>
      )}
      {!state ? (
        <form onSubmit={ask} noValidate>
          <p>{t.signInIntro}</p>
          <label htmlFor={ids.email}>{t.emailLabel}</label>
          <input
            id={ids.email}
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? ids.error : undefined}
            required
          />
          {error && (
            <p id={ids.error} className="error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="primary" disabled={busy}>
            {t.sendCode}
          </button>
        </form>
      ) : (
        <form onSubmit={enter} noValidate>
          <p role="status">{t.codeSent(email)}</p>
          <label htmlFor={ids.code}>{t.codeLabel}</label>
          <input
            id={ids.code}
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={8}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? ids.error : undefined}
            // biome-ignore lint/a11y/noAutofocus: the one field of this step, just revealed
            autoFocus
          />
          {error && (
            <p id={ids.error} className="error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="primary" disabled={busy}>
            {t.signInButton}
          </button>
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setState(null);
              setCode('');
              setError(null);
            }}
          >
            {t.otherEmail}
          </button>
        </form>
      )}
    </section>
  );
}
