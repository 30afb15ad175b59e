// The app's places, in the address (so that a reload, Back and a shared link work): signing in,
// the home, one conversation, the notifications, and an e-mail's opt-out link. Small enough not to
// need a router library in the bundle.
import { useSyncExternalStore } from 'react';

const BASE = '/family';

export type Place =
  | { name: 'sign-in'; email: string }
  | { name: 'home' }
  | { name: 'conversation'; channelId: string }
  | { name: 'notifications' }
  /** An unread-messages e-mail's opt-out link: open to anyone holding it, signed in or not. */
  | { name: 'opt-out'; token: string };

function subscribe(callback: () => void) {
  window.addEventListener('popstate', callback);
  return () => window.removeEventListener('popstate', callback);
}

const current = () => window.location.pathname + window.location.search;

function placeOf(address: string): Place {
  const url = new URL(address, window.location.origin);
  const rest = url.pathname.slice(BASE.length).replace(/\/+$/, '');
  if (rest === '/sign-in') return { name: 'sign-in', email: url.searchParams.get('email') ?? '' };
  if (rest === '/notifications') return { name: 'notifications' };
  if (rest === '/opt-out') return { name: 'opt-out', token: url.searchParams.get('token') ?? '' };
  const conversation = /^\/conversations\/([0-9a-f-]{36})$/i.exec(rest);
  if (conversation) return { name: 'conversation', channelId: conversation[1]! };
  return { name: 'home' };
}

export function addressOf(place: Place): string {
  if (place.name === 'sign-in')
    return `${BASE}/sign-in${place.email ? `?email=${encodeURIComponent(place.email)}` : ''}`;
  if (place.name === 'conversation') return `${BASE}/conversations/${place.channelId}`;
  if (place.name === 'notifications') return `${BASE}/notifications`;
  if (place.name === 'opt-out') return `${BASE}/opt-out?token=${encodeURIComponent(place.token)}`;
  return `${BASE}/`;
}

export function usePlace(): Place {
  return placeOf(useSyncExternalStore(subscribe, current));
}

export function navigate(place: Place, { replace = false } = {}) {
  const address = addressOf(place);
  if (address === current()) return;
  if (replace) window.history.replaceState(null, '', address);
  else window.history.pushState(null, '', address);
  window.dispatchEvent(new PopStateEvent('popstate'));
}
