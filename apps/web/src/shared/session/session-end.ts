// How a session ended, carried to the login page (`?ended=`, so a reload still says it) and to the other
// tabs of this browser, which leave at once instead of showing a family's data until their next click.
import { MSG, type Role } from '@bridge-talk/contract';

export type SessionEnd = 'removed' | 'disabled' | 'expired' | 'signed-out';

/** The end a refused request's message names. */
export function sessionEndOf(message: string): SessionEnd {
  if (message === MSG.extra.accountRemoved) return 'removed';
  if (message === MSG.extra.accountDisabled) return 'disabled';
  return 'expired';
}

/** What the login page says of an end named in its address; null for none or an unknown one. */
export function sessionEndMessage(end: string | null): string | null {
  if (end === 'removed') return MSG.extra.accountRemoved;
  if (end === 'disabled') return MSG.extra.accountDisabled;
  if (end === 'expired') return MSG.extra.sessionExpired;
  if (end === 'signed-out') return MSG.extra.signedOutElsewhere;
  return null;
}

const CHANNEL = 'bridge-talk-session';
/** This tab: another channel object of the same tab hears its messages too, and must not act on them. */
const THIS_TAB = Math.random().toString(36).slice(2);

/** Tells this browser's other tabs that the session ended (they share its cookie, so it ended there too). */
export function announceSessionEnd(role: Role, end: SessionEnd = 'signed-out'): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage({ role, end, from: THIS_TAB });
  channel.close();
}

/** Calls `listener` when another tab of this browser ends the session. */
export function onSessionEndElsewhere(listener: (role: Role, end: SessionEnd) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<{ role?: unknown; end?: unknown; from?: unknown }>) => {
    const { role, end, from } = event.data ?? {};
    if (from === THIS_TAB || (role !== 'admin' && role !== 'entity')) return;
    listener(role, sessionEndMessage(String(end)) ? (end as SessionEnd) : 'signed-out');
  };
  return () => channel.close();
}
