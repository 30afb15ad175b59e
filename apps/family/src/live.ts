// The live connection: the member's event stream (server-sent events, read with fetch so that the
// token goes in a header). It reconnects on its own with a growing wait (1 s doubling to 30 s, with
// some randomness so that a restarted server is not met by every phone at once), takes a new token
// when the old one ended, and says 'ready' each time it is (re)connected: the screens then fetch what
// came while it was away.
import { API, eventStreamParser, type MemberLiveEvent } from '@bridge-talk/contract';
import { currentToken, refreshSession } from './api.js';

export type LiveStatus = 'connecting' | 'open' | 'offline';
type Listener = (event: MemberLiveEvent) => void;

const listeners = new Set<Listener>();
const statusListeners = new Set<(status: LiveStatus) => void>();
let status: LiveStatus = 'connecting';
let abort: AbortController | null = null;
let running = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let failures = 0;
/** A connection is being made or is open (not waiting to try again). */
let connecting = false;

function setStatus(next: LiveStatus) {
  if (status === next) return;
  status = next;
  for (const listener of statusListeners) listener(status);
}

export function onLiveEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function onLiveStatus(listener: (status: LiveStatus) => void): () => void {
  statusListeners.add(listener);
  listener(status);
  return () => statusListeners.delete(listener);
}

function scheduleRetry() {
  if (!running) return;
  failures += 1;
  const wait = Math.min(30_000, 1000 * 2 ** Math.min(failures - 1, 5)) * (0.75 + Math.random() * 0.5);
  setStatus(navigator.onLine ? 'connecting' : 'offline');
  clearTimeout(retryTimer);
  retryTimer = setTimeout(connect, wait);
}

async function connect() {
  if (!running || connecting) return;
  // Without a connection there is nothing to try: coming back online ('online' below) connects at once.
  if (!navigator.onLine) {
    setStatus('offline');
    return;
  }
  connecting = true;
  abort = new AbortController();
  try {
    let response = await fetch(API.chat.events, {
      headers: { authorization: `Bearer ${currentToken() ?? ''}` },
      signal: abort.signal,
    });
    if (response.status === 401) {
      if (!(await refreshSession())) {
        stopLive();
        return;
      }
      response = await fetch(API.chat.events, {
        headers: { authorization: `Bearer ${currentToken() ?? ''}` },
        signal: abort.signal,
      });
    }
    if (!response.ok || !response.body) throw new Error(`events: ${response.status}`);
    const push = eventStreamParser((data) => {
      const event = data as MemberLiveEvent;
      if (event.type === 'ready') {
        failures = 0;
        setStatus('open');
      }
      for (const listener of listeners) listener(event);
    });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      push(value);
    }
  } catch {
    // the connection failed or was cut: tried again below
  } finally {
    connecting = false;
  }
  // The stream ended (the token's time, a server restart): connect again.
  scheduleRetry();
}

export function startLive() {
  if (running) return;
  running = true;
  failures = 0;
  setStatus(navigator.onLine ? 'connecting' : 'offline');
  void connect();
}

export function stopLive() {
  running = false;
  clearTimeout(retryTimer);
  abort?.abort();
  abort = null;
}

// Back online: no need to wait out the backoff.
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    if (!running || connecting) return;
    clearTimeout(retryTimer);
    failures = 0;
    void connect();
  });
  window.addEventListener('offline', () => {
    if (running) setStatus('offline');
  });
}
