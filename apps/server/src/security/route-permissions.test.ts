// Every route of the API either names the roles it admits, or is listed here as public. A new route
// that forgets its guard fails this test; a guarded route is checked for 401 without a session and
// 403 for a role it does not admit — before its input is even validated.
import { MSG } from '@bridge-talk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiRoute } from '../../test/api-client.js';
import { createEntityUser } from '../../test/factories.js';
import { createTestApp, signIn, TEST_ADMIN, type TestApp } from '../../test/test-app.js';
import { METRICS_PATH } from '../modules/health/metrics.js';

/** Routes anyone may call, each for a reason. */
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'GET /api/ready',
  'POST /api/auth/login',
  // a sign-in's second step: the state of a right password is the credential
  'POST /api/auth/login/code',
  'POST /api/auth/login/second-factor',
  'POST /api/auth/login/passkey/options',
  'POST /api/auth/login/passkey',
  'POST /api/auth/refresh',
  'POST /api/auth/logout',
  'POST /api/auth/register',
  'POST /api/auth/password/request',
  'POST /api/auth/password/validate',
  'POST /api/auth/password/change',
  // the logged-out terms modal
  'GET /api/term/last',
  // anyone holding a conversation transcript checks its SHA-256 (answers no content)
  'GET /api/exports/verify/:hash',
  // family members (no portal account) ask for an e-mailed code and exchange it for a member token;
  // the other /api/chat routes take that token (role 'member')
  'POST /api/chat/sessions/code',
  'POST /api/chat/sessions',
  // the families' app: its session cookie for a new member token, and signing out on the device
  'POST /api/chat/sessions/refresh',
  'POST /api/chat/sessions/end',
  // an unread-messages e-mail's opt-out link: its signed token says whose e-mails stop
  'POST /api/chat/notifications/unread-mail/opt-out',
  // the agreements' test clock: answers 404 unless the server runs with TEST_CLOCK=true (journeys only)
  'PUT /api/test/clock',
]);

/** Routes guarded by a credential of their own rather than a portal session. */
const TOKEN_ROUTES = new Set([
  // Prometheus's scrape: METRICS_TOKEN as the bearer; registered only when that is set
  `GET ${METRICS_PATH}`,
]);

let t: TestApp;
let tokens: Record<'admin' | 'entity', string>;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: 'route-permissions-metrics-token' });
  await t.app.ready();
  const entity = await createEntityUser(t.db());
  tokens = {
    admin: (await signIn(t.app, { ...TEST_ADMIN, role: 'admin' })).authorization,
    entity: (await signIn(t.app, { email: entity.email, password: entity.password!, role: 'entity' }))
      .authorization,
  };
});
afterAll(() => t.close());

function apiRoutes() {
  return t.app.routeTable.filter((r) => isApiRoute(r.url));
}

function concrete(url: string): string {
  return url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000').replace('*', 'x');
}

describe('route permissions', () => {
  it('every API route is guarded or deliberately public', () => {
    const unguarded = apiRoutes()
      .filter((r) => r.roles.length === 0)
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !PUBLIC_ROUTES.has(key) && !TOKEN_ROUTES.has(key));
    expect(unguarded).toEqual([]);
  });

  it('the public and token lists name only routes that exist', () => {
    const existing = new Set(apiRoutes().map((r) => `${r.method} ${r.url}`));
    const stale = [...PUBLIC_ROUTES, ...TOKEN_ROUTES].filter((key) => !existing.has(key));
    expect(stale).toEqual([]);
  });

  it('a route with a token of its own answers 401 without it, and to every portal session', async () => {
    for (const key of TOKEN_ROUTES) {
      const [method, url] = key.split(' ') as ['GET', string];
      for (const authorization of [undefined, tokens.admin, tokens.entity, 'Bearer not-the-token']) {
        const response = await t.app.inject({
          method,
          url,
          headers: authorization ? { authorization } : {},
        });
        expect(response.statusCode, `${key} ${authorization?.slice(0, 12)}`).toBe(401);
        expect(response.json()).toEqual({ message: MSG.extra.metricsTokenRequired });
      }
    }
  });

  it('a guarded route answers 401 without a session, whatever the body', async () => {
    for (const route of apiRoutes().filter((r) => r.roles.length > 0)) {
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        payload: route.method === 'GET' ? undefined : {},
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('a guarded route answers 403 to a role it does not admit', async () => {
    for (const route of apiRoutes().filter((r) => r.roles.length > 0)) {
      for (const role of ['admin', 'entity'] as const) {
        if (route.roles.includes(role)) continue;
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: { authorization: tokens[role] },
          payload: route.method === 'GET' ? undefined : {},
        });
        expect(response.statusCode, `${role} ${route.method} ${route.url}`).toBe(403);
      }
    }
  });
});
