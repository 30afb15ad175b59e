import { AGREEMENT_MSG, API, MSG, ROUTES, type SessionResponse } from '@bridge-talk/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/render.js';
import { currentAccessToken, onSessionChange, publishSession } from '../session/token.js';
import {
  ApiError,
  apiRequest,
  apiUpload,
  callApi,
  markSigningOut,
  queryString,
  refreshSession,
  setSessionExpiredHandler,
  signOutAnswered,
} from './api-client.js';

function session(accessToken: string): SessionResponse {
  return {
    accessToken,
    expiresIn: 900,
    message: MSG.auth.loginSuccess,
    user: {
      _id: 'u1',
      name: 'Ada Admin',
      email: 'ada@example.com',
      role: 'admin',
      subtype: 'admin',
      entityName: null,
      coupon: null,
    },
  };
}

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function stubFetch(handler: Handler) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(handler(String(input), init ?? {})),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function bearerOf(init: RequestInit | undefined): string | undefined {
  return (init?.headers as Record<string, string> | undefined)?.authorization;
}

function callsTo(fetchMock: ReturnType<typeof stubFetch>, path: string) {
  return fetchMock.mock.calls.filter(([url]) => String(url) === path);
}

let expired: ReturnType<typeof vi.fn<() => void>>;

beforeEach(() => {
  publishSession(null);
  expired = vi.fn<() => void>();
  setSessionExpiredHandler(expired);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('sends the bearer token kept in memory, JSON in and out', async () => {
    publishSession(session('token-1'));
    const fetchMock = stubFetch(() => jsonResponse({ ok: true }));

    const result = await apiRequest('/api/things', { method: 'POST', body: { a: 1 } });

    expect(result).toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/things');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ a: 1 }));
    expect(init?.headers).toMatchObject({
      authorization: 'Bearer token-1',
      'content-type': 'application/json',
      accept: 'application/json',
    });
  });

  it('sends no authorization header without a session', async () => {
    const fetchMock = stubFetch(() => jsonResponse([]));
    await apiRequest('/api/things');
    expect(bearerOf(fetchMock.mock.calls[0]![1])).toBeUndefined();
    expect(fetchMock.mock.calls[0]![1]?.method).toBe('GET');
  });

  it('on a 401 refreshes once, stores the new token and replays the request with the new bearer', async () => {
    publishSession(session('old-token'));
    const fetchMock = stubFetch((url, init) => {
      if (url === API.auth.refresh) return jsonResponse(session('new-token'));
      return bearerOf(init) === 'Bearer new-token'
        ? jsonResponse({ value: 42 })
        : jsonResponse({ message: 'expired' }, 401);
    });

    const result = await apiRequest('/api/things');

    expect(result).toEqual({ value: 42 });
    const refreshCalls = callsTo(fetchMock, API.auth.refresh);
    expect(refreshCalls).toHaveLength(1);
    expect(refreshCalls[0]![1]).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    const thingCalls = callsTo(fetchMock, '/api/things');
    expect(thingCalls.map(([, init]) => bearerOf(init))).toEqual(['Bearer old-token', 'Bearer new-token']);
    expect(currentAccessToken()).toBe('new-token');
    expect(expired).not.toHaveBeenCalled();
  });

  it('shares one refresh call between concurrent 401s', async () => {
    publishSession(session('old-token'));
    let releaseRefresh: () => void = () => {};
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    const fetchMock = stubFetch(async (url, init) => {
      if (url === API.auth.refresh) {
        await refreshGate;
        return jsonResponse(session('new-token'));
      }
      return bearerOf(init) === 'Bearer new-token'
        ? jsonResponse({ url })
        : jsonResponse({ message: 'expired' }, 401);
    });

    const all = Promise.all([apiRequest('/api/a'), apiRequest('/api/b'), apiRequest('/api/c')]);
    await vi.waitFor(() => expect(callsTo(fetchMock, API.auth.refresh)).toHaveLength(1));
    // Every request has met its 401 before the single refresh answers.
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(4));
    releaseRefresh();

    await expect(all).resolves.toEqual([{ url: '/api/a' }, { url: '/api/b' }, { url: '/api/c' }]);
    expect(callsTo(fetchMock, API.auth.refresh)).toHaveLength(1);
    for (const path of ['/api/a', '/api/b', '/api/c']) {
      expect(callsTo(fetchMock, path).map(([, init]) => bearerOf(init))).toEqual([
        'Bearer old-token',
        'Bearer new-token',
      ]);
    }
  });

  it('when the refresh fails, publishes a null session, calls the expired handler and throws ApiError', async () => {
    publishSession(session('old-token'));
    const published: (SessionResponse | null)[] = [];
    const unsubscribe = onSessionChange((next) => published.push(next));
    const fetchMock = stubFetch((url) =>
      url === API.auth.refresh
        ? jsonResponse({ message: 'no cookie' }, 401)
        : jsonResponse({ message: MSG.extra.sessionExpired }, 401),
    );

    const error = await apiRequest('/api/things').catch((caught: unknown) => caught);
    unsubscribe();

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: MSG.extra.sessionExpired });
    expect(published).toEqual([null]);
    expect(currentAccessToken()).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
    expect(callsTo(fetchMock, API.auth.refresh)).toHaveLength(1);
    // The original request is not replayed.
    expect(callsTo(fetchMock, '/api/things')).toHaveLength(1);
  });

  it('does not call a 401 met while the person signs out an expired session, until a new session', async () => {
    publishSession(session('old-token'));
    stubFetch((url) =>
      url === API.auth.refresh
        ? jsonResponse({ message: 'no cookie' }, 401)
        : jsonResponse({ message: MSG.extra.sessionExpired }, 401),
    );
    // A request already on its way when the person signs out.
    const inFlight = apiRequest('/api/things');
    markSigningOut();
    await expect(inFlight).rejects.toMatchObject({ status: 401 });
    expect(expired).not.toHaveBeenCalled();

    publishSession(session('next-token'));
    await expect(apiRequest('/api/things')).rejects.toMatchObject({ status: 401 });
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('sends nothing but the sign-out from the click on Logout until the server answers it', async () => {
    publishSession(session('token-1'));
    const fetchMock = stubFetch(() => jsonResponse({ message: 'Signed out.' }));
    markSigningOut();
    await expect(apiRequest('/api/things')).rejects.toMatchObject({ status: 0 });
    await apiRequest(API.auth.logout, { method: 'POST', skipRefresh: true });
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([API.auth.logout]);
    expect(expired).not.toHaveBeenCalled();

    // Answered: the login page signs in again (and reads the terms) in the same tab.
    signOutAnswered();
    await apiRequest(API.auth.login, { method: 'POST', skipRefresh: true });
    expect(callsTo(fetchMock, API.auth.login)).toHaveLength(1);
    // The new session ends the sign-out (the next test starts signed in, not signing out).
    publishSession(session('token-2'));
  });

  it('treats a refresh that cannot be reached as a failed refresh', async () => {
    stubFetch((url) => {
      if (url === API.auth.refresh) throw new TypeError('Failed to fetch');
      return jsonResponse({ message: MSG.extra.sessionExpired }, 401);
    });
    await expect(apiRequest('/api/things')).rejects.toMatchObject({ status: 401 });
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('never refreshes a skipRefresh request', async () => {
    publishSession(session('token-1'));
    const fetchMock = stubFetch(() => jsonResponse({ message: MSG.auth.invalidCredentials }, 401));

    await expect(
      apiRequest(API.auth.login, { method: 'POST', body: {}, skipRefresh: true }),
    ).rejects.toMatchObject({ status: 401, message: MSG.auth.invalidCredentials });

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(callsTo(fetchMock, API.auth.refresh)).toHaveLength(0);
    expect(expired).not.toHaveBeenCalled();
    expect(currentAccessToken()).toBe('token-1');
  });

  it('turns an error body into an ApiError with status, message, fields and body', async () => {
    const body = {
      message: MSG.admins.emailInUse,
      fields: { email: MSG.admins.emailInDatabase },
    };
    stubFetch(() => jsonResponse(body, 409));

    const error = await apiRequest('/api/admin/users', { method: 'POST', body: {} }).catch(
      (caught: unknown) => caught,
    );

    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(409);
    expect(apiError.message).toBe(MSG.admins.emailInUse);
    expect(apiError.fields).toEqual({ email: MSG.admins.emailInDatabase });
    expect(apiError.body).toEqual(body);
    expect(apiError.name).toBe('ApiError');
  });

  it('gives an error with no fields an empty fields object', async () => {
    stubFetch(() => jsonResponse({ message: MSG.extra.forbidden }, 403));
    await expect(apiRequest('/api/x')).rejects.toMatchObject({
      status: 403,
      message: MSG.extra.forbidden,
      fields: {},
    });
  });

  it('gives a body-less error the generic message', async () => {
    stubFetch(() => new Response(null, { status: 500 }));
    await expect(apiRequest('/api/x')).rejects.toMatchObject({
      status: 500,
      message: MSG.common.somethingWrong,
      fields: {},
    });
  });

  it('gives a JSON error without a message the generic message', async () => {
    stubFetch(() => jsonResponse({}, 422));
    await expect(apiRequest('/api/x')).rejects.toMatchObject({
      status: 422,
      message: MSG.common.somethingWrong,
    });
  });

  it('gives undefined for a 204', async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    await expect(apiRequest('/api/x', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it('gives undefined for an empty 200', async () => {
    stubFetch(() => new Response('', { status: 200 }));
    await expect(apiRequest('/api/x')).resolves.toBeUndefined();
  });
});

describe('callApi', () => {
  it("sends the route's method to its path with the params filled in, each encoded", async () => {
    publishSession(session('token-1'));
    const fetchMock = stubFetch(() => jsonResponse({ message: 'ok' }));

    await callApi(ROUTES.conversations.manager, {
      params: { groupId: 'g/1', channelId: 'a b' },
      body: { active: false },
    });

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/group/channel/manager/g%2F1/a%20b');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ active: false }));
    expect(bearerOf(init)).toBe('Bearer token-1');
  });

  it('builds the query string in the order given, leaving out undefined and null fields', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ result: [], total: 0, page: 2, pageSize: 10 }));

    await callApi(ROUTES.entities.list, {
      query: { page: 2, pageSize: 10, search: 'a&b é', sort: undefined },
    });

    expect(fetchMock.mock.calls[0]![0]).toBe('/api/entity/list?page=2&pageSize=10&search=a%26b+%C3%A9');
    expect(fetchMock.mock.calls[0]![1]?.method).toBe('GET');
  });

  it('passes signal, headers and skipRefresh on, and keeps the refresh-on-401 of apiRequest', async () => {
    publishSession(session('old-token'));
    const fetchMock = stubFetch((url, init) => {
      if (url === API.auth.refresh) return jsonResponse(session('new-token'));
      return bearerOf(init) === 'Bearer new-token'
        ? jsonResponse({ _id: 'g1', message: 'saved' })
        : jsonResponse({}, 401);
    });
    const controller = new AbortController();

    const saved = await callApi(ROUTES.billing.changeSubscription, {
      body: { groupId: 'g1', priceId: 'p1' },
      headers: { 'Idempotency-Key': 'k1' },
      signal: controller.signal,
    });

    expect(saved).toEqual({ _id: 'g1', message: 'saved' });
    const calls = callsTo(fetchMock, API.billing.changeSubscription);
    expect(calls).toHaveLength(2);
    expect(calls[1]![1]?.headers).toMatchObject({ 'Idempotency-Key': 'k1' });
    expect(calls[1]![1]?.signal).toBe(controller.signal);
  });

  it('never refreshes a skipRefresh call', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ message: MSG.auth.invalidCredentials }, 401));
    await expect(
      callApi(ROUTES.auth.login, {
        body: { email: 'a@example.com', password: 'x', role: 'admin' },
        skipRefresh: true,
      }),
    ).rejects.toMatchObject({ status: 401 });
    expect(callsTo(fetchMock, API.auth.refresh)).toHaveLength(0);
  });
});

describe('apiUpload', () => {
  const agreementPath = '/api/group/agreement/g%2F1/document';

  it('sends the form as it is, its type left to the browser, with the refresh-on-401 of every call', async () => {
    publishSession(session('old-token'));
    const fetchMock = stubFetch((url, init) => {
      if (url === API.auth.refresh) return jsonResponse(session('new-token'));
      return bearerOf(init) === 'Bearer new-token'
        ? jsonResponse({ agreement: null, versions: [] })
        : jsonResponse({ message: 'expired' }, 401);
    });
    const form = new FormData();
    form.append('file', new File(['%PDF-1.7'], 'signed.pdf', { type: 'application/pdf' }));

    const answer = await apiUpload(ROUTES.agreements.attachDocument, form, { params: { groupId: 'g/1' } });

    expect(answer).toEqual({ agreement: null, versions: [] });
    const calls = callsTo(fetchMock, agreementPath);
    expect(calls.map(([, init]) => bearerOf(init))).toEqual(['Bearer old-token', 'Bearer new-token']);
    for (const [, init] of calls) {
      expect(init?.method).toBe('PUT');
      expect(init?.body).toBe(form);
      expect(init?.headers).toMatchObject({ accept: 'application/json' });
      expect(init?.headers).not.toHaveProperty('content-type');
    }
  });

  it('turns a refusal into an ApiError as every other call does', async () => {
    stubFetch(() => jsonResponse({ message: AGREEMENT_MSG.documentTypeNotAllowed }, 415));
    await expect(
      apiUpload(ROUTES.agreements.attachDocument, new FormData(), { params: { groupId: 'g1' } }),
    ).rejects.toMatchObject({ status: 415, message: AGREEMENT_MSG.documentTypeNotAllowed });
  });
});

describe('refreshSession', () => {
  const page = window as { __sessionRestore?: Promise<Response> };
  afterEach(() => {
    delete page.__sessionRestore;
  });

  it('takes the restore the page began before the app loaded as its first answer, and only once', async () => {
    const fetchMock = stubFetch(() => jsonResponse(session('second')));
    page.__sessionRestore = Promise.resolve(jsonResponse(session('early')));
    const first = await refreshSession();
    expect(first?.accessToken).toBe('early');
    expect(currentAccessToken()).toBe('early');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(page.__sessionRestore).toBeUndefined();

    const second = await refreshSession();
    expect(second?.accessToken).toBe('second');
    expect(callsTo(fetchMock, API.auth.refresh)).toHaveLength(1);
  });

  it('reads a refused or failed early restore as no session, without asking again', async () => {
    const fetchMock = stubFetch(() => jsonResponse(session('unused')));
    page.__sessionRestore = Promise.resolve(jsonResponse({ message: MSG.extra.sessionExpired }, 401));
    expect(await refreshSession()).toBeNull();
    page.__sessionRestore = Promise.reject(new TypeError('Failed to fetch'));
    expect(await refreshSession()).toBeNull();
    expect(currentAccessToken()).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('queryString', () => {
  it('gives an empty string for no query or an empty one', () => {
    expect(queryString()).toBe('');
    expect(queryString({ a: undefined, b: null })).toBe('');
    expect(queryString({ refresh: true, n: 0 })).toBe('?refresh=true&n=0');
  });
});
