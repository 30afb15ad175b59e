// Ending the session from inside the app (a changed password): who is signed in and where the user is
// change in one transition, as when signing in, and the page is not reloaded, so a toast raised with it
// is still seen on the login page. The app clears every cached query when the session ends.
import type { Role } from '@bridge-talk/contract';
import { startTransition } from 'react';
import { useNavigate } from 'react-router';
import { clearStorage } from './storage.js';
import { publishSession } from './token.js';

export function useLeaveSession(): (role: Role) => void {
  const navigate = useNavigate();
  return (role) => {
    clearStorage();
    startTransition(() => {
      void navigate(`/login/${role}`, { replace: true });
      publishSession(null);
    });
  };
}
