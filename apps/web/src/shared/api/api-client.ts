// The one way the web app calls the API: JSON in and out, the bearer token from memory, and on a 401
// a single refresh through the httpOnly cookie and a replay of the request. If the refresh fails the
// session is over: storage is cleared and the user goes to the root page.
//
// Calls name an entry of the contract's ROUTES (method and path, no zod): `callApi(ROUTES.terms.byId,
// { params: { id } })`. Params, query and body are typed from that entry's schemas, and so is the
// answer: the server checked it against the same schema before sending it, so it is typed here, not
// parsed again, and zod stays out of every page's first download.
import {
  apiPath,
  type BodyOf,
  type EndpointOf,
  MSG,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
  ROUTES,
  type Route,
} from '@bridge-talk/contract';
import { webConfig } from '../../config/index.js';
import { holdSessionEnd } from '../forms/unsaved-changes-store.js';
import { announceSessionEnd, sessionEndOf } from '../session/session-end.js';
import { clearStorage, storedRole } from '../session/storage.js';
import { currentAccessToken, onSessionChange, publishSession } from '../session/token.js';

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
  method?: Route['method'];
  /** Sent as JSON; a FormData (files) is sent as multipart/form-data. */
  body?: unknown;
  signal?: AbortSignal;
  /** Do not try a refresh on 401 (the auth calls themselves). */
  skipRefresh?: boolean;
  /** More request headers, e.g. an `Idempotency-Key` that makes a repeated submit harmless. */
  headers?: Record<string, string>;
}

let refreshing: Promise<Answer<typeof ROUTES.auth.refresh> | null> | null = null;
/**
 * A session the server ended: the role's login page says why (the refused request's message: expired,
 * the account removed or disabled), and the other tabs of this browser leave too.
 */
let onSessionExpired: (why: string) => void = (why) => {
  const role = storedRole() ?? 'entity';
  const end = sessionEndOf(why);
  clearStorage();
  announceSessionEnd(role, end);
  window.location.assign(`/login/${role}?${new URLSearchParams({ ended: end })}`);
};

/**
 * Set while the person signs out: the server ends the session before the app leaves, and a request
 * still in flight then meets a 401. That is the sign-out they asked for, not a session that expired
 * under them: it must not send them to the login saying so. A new session clears it.
 */
let signingOut = false;
/** Set from the click on Logout until the server has answered it: nothing else is sent meanwhile. */
let sendingHeld = false;
onSessionChange((session) => {
  if (session) {
    signingOut = false;
    sendingHeld = false;
  }
});
export function markSigningOut(): void {
  signingOut = true;
  sendingHeld = true;
}

/** The server has answered the sign-out: the logged-out pages may call what they need. */
export function signOutAnswered(): void {
  sendingHeld = false;
}

/**
 * A refused request's session is over. A page holding unsaved changes keeps them on screen, and says
 * how to save them (unsaved-changes.tsx); any other page leaves.
 */
function endSession(why: string): void {
  if (signingOut) return;
  const role = storedRole() ?? 'entity';
  if (holdSessionEnd(role, sessionEndOf(why))) {
    announceSessionEnd(role, sessionEndOf(why));
    return;
  }
  publishSession(null);
  onSessionExpired(why);
}

/** Lets tests and the session provider decide what an expired session does. */
export function setSessionExpiredHandler(handler: (why: string) => void): void {
  onSessionExpired = handler;
}

/** The answer's JSON; its caller types it by the endpoint (the server's response schema checked it). */
async function answerOf(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}

/**
 * The session restore index.html started before the app loaded, taken once: the first refresh. Only
 * when the API is the page's own origin, where that script sends it.
 */
function takeEarlyRestore(): Promise<Response> | undefined {
  const page = window as { __sessionRestore?: Promise<Response> };
  const early = page.__sessionRestore;
  delete page.__sessionRestore;
  return webConfig.apiBase === '' ? early : undefined;
}

async function requestRefresh(): Promise<Answer<typeof ROUTES.auth.refresh> | null> {
  try {
    const { method, path } = ROUTES.auth.refresh;
    const response = await (takeEarlyRestore() ??
      fetch(`${webConfig.apiBase}${path}`, { method, credentials: 'same-origin' }));
    if (!response.ok) return null;
    // An answer that is not the session JSON (none, or not JSON) is a failed refresh: json() throws.
    const session = (await response.json()) as Answer<typeof ROUTES.auth.refresh>;
    publishSession(session);
    return session;
  } catch {
    return null;
  }
}

/** Exchanges the refresh cookie for a new access token; concurrent callers share one request. */
export function refreshSession(): Promise<Answer<typeof ROUTES.auth.refresh> | null> {
  // Cleared once settled, and never before it is stored (a fetch may fail before its first await).
  refreshing ??= requestRefresh().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** A request's body: JSON, or a form of files sent as it is (the browser writes its type and boundary). */
function bodyOf(body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined;
  return body instanceof FormData ? body : JSON.stringify(body);
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.body !== undefined && !(options.body instanceof FormData)) {
    headers['content-type'] = 'application/json';
  }
  const token = currentAccessToken();
  if (token) headers.authorization = `Bearer ${token}`;
  return fetch(`${webConfig.apiBase}${path}`, {
    method: options.method ?? 'GET',
    headers,
    body: bodyOf(options.body),
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

/** The transport under callApi: a path already filled in, an answer not yet typed. */
export async function apiRequest(path: string, options: RequestOptions = {}): Promise<unknown> {
  return answerOf(await authorizedResponse(path, options));
}

/** A file the API answers (a CSV report): its bytes, asked for as every other call is. */
export async function apiDownload(path: string, options: RequestOptions = {}): Promise<Blob> {
  return (await authorizedResponse(path, options)).blob();
}

/** An event stream's answer (text/event-stream), opened as every other call is; its body is read by the caller. */
export function apiStream(path: string, options: RequestOptions = {}): Promise<Response> {
  return authorizedResponse(path, {
    ...options,
    headers: { accept: 'text/event-stream', ...options.headers },
  });
}

/** The answer to a call with the session's token, refreshed once on a 401; a refusal is thrown. */
async function authorizedResponse(path: string, options: RequestOptions): Promise<Response> {
  // While the person signs out, nothing new goes out but the sign-out itself: the server is ending the
  // session, and a request sent now (a page that began loading as they clicked) would only be refused.
  if (sendingHeld && path !== ROUTES.auth.logout.path) throw new ApiError(0, MSG.common.somethingWrong);
  let response = await send(path, options);
  if (response.status === 401 && !options.skipRefresh) {
    const refused = await errorOf(response);
    const session = await refreshSession();
    if (!session) {
      endSession(refused.message);
      throw refused;
    }
    response = await send(path, options);
    if (response.status === 401) {
      // A fresh token refused at once: the account or session ended on the server.
      const again = await errorOf(response);
      endSession(again.message);
      throw again;
    }
  }
  if (!response.ok) throw await errorOf(response);
  return response;
}

/** `?a=1&b=x` from the query's fields, in their order; undefined and null fields are left out. */
export function queryString(query: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    search.append(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

interface CallExtras {
  signal?: AbortSignal;
  /** Do not try a refresh on 401 (the auth calls and the public pages). */
  skipRefresh?: boolean;
  headers?: Record<string, string>;
}

type Part<K extends string, T> = [T] extends [undefined] ? { [P in K]?: never } : { [P in K]: T };

/** What a call of this route passes: its params, query and body as its schemas take them. */
type CallOptions<R extends Route> = CallExtras &
  Part<'params', ParamsOf<EndpointOf<R>>> &
  Part<'body', BodyOf<EndpointOf<R>>> & { query?: QueryOf<EndpointOf<R>> };

type OptionsArgument<R extends Route> = [ParamsOf<EndpointOf<R>>, BodyOf<EndpointOf<R>>] extends [
  undefined,
  undefined,
]
  ? [options?: CallOptions<R>]
  : [options: CallOptions<R>];

/** The success answer of a route: `Answer<typeof ROUTES.auth.me>` is the signed-in user. */
export type Answer<R extends Route> = ResponseOf<EndpointOf<R>>;

/** Calls one endpoint of the contract; the answer is typed by its 200 or 201 response schema. */
export async function callApi<R extends Route>(
  route: R,
  ...[options]: OptionsArgument<R>
): Promise<Answer<R>> {
  const { params, query, body, ...extras } = (options ?? {}) as CallExtras & {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  const path = `${apiPath(route.path, params ?? {})}${queryString(query)}`;
  return (await apiRequest(path, { ...extras, method: route.method, body })) as Answer<R>;
}

/**
 * Sends files to one endpoint of the contract as multipart/form-data, with the token, the refresh on a
 * 401 and the refusals of every other call; the answer is typed as callApi's.
 */
export async function apiUpload<R extends Route>(
  route: R,
  formData: FormData,
  options: CallExtras & Part<'params', ParamsOf<EndpointOf<R>>>,
): Promise<Answer<R>> {
  const { params, ...extras } = options as CallExtras & { params?: Record<string, unknown> };
  const path = apiPath(route.path, params ?? {});
  return (await apiRequest(path, { ...extras, method: route.method, body: formData })) as Answer<R>;
}
