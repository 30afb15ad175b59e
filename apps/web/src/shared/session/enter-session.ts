// Signing in changes two things at once: who is signed in (which route table the app shows) and where
// the user is. Both go in one transition, so that the signed-in table first renders on the landing
// page, not on the address of the login or of a code screen (which it would send to the start page or
// to 'Page not found'). The router learns of an address only through its own navigate.
import type { SessionResponse } from '@bridge-talk/contract';
import { startTransition } from 'react';
import { useNavigate } from 'react-router';
import { publishSession } from './token.js';

export function useEnterSession(): (session: SessionResponse, landing: string) => void {
  const navigate = useNavigate();
  return (session, landing) => {
    startTransition(() => {
      void navigate(landing, { replace: true });
      publishSession(session);
    });
  };
}
