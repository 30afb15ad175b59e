// An unread-messages e-mail's opt-out link: works without signing in (its token says whose e-mails
// stop), and asks first, so that a mail program opening the link on its own stops nothing.
import { API } from '@bridge-talk/contract';
import { useState } from 'react';
import { ApiError, api } from '../api.js';
import { addressOf } from '../router.js';
import { useTexts } from '../texts.js';

export function OptOut({ token }: { token: string }) {
  const { t } = useTexts();
  const [state, setState] = useState<'asking' | 'sending' | 'done' | 'invalid' | 'failed'>(
    token ? 'asking' : 'invalid',
  );

  const stop = async () => {
    setState('sending');
    try {
      await api(API.chat.unreadMailOptOut, { method: 'POST', json: { token } });
      setState('done');
    } catch (error) {
      setState(error instanceof ApiError && error.status === 400 ? 'invalid' : 'failed');
    }
  };

  return (
    <section className="narrow card" aria-labelledby="opt-out-title">
      <h1 id="opt-out-title">{t.optOutTitle}</h1>
      {(state === 'asking' || state === 'sending' || state === 'failed') && (
        <>
          <p>{t.optOutIntro}</p>
          {state === 'failed' && (
            <p role="alert" className="error">
              {t.genericError}
            </p>
          )}
          <button type="button" onClick={stop} disabled={state === 'sending'}>
            {t.optOutButton}
          </button>
        </>
      )}
      {state === 'done' && <p role="status">{t.optOutDone}</p>}
      {state === 'invalid' && (
        <p role="alert" className="error">
          {t.optOutInvalid}
        </p>
      )}
      {(state === 'done' || state === 'invalid') && <a href={addressOf({ name: 'home' })}>{t.openApp}</a>}
    </section>
  );
}
