// The security headers (helmet). Pages get them per request, with nonces of their own: the style
// elements Mantine writes carry the page's nonce. API answers (JSON, attachments) have nothing a nonce
// would admit, so they get the same headers without nonces, worked out once at start: building
// helmet's middleware and two random nonces for every answer would be a cost of every API request.
import { API_PREFIX } from '@bridge-talk/contract';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's answers carry the headers worked out once (an API route). */
    staticSecurityHeaders?: boolean;
  }
}

/** Stripe.js and its card fields load from Stripe's hosts, and only when Stripe takes the payments. */
function securityOptions(stripe: boolean) {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(stripe ? ['https://js.stripe.com'] : [])],
        ...(stripe ? { frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'] } : {}),
        styleSrc: ["'self'"],
        // Pictures and videos come from the portal itself (attachments are served or proxied by it).
        imgSrc: ["'self'", ...(stripe ? ['https://*.stripe.com'] : [])],
        mediaSrc: ["'self'"],
        connectSrc: ["'self'", ...(stripe ? ['https://api.stripe.com'] : [])],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Sent only on answers to a request that came over https (see below): the portal is also served
    // over plain http on localhost, where the header would be meaningless.
    strictTransportSecurity: false,
  };
}

/** Two years, sub-domains included: the answer to any request that reached the portal over https. */
const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains';

/** The headers of an answer the router gives before any route or hook (a malformed address). */
export function frameworkErrorHeaders(stripe: boolean): Record<string, string> {
  return { ...headersOf(securityOptions(stripe)), 'cache-control': 'no-store' };
}

/** The headers helmet sets with these options (the same for every answer without a nonce). */
function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => {},
  };
  helmet(options)({} as never, recorder as never, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Registers helmet for the pages (with nonces) and the headers worked out once for every route under
 * `/api/`. Must run before the routes are added: it marks them as they are.
 */
export async function registerSecurityHeaders(app: FastifyInstance, stripe: boolean): Promise<void> {
  const options = securityOptions(stripe);
  const apiHeaders = headersOf(options);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${API_PREFIX}/`)) return;
    route.helmet = false;
    route.config = { ...route.config, staticSecurityHeaders: true };
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.staticSecurityHeaders) reply.headers(apiHeaders);
    // Over https, directly or through the trusted proxy (its X-Forwarded-Proto): browsers keep to https.
    if (request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    done();
  });
  await app.register(fastifyHelmet, { ...options, enableCSPNonces: true });
}

/**
 * The policy of the API documentation's pages: swagger-ui shows its icons as data: images and writes
 * style attributes into the markup it renders, so those pages (and only they) admit both. Neither can
 * run script: scripts stay the portal's own files.
 */
export function docsPagePolicy(policy: string): string {
  const directives = policy
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean)
    .map((directive) => (directive.startsWith('img-src ') ? `${directive} data:` : directive));
  return [...directives, "style-src-attr 'unsafe-inline'"].join(';');
}
