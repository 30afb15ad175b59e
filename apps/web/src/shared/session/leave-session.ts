// Ending the session from inside the app (a changed password): who is signed in and where the user is
// change in one transition, as when signing in, and the page is not reloaded, so a toast raised with it
// is still seen on the login page. The app clears every cached query when the session ends.
import type { Role } from '@bridge-talk/contract';
import { startTransition } from 'react';
import { useNavigate } from 'react-router';
import { announceSessionEnd } from './session-end.js';
import { clearStorage } from './storage.js';
import { publishSession } from './token.js';

/** Leaves for the role's login page; `email`, when given, is filled in there (a changed password). */
export function useLeaveSession(): (role: Role, email?: string) => void {
  const navigate = useNavigate();
  return (role, email) => {
    clearStorage();
    announceSessionEnd(role);
    startTransition(() => {
      void navigate(`/login/${role}`, { replace: true, state: email ? { email } : null });
      publishSession(null);
    });
  };
}
