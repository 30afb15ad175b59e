// The tests' client of the API: every call names its endpoint from the contract's `endpoints` (method,
// path and schemas), so no test writes an '/api/…' path or casts an answer. It goes through Fastify's
// `app.inject`: `call(t.app, endpoints.families.list, { query: { search }, auth })` fills the path's
// `:name` segments from `params`, serialises `query`, sends `body` as JSON, and answers the injected
// response itself (statusCode, headers, cookies, body text, payload) with `json()` typed from the
// endpoint: the successful answer by default, another status's with `json<404>()`, and `error()` for the
// error body every refusal shares.
//
// `callLoose` takes the same options typed as unknown: for the tests that send what the contract
// refuses on purpose (hostile input, validation, a missing segment value). The few addresses outside the
// contract have a name here too: `unknownApiPath`, `testRoutePath`, `OPENAPI_DOCUMENT_PATH`.
import {
  API_PREFIX,
  apiPath,
  type Endpoint,
  type ErrorResponse,
  endpoints,
  type QueryOf,
  type Route,
} from '@bridge-talk/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ZodType, z } from 'zod';
import { METRICS_PATH } from '../src/modules/health/metrics.js';

type Responses<E> = E extends { readonly responses: infer R } ? R : never;
type SuccessStatus = 200 | 201 | 204;

/** The statuses the endpoint answers with, as the contract lists them. */
type StatusOf<E> = keyof Responses<E> & number;

/** The body of the endpoint's answer with status S (a 204 answers nothing). */
type AnswerBody<E, S> = S extends 204
  ? undefined
  : S extends keyof Responses<E>
    ? Responses<E>[S] extends ZodType
      ? z.output<Responses<E>[S]>
      : never
    : never;

type DefaultStatus<E> = [StatusOf<E> & SuccessStatus] extends [never]
  ? StatusOf<E>
  : StatusOf<E> & SuccessStatus;

type SchemaInput<E, K extends string> = E extends { readonly [P in K]: infer S extends ZodType }
  ? z.input<S>
  : undefined;

/** A credential: an authorization header's value, or a session from signIn(); null sends none. */
export type Auth = string | { readonly authorization: string } | null | undefined;

interface Common {
  auth?: Auth;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
  remoteAddress?: string;
}

type ParamsOption<E> =
  SchemaInput<E, 'params'> extends undefined ? { params?: undefined } : { params: SchemaInput<E, 'params'> };

/** What a call sends, typed from the endpoint. */
export type CallOptions<E> = Common &
  ParamsOption<E> & {
    query?: QueryOf<E> extends undefined ? undefined : Partial<NonNullable<QueryOf<E>>>;
    body?: SchemaInput<E, 'body'>;
  };

/** What a loose call sends: anything, for the tests of what the API refuses. */
export type LooseOptions = Common & {
  params?: Readonly<Record<string, unknown>>;
  /** An object serialised as the query, or the query string itself (after the `?`). */
  query?: Readonly<Record<string, unknown>> | string;
  body?: unknown;
  /** The raw request payload (a string or bytes), sent as it is instead of `body`. */
  payload?: string | Buffer;
};

/** The injected response, its `json()` typed from the endpoint. */
export type Answer<E> = Omit<LightMyRequestResponse, 'json'> & {
  /** The body parsed as JSON, typed as the successful answer; `json<404>()` for another status. */
  json<S extends StatusOf<E> = DefaultStatus<E>>(): AnswerBody<E, S>;
  /**
   * The body parsed as the error answer every refusal shares (message, fields, retryAfterSeconds);
   * `fields` typed as present, since a test that reads them expects them.
   */
  error(): ErrorResponse & { fields: Record<string, string> };
  /** The untyped response, for tests that read its raw payload. */
  response: LightMyRequestResponse;
};

type AppLike = FastifyInstance | (() => FastifyInstance);

function queryString(query: LooseOptions['query']): string {
  if (query === undefined) return '';
  if (typeof query === 'string') return query === '' ? '' : `?${query}`;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item));
  }
  const text = search.toString();
  // `{ search: '' }` still names the parameter, as '?search=' does.
  return text === '' && Object.keys(query).length === 0 ? '' : `?${text}`;
}

/** The address a call goes to: the endpoint's path with its params filled in, and the query. */
export function urlOf(
  route: { readonly path: string },
  params?: LooseOptions['params'],
  query?: LooseOptions['query'],
): string {
  const path = route.path.includes(':') ? apiPath(route.path, params ?? {}) : route.path;
  return `${path}${queryString(query)}`;
}

const CONTRACT_PATTERNS = Object.values(endpoints)
  .flatMap((area) => Object.values(area))
  .map(({ path }) => new RegExp(`^${path.replace(/:[A-Za-z]+/g, '[^/]+')}$`));

/**
 * An address under the API that no endpoint of the contract answers, `rest` sent as written (so
 * `unknownApiPath('%zz')` is a malformed escape): `unknownApiPath('nothing-here')`.
 */
export function unknownApiPath(rest: string): string {
  const path = `${API_PREFIX}/${rest}`;
  if (CONTRACT_PATTERNS.some((pattern) => pattern.test(path.split('?')[0]!))) {
    throw new Error(`unknownApiPath: ${path} is an endpoint of the contract`);
  }
  return path;
}

/** The path of a route a test registers for itself, under the API and outside the contract. */
export function testRoutePath(name: string): string {
  return unknownApiPath(`test/${name}`);
}

/** The OpenAPI document, which swagger-ui serves as `json` under the docs route's prefix. */
export const OPENAPI_DOCUMENT_PATH = `${endpoints.system.docs.path}/json`;

/**
 * Whether a registered route is one the whole-API tests walk: every route under the API (the
 * contract's), and the metrics scrape, but not swagger-ui's pages under the docs route.
 */
export function isApiRoute(url: string): boolean {
  return (
    (url.startsWith(`${API_PREFIX}/`) && !url.startsWith(endpoints.system.docs.path)) || url === METRICS_PATH
  );
}

function authorizationOf(auth: Auth): Record<string, string> {
  if (auth === null || auth === undefined) return {};
  return { authorization: typeof auth === 'string' ? auth : auth.authorization };
}

async function send<E extends Route>(app: AppLike, endpoint: E, options: LooseOptions): Promise<Answer<E>> {
  const instance = typeof app === 'function' ? app() : app;
  const headers = { ...authorizationOf(options.auth), ...options.headers };
  const payload =
    options.payload ?? (options.body === undefined ? undefined : (options.body as string | object | Buffer));
  const response = await instance.inject({
    method: endpoint.method,
    url: urlOf(endpoint, options.params, options.query),
    headers,
    ...(options.cookies ? { cookies: options.cookies } : {}),
    ...(payload === undefined ? {} : { payload }),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  return Object.assign(response, {
    response,
    error: () => response.json<ErrorResponse>(),
  }) as unknown as Answer<E>;
}

/** Calls an endpoint with input typed from its schemas. */
export function call<E extends Endpoint>(
  app: AppLike,
  endpoint: E,
  options?: CallOptions<E>,
): Promise<Answer<E>> {
  return send(app, endpoint, (options ?? {}) as LooseOptions);
}

/** Calls an endpoint with input the contract does not allow (the answer is still typed). */
export function callLoose<E extends Endpoint>(
  app: AppLike,
  endpoint: E,
  options: LooseOptions = {},
): Promise<Answer<E>> {
  return send(app, endpoint, options);
}

/** A client bound to an app and to defaults (a credential, headers) every call starts from. */
export interface Client {
  <E extends Endpoint>(endpoint: E, options?: CallOptions<E>): Promise<Answer<E>>;
  /** The same call with input the contract does not allow. */
  loose<E extends Endpoint>(endpoint: E, options?: LooseOptions): Promise<Answer<E>>;
}

function merged(defaults: Common, options: LooseOptions): LooseOptions {
  return { ...defaults, ...options, headers: { ...defaults.headers, ...options.headers } };
}

/** `const api = testClient(() => t.app, { auth: admin }); await api(endpoints.terms.last)`. */
export function testClient(app: AppLike, defaults: Common = {}): Client {
  const client = <E extends Endpoint>(endpoint: E, options?: CallOptions<E>) =>
    send(app, endpoint, merged(defaults, (options ?? {}) as LooseOptions));
  return Object.assign(client, {
    loose: <E extends Endpoint>(endpoint: E, options: LooseOptions = {}) =>
      send(app, endpoint, merged(defaults, options)),
  });
}

/**
 * The member of a union answer that has `key` (the channel list answers channels, or a channel's
 * messages with `?channelId=`), failing when it is absent: `withKey(list.json(), 'channels').channels`.
 */
export function withKey<T, K extends string>(body: T, key: K): Extract<T, { [P in K]: unknown }> {
  if (typeof body !== 'object' || body === null || !(key in body)) {
    throw new Error(`the answer has no ${key}: ${JSON.stringify(body)}`);
  }
  return body as Extract<T, { [P in K]: unknown }>;
}
