// Prometheus metrics of one app. Each app has a registry of its own (tests run several apps in one
// process). Labels hold only what the code chose: a method, a route's pattern, a status class, a
// queue's name — never an id, an address or anything a caller typed.
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MSG } from '@bridge-talk/contract';
import type { FastifyBaseLogger } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../../config/index.js';
import type { Database } from '../../db/client.js';
import type { JobQueue, QueueDepth } from '../../jobs/queue.js';

export const METRICS_PATH = '/metrics';

/** The route label of a request no route matched (its address is whatever the caller sent). */
const UNMATCHED = 'unmatched';

/** Seconds: from a cached answer to a slow export request. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface AppMetrics {
  readonly registry: Registry;
  /** `route`: the matched route's pattern, undefined when none matched. */
  observeRequest(method: string, route: string | undefined, status: number, seconds: number): void;
  mailSent(): void;
  mailFailed(): void;
}

/** Whether metrics are served at all (a token for the portal's port, or a listener of their own). */
export function metricsServed(config: Pick<Config, 'metrics'>): boolean {
  return config.metrics.token !== undefined || config.metrics.port !== undefined;
}

export function createMetrics(deps: {
  database: Pick<Database, 'connections'>;
  queue: Pick<JobQueue, 'depths' | 'onJobFailed'>;
  logger: FastifyBaseLogger;
  /** The process's own series (event loop, memory, GC): once per process, by the app that serves them. */
  processSeries: boolean;
}): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  if (deps.processSeries) collectDefaultMetrics({ register: registry });

  const requestLabels = ['method', 'route', 'status_class'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class.',
    labelNames: requestLabels,
    registers,
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status class.',
    labelNames: requestLabels,
    buckets: DURATION_BUCKETS,
    registers,
  });
  // Each combination's children are looked up once: labelling by an object on every request would
  // hash the labels each time.
  const series = new Map<string, { count: Counter.Internal; duration: Histogram.Internal<string> }>();

  // Both queue gauges come from one query per scrape: the collects of a scrape run side by side.
  let reading: Promise<QueueDepth[] | null> | undefined;
  const readDepths = () => {
    reading ??= deps.queue
      .depths()
      .catch((error: unknown) => {
        deps.logger.warn({ err: error }, 'metrics: the job queues could not be read');
        return null;
      })
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };
  const queueGauge = (name: string, help: string, value: (depth: QueueDepth) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['queue'],
      registers,
      async collect() {
        const depths = await readDepths();
        // A queue that cannot be read has no value, rather than a stale one.
        this.reset();
        for (const depth of depths ?? []) this.set({ queue: depth.name }, value(depth));
      },
    });
  queueGauge('job_queue_depth', 'Jobs waiting to run, per queue.', (depth) => depth.queued);
  queueGauge(
    'job_queue_oldest_age_seconds',
    'How long the job due longest has waited to run, per queue (0: none waits).',
    (depth) => depth.oldestSeconds,
  );
  const attemptFailures = new Counter({
    name: 'job_attempt_failures_total',
    help: 'Job attempts that failed in this process (retried later or not), per queue.',
    labelNames: ['queue'],
    registers,
  });
  const failures = new Counter({
    name: 'job_failures_total',
    help: 'Jobs that failed for good (their last attempt) in this process, per queue.',
    labelNames: ['queue'],
    registers,
  });
  deps.queue.onJobFailed((queue, final) => {
    attemptFailures.inc({ queue });
    if (final) failures.inc({ queue });
  });

  const connectionGauge = (name: string, help: string, key: 'inUse' | 'idle' | 'waiting') =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(deps.database.connections()[key]);
      },
    });
  connectionGauge('db_pool_connections_in_use', 'Database connections running a statement.', 'inUse');
  connectionGauge('db_pool_connections_idle', 'Database connections open and idle.', 'idle');
  connectionGauge('db_pool_waiting', 'Statements waiting for a database connection.', 'waiting');

  const mailSent = new Counter({ name: 'mail_sent_total', help: 'E-mails sent.', registers });
  const mailFailed = new Counter({
    name: 'mail_failed_total',
    help: 'E-mails that failed for good (the last retry of their job failed).',
    registers,
  });

  return {
    registry,
    observeRequest(method, route, status, seconds) {
      const statusClass = `${Math.trunc(status / 100)}xx`;
      const key = `${method} ${route ?? UNMATCHED} ${statusClass}`;
      let found = series.get(key);
      if (!found) {
        const labels = [method, route ?? UNMATCHED, statusClass];
        found = { count: requests.labels(...labels), duration: durations.labels(...labels) };
        series.set(key, found);
      }
      found.count.inc();
      found.duration.observe(seconds);
    },
    mailSent: () => mailSent.inc(),
    mailFailed: () => mailFailed.inc(),
  };
}

/**
 * Whether an Authorization header carries the metrics token. Both sides are hashed first, so the
 * comparison takes the same time whatever was sent, its length included.
 */
export function scrapeAuthorized(header: string | undefined, token: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(header ?? ''), digest(`Bearer ${token}`));
}

/**
 * The listener of METRICS_PORT: GET /metrics and nothing else (the token too, when one is set).
 * Answers the address it listens at, and how to close it.
 */
export async function listenForMetrics(
  metrics: AppMetrics,
  options: { host: string; port: number; token: string | undefined },
  logger: FastifyBaseLogger,
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const answer = (status: number, type: string, body: string) => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(request.method === 'HEAD' ? undefined : body);
    };
    const json = (status: number, message: string) =>
      answer(status, 'application/json; charset=utf-8', JSON.stringify({ message }));
    const path = (request.url ?? '').split('?', 1)[0];
    if ((request.method !== 'GET' && request.method !== 'HEAD') || path !== METRICS_PATH)
      return json(404, MSG.extra.notFound);
    if (options.token && !scrapeAuthorized(request.headers.authorization, options.token))
      return json(401, MSG.extra.metricsTokenRequired);
    metrics.registry.metrics().then(
      (text) => answer(200, metrics.registry.contentType, text),
      (error: unknown) => {
        logger.error({ err: error }, 'metrics: the scrape failed');
        json(500, MSG.common.somethingWrong);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}${METRICS_PATH}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A scraper keeps its connection open between scrapes: it must not hold the stop up.
        server.closeAllConnections();
      }),
  };
}
