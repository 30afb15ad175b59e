// Every route, called with hostile input — random JSON of any shape, bodies and queries generated from
// the route's own schema and then broken (a field missing, of the wrong type, unknown, huge, unicode),
// wrong content types, odd path parameters — by every kind of caller (a family member's chat token
// included), answers a 4xx (or 2xx) with a message: never a 5xx. Generated from the route table and
// the published schemas, so a new route is covered without a change.
import { endpoints, MSG } from '@bridge-talk/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callLoose, isApiRoute, urlOf } from '../../test/api-client.js';
import { addFamilyMember, createEntityUser, createFamily } from '../../test/factories.js';
import { signedMemberAuthorization } from '../../test/member-chat.js';
import { brokenObjectOf, brokenQueryOf, type JsonSchema } from '../../test/schema-arbitraries.js';
import { createTestApp, signIn, TEST_ADMIN, type TestApp } from '../../test/test-app.js';

type CallerName = 'anonymous' | 'admin' | 'entity' | 'member';
let t: TestApp;
let callers: Record<CallerName, Record<string, string>>;
beforeAll(async () => {
  // A high rate limit so that the flood itself is not what answers.
  t = await createTestApp(
    { RATE_LIMIT_AUTH_MAX: '100000', METRICS_TOKEN: 'hostile-input-metrics-token' },
    { startWorkers: false },
  );
  await t.app.ready();
  const entity = await createEntityUser(t.db());
  const { groupId } = await createFamily(t.db(), { entityId: entity.entityId });
  const parent = await addFamilyMember(t.db(), { groupId, role: 'adoptive_parent' });
  callers = {
    member: { authorization: await signedMemberAuthorization(t.app, parent.memberId) },
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
const SKIP = new Set(
  [endpoints.auth.logout, endpoints.auth.accountChange].map(({ method, path }) => `${method} ${path}`),
);

function routes() {
  return t.app.routeTable.filter((r) => isApiRoute(r.url) && !SKIP.has(`${r.method} ${r.url}`));
}

/** A caller the route lets through its guard, so that the input itself is what is judged. */
function admittedCaller(roles: string[]): CallerName {
  if (roles.includes('entity')) return 'entity';
  if (roles.includes('admin')) return 'admin';
  if (roles.includes('member')) return 'member';
  return 'anonymous';
}

interface OpenApiOperation {
  requestBody?: { content?: { 'application/json'?: { schema?: JsonSchema } } };
  parameters?: { in: string; name: string; schema: JsonSchema }[];
}

/** The route's published schema (OpenAPI paths write `{id}` where routes write `:id`). */
function operationOf(route: { method: string; url: string }): OpenApiOperation {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  const path = route.url.replace(/:([A-Za-z]+)/g, '{$1}');
  return doc.paths[path]?.[route.method.toLowerCase()] ?? {};
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
          fc.constantFrom<CallerName>('anonymous', 'admin', 'entity', 'member'),
          fc.array(pathParam, { minLength: 3, maxLength: 3 }),
          hostileBody,
          async (caller, params, body) => {
            let i = 0;
            const url = route.url.replace(/:[A-Za-z]+/g, () => params[i++ % params.length]!);
            const response = await t.app.inject({
              method: route.method as 'POST',
              url,
              headers: callers[caller],
              ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: body as object }),
            });
            expectHandled(response.statusCode, response.body, `${caller} ${route.method} ${url}`);
          },
        ),
        { numRuns: 25 },
      );
    }
  });

  it('answers a wrong content type or a broken body with a 4xx and a message, as a caller the route admits', async () => {
    for (const route of routes().filter((r) => r.method !== 'GET')) {
      const url = route.url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
      for (const [contentType, payload] of [
        ['text/plain', 'hello'],
        ['application/json', '{"email":'],
        ['application/xml', '<a/>'],
        ['application/json', 'null'],
        ['application/json', '[]'],
        ['application/json', '"text"'],
        ['application/json', '{"__proto__":{"role":"admin"},"constructor":{"prototype":{"admin":true}}}'],
        ['application/json; charset=utf-16', '{}'],
        ['application/x-www-form-urlencoded', 'email=a%40b.c&role=admin'],
        [
          'multipart/form-data; boundary=x',
          '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--',
        ],
        ['', '{}'],
      ] as const) {
        const response = await t.app.inject({
          method: route.method as 'POST',
          url,
          headers: { ...callers[admittedCaller(route.roles)], 'content-type': contentType },
          payload,
        });
        expectHandled(response.statusCode, response.body, `${route.method} ${url} ${contentType} ${payload}`);
      }
    }
  });

  it("never gets a 5xx from a body or query made from the route's own schema and then broken", async () => {
    let covered = 0;
    for (const route of routes()) {
      const operation = operationOf(route);
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      const query = (operation.parameters ?? []).filter((p) => p.in === 'query');
      if (!bodySchema && query.length === 0) continue;
      covered += 1;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom<CallerName>(
            admittedCaller(route.roles),
            admittedCaller(route.roles),
            'member',
            'anonymous',
          ),
          pathParam,
          bodySchema ? brokenObjectOf(bodySchema) : fc.constant(undefined),
          brokenQueryOf(query),
          async (caller, param, body, search) => {
            const url = `${route.url.replace(/:[A-Za-z]+/g, () => param)}${search ? `?${search}` : ''}`;
            const response = await t.app.inject({
              method: route.method as 'POST',
              url,
              headers: callers[caller],
              ...(bodySchema
                ? {
                    payload: JSON.stringify(body),
                    headers: { ...callers[caller], 'content-type': 'application/json' },
                  }
                : {}),
            });
            expectHandled(
              response.statusCode,
              response.body,
              `${caller} ${route.method} ${url.slice(0, 200)}`,
            );
          },
        ),
        { numRuns: 20 },
      );
    }
    // The schemas are really there: most routes take a body or a query.
    expect(covered).toBeGreaterThan(30);
  });

  it('refuses a NUL character in a body or a query with 400 before any route sees it', async () => {
    // PostgreSQL text cannot hold a NUL: every request is checked for one, so a terms title with one is
    // refused as input instead of failing in the database with a 500.
    for (const request of [
      { endpoint: endpoints.terms.create, body: { title: 'a\u0000b', content: '<p>x</p>' } },
      { endpoint: endpoints.entities.list, query: { search: 'a\u0000b' } },
    ]) {
      const { endpoint, ...input } = request;
      const response = await callLoose(t.app, endpoint, { ...input, headers: callers.admin });
      expect(response.statusCode, urlOf(endpoint, {}, input.query)).toBe(400);
      expect(response.error().message).toBe(MSG.extra.invalidCharacters);
    }
  });

  it('answers an oversized body with 413', async () => {
    const response = await callLoose(t.app, endpoints.auth.login, {
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024), role: 'admin' }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toEqual(expect.any(String));
  });
});
