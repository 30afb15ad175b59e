// Holds who is signed in. On start it restores the session from the refresh cookie (only when a role
// is stored, i.e. someone signed in from this browser), and it refreshes the access token shortly
// before it expires so that requests rarely meet a 401.
import type { SessionResponse, SessionUser } from '@bridge-talk/contract';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { refreshSession } from '../api/api-client.js';
import { holdSessionEnd } from '../forms/unsaved-changes-store.js';
import { onSessionEndElsewhere } from './session-end.js';
import { storedRole } from './storage.js';
import { onSessionChange, publishSession } from './token.js';

export type SessionState =
  | { status: 'loading'; user: null }
  | { status: 'anonymous'; user: null }
  | { status: 'authenticated'; user: SessionUser };

const SessionContext = createContext<SessionState>({ status: 'loading', user: null });

const REFRESH_MARGIN_SECONDS = 60;

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<SessionResponse | null>(null);
  const [restoring, setRestoring] = useState(() => storedRole() !== null);

  useEffect(() => onSessionChange(setSession), []);
  // Another tab ended the session this one shares: leave now, to the role's login, saying why.
  useEffect(
    () =>
      onSessionEndElsewhere((role, end) => {
        // Unless this page holds unsaved changes: then it stays, and says how to save them.
        if (holdSessionEnd(role, end)) return;
        publishSession(null);
        window.location.assign(`/login/${role}?${new URLSearchParams({ ended: end })}`);
      }),
    [],
  );

  useEffect(() => {
    if (!restoring) return;
    let cancelled = false;
    void refreshSession().then(() => {
      if (!cancelled) setRestoring(false);
    });
    return () => {
      cancelled = true;
    };
  }, [restoring]);

  useEffect(() => {
    if (!session) return;
    const delay = Math.max(5, session.expiresIn - REFRESH_MARGIN_SECONDS) * 1000;
    const timer = setTimeout(() => {
      void refreshSession().then((next) => {
        if (!next) publishSession(null);
      });
    }, delay);
    return () => clearTimeout(timer);
  }, [session]);

  const value = useMemo<SessionState>(() => {
    if (session) return { status: 'authenticated', user: session.user };
    if (restoring) return { status: 'loading', user: null };
    return { status: 'anonymous', user: null };
  }, [session, restoring]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  return useContext(SessionContext);
}

/** The signed-in user; only for components rendered inside the signed-in route tables. */
export function useSessionUser(): SessionUser {
  const session = useSession();
  if (session.status !== 'authenticated') throw new Error('useSessionUser outside a signed-in page');
  return session.user;
}
