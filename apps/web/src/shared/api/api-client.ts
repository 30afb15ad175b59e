// The one way the web app calls the API: JSON in and out, the bearer token from memory, and on a 401
// a single refresh through the httpOnly cookie and a replay of the request. If the refresh fails the
// session is over: storage is cleared and the user goes to the root page.
import { API, MSG, type SessionResponse } from '@bridge-talk/contract';
import { webConfig } from '../../config/index.js';
import { clearStorage } from '../session/storage.js';
import { currentAccessToken, publishSession } from '../session/token.js';

export class ApiError extends Error {
  readonly status: number;
  readonly fields: Record<string, string>;
  /** The whole answer, for the rare error that carries more (a 406 carries the activation `state`). */
  readonly body: Record<string, unknown>;

  constructor(
    status: number,
    message: string,
    fields: Record<string, string> = {},
    body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fields = fields;
    this.body = body;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  body?: unknown;
  signal?: AbortSignal;
  /** Do not try a refresh on 401 (the auth calls themselves). */
  skipRefresh?: boolean;
  /** More request headers, e.g. an `Idempotency-Key` that makes a repeated submit harmless. */
  headers?: Record<string, string>;
}

let refreshing: Promise<SessionResponse | null> | null = null;
let onSessionExpired: () => void = () => {
  clearStorage();
  window.location.assign('/');
};

/** Lets tests and the session provider decide what an expired session does. */
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

/** Exchanges the refresh cookie for a new access token; concurrent callers share one request. */
export function refreshSession(): Promise<SessionResponse | null> {
  refreshing ??= (async () => {
    try {
      const response = await fetch(`${webConfig.apiBase}${API.auth.refresh}`, {
        method: 'POST',
        credentials: 'same-origin',
      });
      if (!response.ok) return null;
      // Checked where it is made: the server sends this answer through ZSessionResponse (the route's
      // response schema), so the client takes its type and keeps zod out of every page's first download.
      const session = (await response.json()) as SessionResponse;
      publishSession(session);
      return session;
    } catch {
      return null;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const token = currentAccessToken();
  if (token) headers.authorization = `Bearer ${token}`;
  return fetch(`${webConfig.apiBase}${path}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: 'same-origin',
    signal: options.signal,
  });
}

async function errorOf(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as { message?: string; fields?: Record<string, string> };
    return new ApiError(response.status, body.message ?? MSG.common.somethingWrong, body.fields ?? {}, body);
  } catch {
    return new ApiError(response.status, MSG.common.somethingWrong);
  }
}

export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  let response = await send(path, options);
  if (response.status === 401 && !options.skipRefresh) {
    const session = await refreshSession();
    if (!session) {
      publishSession(null);
      onSessionExpired();
      throw await errorOf(response);
    }
    response = await send(path, options);
    if (response.status === 401) {
      // A fresh token refused at once: the account or session ended on the server.
      publishSession(null);
      onSessionExpired();
    }
  }
  if (!response.ok) throw await errorOf(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
