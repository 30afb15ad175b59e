// Every route, called with hostile input — random JSON of any shape, huge and unicode strings, wrong
// content types, odd path parameters — by every kind of caller, answers a 4xx (or 2xx) with a
// message: never a 5xx. Generated from the route table, so a new route is covered without a change.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntityUser } from '../test-support/factories.js';
import { createTestApp, signIn, TEST_ADMIN, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
let callers: Record<'anonymous' | 'admin' | 'entity', Record<string, string>>;
beforeAll(async () => {
  // A high rate limit so that the flood itself is not what answers.
  t = await createTestApp({ RATE_LIMIT_AUTH_MAX: '100000' });
  await t.app.ready();
  const entity = await createEntityUser(t.db());
  callers = {
    anonymous: {},
    admin: { authorization: (await signIn(t.app, { ...TEST_ADMIN, role: 'admin' })).authorization },
    entity: {
      authorization: (
        await signIn(t.app, { email: entity.email, password: entity.password!, role: 'entity' })
      ).authorization,
    },
  };
});
afterAll(() => t.close());

/** Routes whose success changes who is signed in: fuzzing them would end the callers' sessions. */
const SKIP = new Set(['POST /api/auth/logout', 'POST /api/auth/me/password/change']);

function routes() {
  return t.app.routeTable.filter(
    (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && !SKIP.has(`${r.method} ${r.url}`),
  );
}

const pathParam = fc.oneof(
  fc.uuid(),
  fc.constant('not-a-uuid'),
  fc.constant('0'),
  fc.constant('%00'),
  fc.constant("1' or '1'='1"),
  fc.string({ minLength: 1, maxLength: 40 }).map(encodeURIComponent),
);

const hostileString = fc.oneof(
  fc.string({ maxLength: 50 }),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constant('x'.repeat(100_000)),
  fc.constant('<img src=x onerror=alert(1)>'),
  fc.constant('\u0000\u202e\ud83d\ude00'),
);

const hostileBody = fc.oneof(
  fc.jsonValue(),
  fc.dictionary(
    fc.constantFrom('email', 'password', 'role', 'name', 'code', 'state', 'phone', 'subtype', 'id'),
    hostileString,
  ),
  fc.array(fc.jsonValue(), { maxLength: 5 }),
);

function expectHandled(status: number, body: string, label: string) {
  expect(status, `${label}: ${body.slice(0, 200)}`).toBeLessThan(500);
  if (status >= 400) expect(JSON.parse(body).message, label).toEqual(expect.any(String));
}

describe('hostile input', () => {
  it('never gets a 5xx from any route, as any caller', async () => {
    for (const route of routes()) {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('anonymous', 'admin', 'entity' as const),
          fc.array(pathParam, { minLength: 3, maxLength: 3 }),
          hostileBody,
          async (caller, params, body) => {
            let i = 0;
            const url = route.url.replace(/:[A-Za-z]+/g, () => params[i++ % params.length]!);
            const response = await t.app.inject({
              method: route.method as 'POST',
              url,
              headers: callers[caller as 'admin'],
              ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: body as object }),
            });
            expectHandled(response.statusCode, response.body, `${caller} ${route.method} ${url}`);
          },
        ),
        { numRuns: 25 },
      );
    }
  });

  it('answers a wrong content type or a broken body with a 4xx and a message', async () => {
    for (const route of routes().filter((r) => r.method === 'POST' || r.method === 'PUT')) {
      const url = route.url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
      for (const [contentType, payload] of [
        ['text/plain', 'hello'],
        ['application/json', '{"email":'],
        ['application/xml', '<a/>'],
        ['application/json', 'null'],
      ] as const) {
        const response = await t.app.inject({
          method: route.method as 'POST',
          url,
          headers: { ...callers.admin, 'content-type': contentType },
          payload,
        });
        expectHandled(response.statusCode, response.body, `${route.method} ${url} ${contentType} ${payload}`);
      }
    }
  });

  it('answers an oversized body with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024), role: 'admin' }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toEqual(expect.any(String));
  });
});
