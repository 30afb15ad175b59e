// The access token lives in memory only; a reload gets a new one from the refresh cookie.
import type { SessionResponse } from '@bridge-talk/contract';

let accessToken: string | null = null;
const listeners = new Set<(session: SessionResponse | null) => void>();

export function currentAccessToken(): string | null {
  return accessToken;
}

/** Stores a new session (or null on sign-out) and tells the session provider. */
export function publishSession(session: SessionResponse | null): void {
  accessToken = session?.accessToken ?? null;
  for (const listener of listeners) listener(session);
}

export function onSessionChange(listener: (session: SessionResponse | null) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
