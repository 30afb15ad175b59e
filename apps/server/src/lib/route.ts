// Registers a route from its contract entry: method, path and schemas (params, query, body, headers,
// a response per status) all come from `endpoints` in @bridge-talk/contract, so the handler's input
// and output types follow from the same entry the web client is typed with. The options add what is
// the server's alone: guards, limits, and the OpenAPI page's words. The OpenAPI description names each
// operation by its contract key and states its credential from its guard, so neither can drift.
import { type Endpoint, endpoints } from '@bridge-talk/contract';
import type {
  ContextConfigDefault,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteOptions,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * A part of a request after its route has checked it against the contract (trimmed, defaults filled):
 * what a service takes. Requests are validated once, at the route; a service that is handed
 * something else (a job, a seed) is handed it already in this shape.
 */
export type Valid<S extends z.ZodType> = z.output<S>;

type SchemaAt<E, K extends string> = E extends { readonly [P in K]: infer S } ? S : undefined;

/** The Fastify schema of an entry, as fastify-type-provider-zod reads it for the handler's types. */
type FastifySchemaOf<E extends Endpoint> = {
  params: SchemaAt<E, 'params'>;
  querystring: SchemaAt<E, 'query'>;
  body: SchemaAt<E, 'body'>;
  headers: SchemaAt<E, 'headers'>;
  response: E['responses'];
};

/** The OpenAPI page's words about a route; everything else of its schema comes from the entry. */
interface RouteDocs {
  tags?: string[];
  summary?: string;
  description?: string;
  consumes?: string[];
}

/** The credentials the OpenAPI description names (`securitySchemes`), each for the callers it admits. */
export const SECURITY_SCHEMES = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'An access token from /api/auth/login or /api/auth/refresh: administrators and entities.',
  },
  memberToken: {
    type: 'http',
    scheme: 'bearer',
    description: "A family member's chat token, from the e-mailed sign-in code.",
  },
  mediaAccess: {
    type: 'apiKey',
    in: 'query',
    name: 'access',
    description: "A channel's media token, for an attachment's address (an <img> sends no header).",
  },
} as const;

/** The roles a route's guards admit (each guard carries its roles); none: the route is public. */
export function guardRoles(onRequest: unknown): string[] {
  const hooks = Array.isArray(onRequest) ? onRequest : onRequest ? [onRequest] : [];
  return hooks.flatMap((hook) =>
    (hook as { roles?: string[] }).roles ? [...(hook as { roles: string[] }).roles] : [],
  );
}

/** The OpenAPI `security` of a route: what its guards accept, or none (public). */
function securityOf(roles: string[], mediaAccess: boolean): Record<string, string[]>[] {
  const schemes: (keyof typeof SECURITY_SCHEMES)[] = [];
  if (roles.includes('admin') || roles.includes('entity')) schemes.push('bearer');
  if (roles.includes('member')) schemes.push('memberToken');
  if (schemes.length > 0 && mediaAccess) schemes.push('mediaAccess');
  return schemes.map((scheme) => ({ [scheme]: [] }));
}

/** Each endpoint's contract key (`group.list`): its OpenAPI operationId. */
const operationIds = new Map<unknown, string>(
  Object.entries(endpoints).flatMap(([area, entries]) =>
    Object.entries(entries).map(([name, endpoint]) => [endpoint, `${area}.${name}`] as const),
  ),
);

type ShorthandOptions<E extends Endpoint> = RouteShorthandOptions<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  FastifySchemaOf<E>,
  ZodTypeProvider
>;

export type RouteExtras<E extends Endpoint> = Omit<ShorthandOptions<E>, 'schema'> & { schema?: RouteDocs };

export type EndpointHandler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  FastifySchemaOf<E>,
  ZodTypeProvider
>;

/** `route(app, endpoints.admins.create, { onRequest: app.requireRole('admin') }, handler)`. */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  extras: RouteExtras<E>,
  handler: EndpointHandler<E>,
): void {
  const { method, path, params, query, body, headers, responses } = endpoint;
  const parts = { params, querystring: query, body, headers, response: responses };
  const schema = Object.fromEntries(Object.entries(parts).filter(([, part]) => part !== undefined));
  const mediaAccess = Boolean((extras.config as { mediaAccess?: boolean } | undefined)?.mediaAccess);
  const docs = {
    operationId: operationIds.get(endpoint),
    security: securityOf(guardRoles(extras.onRequest), mediaAccess),
  };
  const options = {
    ...extras,
    method,
    url: path,
    schema: { ...extras.schema, ...docs, ...schema },
    handler,
  };
  // The types were checked above, per entry; Fastify's own route() cannot name them generically.
  app.route(options as unknown as RouteOptions);
}
