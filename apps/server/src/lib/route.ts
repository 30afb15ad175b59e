// Registers a route from its contract entry: method, path and schemas (params, query, body, headers,
// a response per status) all come from `endpoints` in @bridge-talk/contract, so the handler's input
// and output types follow from the same entry the web client is typed with. The options add what is
// the server's alone: guards, limits, and the OpenAPI page's words.
import type { Endpoint } from '@bridge-talk/contract';
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
  security?: Record<string, string[]>[];
  consumes?: string[];
}

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

/** `route(app, endpoints.admin.create, { onRequest: app.requireRole('admin') }, handler)`. */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  extras: RouteExtras<E>,
  handler: EndpointHandler<E>,
): void {
  const { method, path, params, query, body, headers, responses } = endpoint;
  const parts = { params, querystring: query, body, headers, response: responses };
  const schema = Object.fromEntries(Object.entries(parts).filter(([, part]) => part !== undefined));
  const options = { ...extras, method, url: path, schema: { ...extras.schema, ...schema }, handler };
  // The types were checked above, per entry; Fastify's own route() cannot name them generically.
  app.route(options as unknown as RouteOptions);
}
