// What an endpoint's schema entry holds, and the types the server and the web client read from an
// entry. The web app imports these as types only: no zod reaches its bundle from here.
import type { ZodType, z } from 'zod';
import type { Route, RouteTable } from '../routes.js';
import { ZErrorResponse } from '../schemas/common.js';

/** The schemas of one endpoint: its path params, query, body and headers, and a response per status. */
export interface EndpointSchema {
  readonly params?: ZodType;
  readonly query?: ZodType;
  readonly body?: ZodType;
  readonly headers?: ZodType;
  readonly responses: { readonly [status: number]: ZodType };
}

/** The schema entries an area of ROUTES needs: exactly its keys (`satisfies` checks both ways). */
export type SchemasOf<Area extends RouteTable[string]> = { readonly [N in keyof Area]: EndpointSchema };

/** Route and schemas of one endpoint together: what the server registers. */
export type Endpoint = Route & EndpointSchema;

/** Error answers all share one body: `errorAnswers(400, 401)` → `{ 400: ZErrorResponse, 401: … }`. */
export function errorAnswers<const C extends readonly number[]>(
  ...codes: C
): { readonly [K in C[number]]: typeof ZErrorResponse } {
  return Object.fromEntries(codes.map((code) => [code, ZErrorResponse])) as {
    readonly [K in C[number]]: typeof ZErrorResponse;
  };
}

type SuccessStatus = 200 | 201 | 204;

type SchemaAt<E, K extends string> = E extends { readonly [P in K]: infer S extends ZodType } ? S : undefined;

/** The path params a caller fills in (`:name` segments), or undefined when the path has none. */
export type ParamsOf<E> = SchemaAt<E, 'params'> extends infer S extends ZodType ? z.input<S> : undefined;
export type QueryOf<E> = SchemaAt<E, 'query'> extends infer S extends ZodType ? z.input<S> : undefined;
export type BodyOf<E> = SchemaAt<E, 'body'> extends infer S extends ZodType ? z.input<S> : undefined;

/** The successful answer: the 200 or 201 schema's type (a 204 answers nothing). */
export type ResponseOf<E> = E extends { readonly responses: infer R }
  ? {
      [K in keyof R & SuccessStatus]: K extends 204
        ? undefined
        : R[K] extends ZodType
          ? z.output<R[K]>
          : never;
    }[keyof R & SuccessStatus]
  : never;
