// The member's notifications: e-mails about messages left unread (on or off, for every device), and
// notifications on this device (Web Push), with why they cannot be had when the browser says no.
import { API, type MemberPreferences } from '@bridge-talk/contract';
import { useEffect, useId, useState } from 'react';
import { api } from '../api.js';
import { currentSubscription, type PushState, pushState, turnPushOff, turnPushOn } from '../push.js';
import { addressOf, navigate } from '../router.js';
import { useTexts } from '../texts.js';

export function Notifications() {
  const { t } = useTexts();
  const [preferences, setPreferences] = useState<MemberPreferences | null>(null);
  const [failed, setFailed] = useState(false);
  const [push, setPush] = useState<PushState>(pushState);
  const [pushOn, setPushOn] = useState(false);
  const [busy, setBusy] = useState<'email' | 'push' | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const emailHint = useId();
  const pushHint = useId();

  useEffect(() => {
    let alive = true;
    api<MemberPreferences>(API.chat.preferences).then(
      (answer) => alive && setPreferences(answer),
      () => alive && setFailed(true),
    );
    currentSubscription().then(
      (subscription) => alive && setPushOn(subscription !== null),
      () => {},
    );
    return () => {
      alive = false;
    };
  }, []);

  const changeEmail = async (emailUnread: boolean) => {
    setBusy('email');
    setStatus(null);
    try {
      setPreferences(
        await api<MemberPreferences>(API.chat.updatePreferences, { method: 'PUT', json: { emailUnread } }),
      );
      setStatus(t.saved);
    } catch {
      setStatus(t.genericError);
    } finally {
      setBusy(null);
    }
  };

  const changePush = async (on: boolean) => {
    setBusy('push');
    setStatus(null);
    try {
      if (on) {
        const allowed = await turnPushOn();
        setPushOn(allowed);
        if (allowed) setStatus(t.saved);
      } else {
        await turnPushOff();
        setPushOn(false);
        setStatus(t.saved);
      }
    } catch {
      setStatus(t.genericError);
    } finally {
      setPush(pushState());
      setBusy(null);
    }
  };

  return (
    <section className="narrow settings" aria-labelledby="notifications-title">
      <a
        className="back"
        href={addressOf({ name: 'home' })}
        onClick={(event) => {
          event.preventDefault();
          navigate({ name: 'home' });
        }}
      >
        {t.back}
      </a>
      <h1 id="notifications-title">{t.notificationsTitle}</h1>
      {!preferences && !failed && (
        <p role="status" className="muted">
          {t.loading}
        </p>
      )}
      {failed && (
        <p role="alert" className="error">
          {t.genericError}
        </p>
      )}
      {preferences && (
        <div className="setting">
          <label>
            <input
              type="checkbox"
              checked={preferences.emailUnread}
              disabled={busy === 'email'}
              aria-describedby={emailHint}
              onChange={(event) => void changeEmail(event.currentTarget.checked)}
            />
            {t.emailUnreadLabel}
          </label>
          <p id={emailHint} className="muted">
            {t.emailUnreadHint}
          </p>
        </div>
      )}
      <div className="setting">
        <label>
          <input
            type="checkbox"
            checked={pushOn}
            disabled={busy === 'push' || push === 'unsupported' || (push === 'denied' && !pushOn)}
            aria-describedby={pushHint}
            onChange={(event) => void changePush(event.currentTarget.checked)}
          />
          {t.pushLabel}
        </label>
        <p id={pushHint} className="muted">
          {push === 'unsupported' ? t.pushUnsupported : push === 'denied' ? t.pushBlocked : t.pushHint}
        </p>
      </div>
      <p role="status" className="notice-line">
        {status}
      </p>
    </section>
  );
}
