// The schema table: under each key of ROUTES, that endpoint's params, query, body and responses. The
// server registers its routes from `endpoints` (route and schemas joined); the web app imports only
// the types below, and calls through ROUTES, so zod stays out of its bundle.
import { ROUTES, type Route, type Routes } from '../routes.js';
import { activityEndpoints } from './activity.js';
import { adminEndpoints } from './admins.js';
import { agreementEndpoints } from './agreements.js';
import { authEndpoints } from './auth.js';
import { billingEndpoints } from './billing.js';
import { chatEndpoints } from './chat.js';
import { conversationEndpoints } from './conversations.js';
import type { EndpointSchema, SchemasOf } from './endpoint.js';
import { entityEndpoints } from './entities.js';
import { familyEndpoints } from './families.js';
import { paymentsEndpoints } from './payments.js';
import { reportEndpoints } from './reports.js';
import { secondFactorEndpoints } from './second-factors.js';
import { systemEndpoints } from './system.js';
import { termEndpoints } from './terms.js';

export type { BodyOf, Endpoint, EndpointSchema, ParamsOf, QueryOf, ResponseOf } from './endpoint.js';
export { errorAnswers } from './endpoint.js';

/** Every area of ROUTES, and no other (each area file checks its own keys the same way). */
const ENDPOINT_SCHEMAS = {
  system: systemEndpoints,
  auth: authEndpoints,
  billing: billingEndpoints,
  families: familyEndpoints,
  payments: paymentsEndpoints,
  entities: entityEndpoints,
  admins: adminEndpoints,
  terms: termEndpoints,
  conversations: conversationEndpoints,
  chat: chatEndpoints,
  reports: reportEndpoints,
  activity: activityEndpoints,
  agreements: agreementEndpoints,
  secondFactors: secondFactorEndpoints,
} satisfies { readonly [A in keyof Routes]: SchemasOf<Routes[A]> };

type EndpointSchemas = typeof ENDPOINT_SCHEMAS;

type Joined = {
  readonly [A in keyof Routes]: {
    readonly [N in keyof Routes[A]]: Routes[A][N] & EndpointSchemas[A][N & keyof EndpointSchemas[A]];
  };
};

function join(): Joined {
  const areas = Object.entries(ROUTES).map(([area, routes]) => {
    const schemas: Record<string, EndpointSchema> = ENDPOINT_SCHEMAS[area as keyof Routes];
    return [
      area,
      Object.fromEntries(
        Object.entries(routes).map(([name, route]) => [name, { ...route, ...schemas[name] }]),
      ),
    ];
  });
  return Object.fromEntries(areas) as Joined;
}

/** Each endpoint's method, path and schemas, under the keys of ROUTES: what the server registers. */
export const endpoints = join();

type AnyEndpoint = { [A in keyof Joined]: Joined[A][keyof Joined[A]] }[keyof Joined];

/** The endpoint (route and schemas) of an entry of ROUTES: `EndpointOf<typeof ROUTES.auth.me>`. */
export type EndpointOf<R extends Route> = Extract<AnyEndpoint, R>;
