// buildApp(): the whole portal as one Fastify instance, used by the server entry and by the tests.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { API, API_PREFIX, MSG } from '@bridge-talk/contract';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import type { AppContext } from './app-context.js';
import type { Config } from './config/index.js';
import { type Database, databaseOptions, openDatabase } from './db/client.js';
import { createJobQueue } from './jobs/queue.js';
import { AppError } from './lib/app-error.js';
import { createClock } from './lib/clock.js';
import { compressOptions } from './lib/compression.js';
import { currentRequestId, REQUEST_ID_PATTERN, runInRequestScope } from './lib/request-scope.js';
import { guardRoles, SECURITY_SCHEMES } from './lib/route.js';
import { docsPagePolicy, frameworkErrorHeaders, registerSecurityHeaders } from './lib/security-headers.js';
import { createPageSender } from './lib/web-page.js';
import { createLiveBus } from './providers/live/live-bus.js';
import { createLiveHub } from './providers/live/live-hub.js';

/** Where the families' app is served. */
const FAMILY_PREFIX = '/family/';

/**
 * A web app's build, its files as they are: a file is sent as the brotli or gzip copy the build wrote
 * beside it, as the browser accepts, or as it is. Its page (index.html) is not among them: the page
 * sender sends it, with the request's nonces.
 */
async function serveBuild(
  app: FastifyInstance,
  { root, prefix, decorateReply }: { root: string; prefix: string; decorateReply: boolean },
) {
  await app.register(fastifyStatic, {
    root,
    prefix,
    decorateReply,
    index: false,
    allowedPath: (pathName) => !pathName.startsWith('/index.html'),
    wildcard: false,
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      // A service worker governs the addresses of its whole app.
      if (filePath.endsWith(`${path.sep}sw.js`)) reply.header('service-worker-allowed', prefix);
    },
  });
}

import { accountRoutes } from './modules/account/account.routes.js';
import { activityRoutes } from './modules/activity/activity.routes.js';
import { adminsRoutes } from './modules/admins/admins.routes.js';
import { registerAgreementJobs } from './modules/agreements/agreement-jobs.js';
import { agreementsRoutes } from './modules/agreements/agreements.routes.js';
import { registerAttachmentJobs } from './modules/attachments/unsent-uploads.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { billingRoutes } from './modules/billing/billing.routes.js';
import { registerBillingJobs } from './modules/billing/renewals.js';
import { seedPlans } from './modules/billing/seed-plans.js';
import { chatMembersRoutes } from './modules/chat/chat.routes.js';
import { channelsRoutes } from './modules/conversations/channels.routes.js';
import { registerExportJobs } from './modules/conversations/export-job.js';
import { exportsRoutes } from './modules/conversations/exports.routes.js';
import { entitiesRoutes } from './modules/entities/entities.routes.js';
import { familiesRoutes } from './modules/families/families.routes.js';
import { membersRoutes } from './modules/families/members.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { createMetrics, listenForMetrics, metricsServed } from './modules/health/metrics.js';
import { databaseRateLimitStore } from './modules/limits/route-limit-store.js';
import { registerMailJobs } from './modules/mail/mail.service.js';
import { registerNotificationJobs } from './modules/notifications/notifications.service.js';
import { paymentsRoutes } from './modules/payments/payments.routes.js';
import { registerReportJobs } from './modules/reports/report-alerts.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { registerStreamReportSync } from './modules/reports/stream-reports.js';
import { adminPolicyRoutes } from './modules/second-factors/admin-policy.routes.js';
import { secondFactorsRoutes } from './modules/second-factors/second-factors.routes.js';
import { ensureBootstrapAdmin, loadTokenKey } from './modules/system/bootstrap-admin.js';
import { termsRoutes } from './modules/terms/terms.routes.js';
import authenticate from './plugins/authenticate.js';
import { createChatProvider } from './providers/chat/index.js';
import { createMailTransport } from './providers/mail/index.js';
import { createPaymentsProvider } from './providers/payments/index.js';
import { createStorageProvider } from './providers/storage/index.js';
import { requestLoggerFactory } from './speed-ups/request-logger.js';

export interface BuildAppOptions {
  config: Config;
  /** An open database to use (tests); otherwise one is opened from the configuration and owned. */
  database?: Database;
  /**
   * The configured database, already being opened (the server entry starts it before this module
   * loads, so that the two overlap); owned like one opened here.
   */
  openingDatabase?: Promise<Database>;
  /** Run job workers in this process (default true). */
  startWorkers?: boolean;
  /** Seconds between pg-boss checks for expired jobs. */
  superviseIntervalSeconds?: number;
  /** Where log lines go (tests capture them); default stdout. */
  logStream?: NodeJS.WritableStream;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Every route with the roles its guard admits (empty: public), for the permission tests. */
    routeTable: RouteEntry[];
    /** Where the METRICS_PORT listener serves /metrics, or null without one. */
    metricsUrl: string | null;
  }
}

interface RouteEntry {
  method: string;
  url: string;
  roles: string[];
}

/** Paths of pino's request log that may hold a credential. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'password',
  '*.password',
  'accessToken',
  'refreshToken',
];

function fieldsOf(error: FastifyError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.validation ?? []) {
    const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    fields[key] ??= issue.message ?? MSG.common.somethingWrong;
  }
  return fields;
}

/** Whether a parsed body, query or path parameter holds a NUL character anywhere (PostgreSQL text cannot store one). */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1));
}

/** A number of proxy hops is trusted hop by hop, counted from the portal (Fastify's own reading). */
function trustedProxies(trust: Config['trustProxy']) {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

/** Query parameters whose values say nothing about anybody: kept in the log, every other value redacted. */
const PLAIN_QUERY_PARAMETERS = new Set([
  'page',
  'limit',
  'size',
  'sort',
  'order',
  'direction',
  'status',
  'kind',
]);

/** A request's address as the log keeps it: the path, and the query with personal values redacted. */
function loggedUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      return PLAIN_QUERY_PARAMETERS.has(name) || !pair.includes('=') ? pair : `${name}=[redacted]`;
    });
  return `${url.slice(0, at)}?${query.join('&')}`;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const frameworkHeaders = frameworkErrorHeaders(config.payments.provider === 'stripe');
  let rootLogger: unknown;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACT, censor: '[redacted]' },
      // A line the app's own logger (the services', the jobs') writes while a request or a job it
      // queued runs names that request; a request's logger has its id bound already.
      mixin: (_fields: object, _level: number, logger: unknown) => {
        const requestId = logger === rootLogger ? currentRequestId() : undefined;
        return requestId ? { reqId: requestId } : {};
      },
      serializers: {
        // As Fastify logs a request, but what the address carries is not written down: search words
        // (names of people, words of their conversations) and an attachment's media token.
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: loggedUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
      },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    },
    childLoggerFactory: requestLoggerFactory,
    // A malformed address (bad percent-encoding) is answered by the router before any hook: with the
    // catalogue's message and the same security headers as every other answer.
    frameworkErrors: (error, _request, answer) => {
      const status = error.statusCode ?? 400;
      const reply = answer as unknown as FastifyReply;
      void reply
        .code(status)
        .headers(frameworkHeaders)
        .send({ message: status >= 500 ? MSG.common.somethingWrong : MSG.extra.invalidCharacters });
    },
    trustProxy: trustedProxies(config.trustProxy),
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
  });
  rootLogger = app.log;
  // Once the app closes (SIGTERM), an answer still to be sent ends its connection: Node would keep it
  // open, nginx would send its next request on it, and that one would be answered 503 — which nginx
  // cannot resend to another process when it is a POST. Closed, nginx opens a new connection, which
  // this process refuses: the request goes to another one (ops/rolling-upgrade.test.ts).
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routeTable.push({ method, url: route.url, roles: guardRoles(route.onRequest) });
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Checked once for every route, before its schema: no body, query or path parameter may hold a NUL
  // (PostgreSQL refuses one in text, and the refusal would surface as a server error).
  // The hooks every request passes are callback hooks: an async hook costs each request a promise and
  // a turn of the microtask queue, and these wait for nothing.
  // The rest of the request runs in its scope from here, after its body was read (the body's events
  // come from the connection, outside any scope set before them): what it queues carries its id.
  app.addHook('preValidation', (request, _reply, done) => {
    if (holdsNul(request.body) || holdsNul(request.query) || holdsNul(request.params))
      return done(new AppError('BAD_REQUEST', MSG.extra.invalidCharacters));
    runInRequestScope(request.id, done);
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    // API answers hold families, messages, billing details and tokens: no browser or proxy keeps them.
    if (
      request.url.startsWith(`${API_PREFIX}/`) &&
      !request.url.startsWith(API.system.docs) &&
      !reply.hasHeader('cache-control')
    )
      reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  const ownsDatabase = !options.database;
  const database =
    options.database ?? (await (options.openingDatabase ?? openDatabase(databaseOptions(config))));
  const queue = await createJobQueue(database, app.log, {
    pollSeconds: config.jobs.pollSeconds,
    superviseIntervalSeconds: options.superviseIntervalSeconds,
  });
  const mail = createMailTransport(config, app.log);
  const served = metricsServed(config);
  const metrics = createMetrics({ database, queue, logger: app.log, processSeries: served });
  if (served) {
    // Observed as the answer goes out: the route's pattern, never the address a caller sent.
    app.addHook('onResponse', (request, reply, done) => {
      metrics.observeRequest(
        request.method,
        request.routeOptions.url,
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
      done();
    });
  }
  const partial = { config, database, db: database.db };
  const live = await createLiveBus(database, app.log);
  const ctx: AppContext = {
    ...partial,
    queue,
    mail,
    logger: app.log,
    metrics,
    tokenKey: await loadTokenKey(partial),
    chat: await createChatProvider(config, database.db),
    storage: await createStorageProvider(config),
    clock: createClock(),
    live,
    liveHub: createLiveHub(live, app.log),
  };
  app.decorate('ctx', ctx);

  // Open event streams would keep the server from closing: they end first, and their clients reconnect.
  app.addHook('preClose', async () => {
    ctx.liveHub.endAll();
  });
  app.addHook('onClose', async () => {
    await live.close();
    await queue.stop();
    await mail.close();
    if (ownsDatabase) await database.close();
  });

  await registerSecurityHeaders(app, config.payments.provider === 'stripe');
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, {
    global: false,
    // Counted in the database, with every other limit: one count for all processes, kept across restarts.
    store: databaseRateLimitStore(database.db),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: MSG.extra.tooManyAttempts,
      retryAfterSeconds: Math.ceil(context.ttl / 1000),
    }),
  });
  const indexHtml = path.join(config.webDistDir, 'index.html');
  const serveWeb = existsSync(indexHtml);
  const sendPage = serveWeb ? createPageSender(indexHtml) : null;
  // Before compression is registered, so that it leaves these routes alone: a file is sent as the
  // brotli or gzip copy the build wrote beside it, as the browser accepts, or as it is.
  if (serveWeb) await serveBuild(app, { root: config.webDistDir, prefix: '/', decorateReply: true });
  // The families' app: its own build under /family, its page sent like the portal's (with nonces).
  const familyHtml = path.join(config.familyDistDir, 'index.html');
  const sendFamilyPage = existsSync(familyHtml) ? createPageSender(familyHtml) : null;
  if (sendFamilyPage)
    await serveBuild(app, { root: config.familyDistDir, prefix: FAMILY_PREFIX, decorateReply: false });
  // Every route registered from here on (the API, its description) answers compressed.
  await app.register(fastifyCompress, compressOptions);
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Bridge Talk portal API', version: '0.1.0' },
      // Where the portal is published, or (unset) paths relative to the server this description came from.
      servers: [{ url: config.publicUrl ?? '/' }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: API.system.docs, transformStaticCSP: docsPagePolicy });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldsOf(error);
      return reply.code(400).send({ message: Object.values(fields)[0] ?? MSG.common.somethingWrong, fields });
    }
    if (error instanceof ZodError) {
      const fields = Object.fromEntries(error.issues.map((i) => [i.path.join('.') || '_', i.message]));
      return reply.code(400).send({ message: error.issues[0]?.message ?? MSG.common.somethingWrong, fields });
    }
    if (error instanceof AppError) {
      if (error.code === 'RANGE_NOT_SATISFIABLE')
        reply.header('content-range', `bytes */${error.extra?.size}`);
      if (typeof error.extra?.retryAfterSeconds === 'number')
        reply.header('retry-after', String(error.extra.retryAfterSeconds));
      return reply
        .code(error.statusCode)
        .send({ ...error.extra, message: error.message, ...(error.fields ? { fields: error.fields } : {}) });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.code(500).send({ message: MSG.common.somethingWrong });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.code(429).send({ message: MSG.extra.tooManyAttempts });
    if (status >= 400 && status < 500) return reply.code(status).send({ message: error.message });
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: MSG.common.somethingWrong });
  });

  const auth = createAuthService(ctx);
  await app.register(authenticate, { auth });
  await app.register(healthRoutes, { ctx });
  await app.register(authRoutes, { ctx, auth });
  await app.register(accountRoutes, { ctx });
  await app.register(secondFactorsRoutes, { ctx });
  await app.register(adminPolicyRoutes, { ctx });
  const payments = createPaymentsProvider(ctx);
  await app.register(billingRoutes, { ctx, payments });
  await app.register(paymentsRoutes, { ctx, payments });
  await app.register(entitiesRoutes, { ctx });
  await app.register(adminsRoutes, { ctx });
  await app.register(termsRoutes, { ctx });
  await app.register(channelsRoutes, { ctx });
  await app.register(exportsRoutes, { ctx });
  await app.register(chatMembersRoutes, { ctx });
  await app.register(familiesRoutes, { ctx });
  await app.register(membersRoutes, { ctx });
  await app.register(reportsRoutes, { ctx });
  await app.register(activityRoutes, { ctx });
  await app.register(agreementsRoutes, { ctx });

  app.setNotFoundHandler((request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith(API_PREFIX);
    const bare = FAMILY_PREFIX.slice(0, -1);
    // The app's own address ends with a slash: its service worker governs the addresses under it.
    if (isPage && (request.url === bare || request.url.startsWith(`${bare}?`)))
      return reply.redirect(`${FAMILY_PREFIX}${request.url.slice(bare.length)}`, 301);
    // A file of another build (a page open across an update asks for it) is not the page.
    const family =
      request.url.startsWith(FAMILY_PREFIX) && !request.url.startsWith(`${FAMILY_PREFIX}assets/`);
    if (isPage && family) {
      if (sendFamilyPage) return sendFamilyPage(request, reply);
      return reply.code(404).send({ message: MSG.extra.notFound });
    }
    if (sendPage && isPage) return sendPage(request, reply);
    return reply.code(404).send({ message: MSG.extra.notFound });
  });

  registerMailJobs(queue, ctx);
  registerExportJobs(ctx);
  await registerAttachmentJobs(ctx);
  await ensureBootstrapAdmin(ctx);
  await registerBillingJobs(ctx, payments);
  await registerReportJobs(ctx);
  await registerAgreementJobs(ctx);
  await registerNotificationJobs(ctx);
  if (ctx.chat.kind === 'stream') await registerStreamReportSync(ctx);
  await seedPlans(ctx, payments);
  if (options.startWorkers ?? true) await queue.startWorkers();
  const { port: metricsPort, host: metricsHost, token: metricsToken } = config.metrics;
  const metricsListener =
    metricsPort === undefined
      ? null
      : await listenForMetrics(
          metrics,
          { host: metricsHost, port: metricsPort, token: metricsToken },
          app.log,
        );
  app.decorate('metricsUrl', metricsListener?.url ?? null);
  if (metricsListener) app.addHook('onClose', () => metricsListener.close());
  return app;
}
