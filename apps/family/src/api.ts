// The member chat API as the app calls it. The member token lives in memory only; the device's
// session is an httpOnly cookie the browser sends to the session routes, never readable here. A 401
// asks for a new token once (the cookie) and tries the call again; when that fails too, the app is
// signed out.
import { API, type MemberSessionResponse } from '@bridge-talk/contract';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type Listener = (member: MemberSessionResponse['member'] | null) => void;

let token: string | null = null;
let member: MemberSessionResponse['member'] | null = null;
const listeners = new Set<Listener>();
let refreshing: Promise<boolean> | null = null;

/**
 * That this browser holds a session cookie: not a credential (the cookie is httpOnly), only whether a
 * page load should ask for a token at all, so that a first visit makes no request that must fail.
 */
const SIGNED_IN_MARK = 'bt-family-signed-in';

function mark(signedIn: boolean) {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_MARK, '1');
    else localStorage.removeItem(SIGNED_IN_MARK);
  } catch {
    // storage unavailable: every page load asks
  }
}

function marked(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_MARK) !== null;
  } catch {
    return true;
  }
}

function setSession(answer: MemberSessionResponse | null) {
  token = answer?.token ?? null;
  member = answer?.member ?? null;
  mark(answer !== null);
  for (const listener of listeners) listener(member);
}

export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const currentMember = () => member;
export const currentToken = () => token;

async function errorOf(response: Response): Promise<ApiError> {
  let message = '';
  try {
    message = ((await response.json()) as { message?: string }).message ?? '';
  } catch {
    // not JSON: a proxy's page
  }
  return new ApiError(response.status, message);
}

/** The device's cookie for a new token; false when the device is not signed in (any more). */
export function refreshSession(): Promise<boolean> {
  if (!token && !marked()) return Promise.resolve(false);
  refreshing ??= fetch(API.chat.refresh, { method: 'POST', credentials: 'same-origin' })
    .then(async (response) => {
      if (response.status === 401) {
        setSession(null);
        return false;
      }
      if (!response.ok) throw await errorOf(response);
      setSession((await response.json()) as MemberSessionResponse);
      return true;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** Calls the API with the member's token; JSON in and out. */
export async function api<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const send = () => {
    const headers = new Headers(init.headers);
    if (token) headers.set('authorization', `Bearer ${token}`);
    if (init.json !== undefined) headers.set('content-type', 'application/json');
    return fetch(path, {
      ...init,
      headers,
      credentials: 'same-origin',
      ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
    });
  };
  let response = await send();
  // Only a call made with a token can have outlived it (a wrong code is a 401 too).
  if (response.status === 401 && token && (await refreshSession())) response = await send();
  if (!response.ok) throw await errorOf(response);
  return (response.status === 204 ? null : await response.json()) as T;
}

export async function requestCode(email: string): Promise<{ state: string }> {
  return api(API.chat.code, { method: 'POST', json: { email } });
}

export async function signInWithCode(input: { email: string; code: string; state: string }) {
  const answer = await api<MemberSessionResponse>(API.chat.sessions, { method: 'POST', json: input });
  setSession(answer);
}

export async function signOut(): Promise<void> {
  try {
    await fetch(API.chat.signOut, {
      method: 'POST',
      credentials: 'same-origin',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  } finally {
    setSession(null);
  }
}

/** Fills the `:name` segments of a path. */
export function pathOf(path: string, params: Record<string, string>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}
