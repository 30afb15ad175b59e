// The security headers (helmet). Pages get them per request, with nonces of their own: the style
// elements Mantine writes carry the page's nonce. API answers (JSON, attachments) have nothing a nonce
// would admit, so they get the same headers without nonces, worked out once at start: building
// helmet's middleware and two random nonces for every answer was about 8 % of the server's CPU on a
// signed-in read.
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
export function securityOptions(stripe: boolean) {
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
    // The portal is served over plain http on localhost in development; HSTS belongs to the TLS proxy.
    strictTransportSecurity: false,
  };
}

/** The headers helmet sets with these options (the same for every answer without a nonce). */
export function headersOf(options: HelmetOptions): Record<string, string> {
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
    if (!route.url.startsWith('/api/')) return;
    route.helmet = false;
    route.config = { ...route.config, staticSecurityHeaders: true };
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.staticSecurityHeaders) reply.headers(apiHeaders);
    done();
  });
  await app.register(fastifyHelmet, { ...options, enableCSPNonces: true });
}
