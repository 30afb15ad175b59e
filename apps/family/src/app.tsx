// The app's frame: the session (restored from the device's cookie when the page opens), the header
// with the language and signing out, the connection's state, and the place in the address.
import {
  API,
  FAMILY_LANGUAGES,
  FAMILY_TEXTS,
  type FamilyLanguage,
  type MemberPreferences,
} from '@bridge-talk/contract';
import { useEffect, useState } from 'react';
import { api, currentMember, onSessionChange, refreshSession, signOut } from './api.js';
import { type LiveStatus, onLiveStatus, startLive, stopLive } from './live.js';
import { addressOf, navigate, usePlace } from './router.js';
import { Conversation } from './screens/conversation.js';
import { Home } from './screens/home.js';
import { Notifications } from './screens/notifications.js';
import { OptOut } from './screens/opt-out.js';
import { SignIn } from './screens/sign-in.js';
import { LanguageProvider, useTexts } from './texts.js';

export function App() {
  return (
    <LanguageProvider>
      <Frame />
    </LanguageProvider>
  );
}

type SessionState = 'restoring' | 'signed-in' | 'signed-out' | 'unreachable';

/** Tells the server the member's language; a failure leaves it for the next visit. */
function saveLanguage(language: FamilyLanguage) {
  return api(API.chat.updatePreferences, { method: 'PUT', json: { language } }).catch(() => {});
}

function Frame() {
  const { t, language } = useTexts();
  const place = usePlace();
  const [session, setSession] = useState<SessionState>(currentMember() ? 'signed-in' : 'restoring');
  const [notice, setNotice] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: 'Try again' asks again (attempt)
  useEffect(() => {
    let alive = true;
    if (currentMember()) return;
    refreshSession().then(
      (signedIn) => alive && setSession(signedIn ? 'signed-in' : 'signed-out'),
      () => alive && setSession('unreachable'),
    );
    return () => {
      alive = false;
    };
  }, [attempt]);

  useEffect(
    () =>
      onSessionChange((member) => {
        setSession((before) => {
          if (!member && before === 'signed-in') setNotice(t.sessionEnded);
          return member ? 'signed-in' : 'signed-out';
        });
      }),
    [t],
  );

  useEffect(() => {
    if (session !== 'signed-in') return;
    startLive();
    return () => stopLive();
  }, [session]);

  // The server writes e-mails and notifications in the app's language: it learns the one in use.
  useEffect(() => {
    if (session !== 'signed-in') return;
    api<MemberPreferences>(API.chat.preferences).then(
      (saved) => {
        if (saved?.language !== language) void saveLanguage(language);
      },
      () => {},
    );
  }, [session, language]);

  useEffect(() => {
    // The opt-out link works signed in or not.
    if (session === 'signed-out' && place.name !== 'sign-in' && place.name !== 'opt-out')
      navigate({ name: 'sign-in', email: '' }, { replace: true });
    if (session === 'signed-in' && place.name === 'sign-in') navigate({ name: 'home' }, { replace: true });
  }, [session, place.name]);

  const leave = async () => {
    await signOut();
    setNotice(t.signedOut);
  };

  return (
    <div className="app">
      <header className="top">
        <span className="brand">{t.appName}</span>
        <div className="top-actions">
          <LanguageChoice />
          {session === 'signed-in' && (
            <>
              <a
                className="link-button"
                href={addressOf({ name: 'notifications' })}
                aria-current={place.name === 'notifications' ? 'page' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  navigate({ name: 'notifications' });
                }}
              >
                {t.notificationsTitle}
              </a>
              <button type="button" className="link-button" onClick={leave}>
                {t.signOut}
              </button>
            </>
          )}
        </div>
      </header>
      {session === 'signed-in' && <ConnectionState />}
      <main id="main">
        {place.name === 'opt-out' && <OptOut token={place.token} />}
        {session === 'restoring' && place.name !== 'opt-out' && (
          <p className="center" role="status">
            {t.loading}
          </p>
        )}
        {session === 'unreachable' && place.name !== 'opt-out' && (
          <div className="center" role="alert">
            <p>{navigator.onLine ? t.genericError : t.offline}</p>
            <button
              type="button"
              onClick={() => {
                setSession('restoring');
                setAttempt((n) => n + 1);
              }}
            >
              {t.tryAgain}
            </button>
          </div>
        )}
        {session === 'signed-out' && place.name === 'sign-in' && (
          <SignIn initialEmail={place.email} notice={notice} onSignedIn={() => setNotice(null)} />
        )}
        {session === 'signed-in' && place.name === 'home' && <Home />}
        {session === 'signed-in' && place.name === 'notifications' && <Notifications />}
        {session === 'signed-in' && place.name === 'conversation' && (
          // One instance per channel: an answer still on its way for the channel left (an older page, a
          // catch-up) can never land in the next one.
          <Conversation key={place.channelId} channelId={place.channelId} />
        )}
      </main>
    </div>
  );
}

function LanguageChoice() {
  const { t, language, choose } = useTexts();
  return (
    <label className="language">
      <span className="visually-hidden">{t.language}</span>
      <select value={language} onChange={(e) => choose(e.currentTarget.value as FamilyLanguage)}>
        {FAMILY_LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {FAMILY_TEXTS[code].languageName}
          </option>
        ))}
      </select>
    </label>
  );
}

function ConnectionState() {
  const { t } = useTexts();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  useEffect(() => onLiveStatus(setStatus), []);
  if (status === 'open') return null;
  return (
    <p className={`connection ${status}`} role="status">
      {status === 'offline' ? t.offline : t.reconnecting}
    </p>
  );
}
