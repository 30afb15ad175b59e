// The durable job queue: pg-boss on the same PostgreSQL (or PGlite) as the data. A job that is sent
// survives a restart, is retried with exponential backoff, and expires back to the queue if the process
// that held it dies. Handlers are registered by the modules; workers start only when asked.
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import { fromPglite, PgBoss } from 'pg-boss';
import type { Database } from '../db/client.js';
import type { MailMessage } from '../providers/mail/index.js';

/** Every job the portal knows, with the shape of its data. */
export interface JobData {
  'mail.send': MailMessage;
  /** Local payments: charge the monthly subscriptions whose period has ended (scheduled). */
  'billing.renew': Record<string, never>;
  /** Build a channel's PDF transcript and e-mail it (the row in conversation_exports says which). */
  'conversation.export': { exportId: string };
  /** Remove files members uploaded and never sent (scheduled). */
  'attachments.cleanup': Record<string, never>;
}
export type JobName = keyof JobData;

/** Retry policy per queue. */
export const QUEUES: Record<JobName, { retryLimit: number; retryDelay: number; expireInSeconds: number }> = {
  'mail.send': { retryLimit: 10, retryDelay: 5, expireInSeconds: 120 },
  'billing.renew': { retryLimit: 3, retryDelay: 60, expireInSeconds: 600 },
  'conversation.export': { retryLimit: 5, retryDelay: 30, expireInSeconds: 600 },
  'attachments.cleanup': { retryLimit: 3, retryDelay: 60, expireInSeconds: 600 },
};

export interface JobContext {
  jobId: string;
  retryCount: number;
}
export type JobHandler<N extends JobName> = (data: JobData[N], context: JobContext) => Promise<void>;

export interface SendJobOptions {
  /** Run no earlier than this many seconds from now. */
  startAfterSeconds?: number;
  /** The same key never runs twice while a job with it is queued. */
  singletonKey?: string;
}

export interface JobQueue {
  send<N extends JobName>(name: N, data: JobData[N], options?: SendJobOptions): Promise<string>;
  register<N extends JobName>(name: N, handler: JobHandler<N>): void;
  /** Sends the job on a cron schedule (UTC); one schedule per name, kept in the database. */
  schedule(name: JobName, cron: string): Promise<void>;
  startWorkers(): Promise<void>;
  stop(): Promise<void>;
}

export interface QueueOptions {
  pollSeconds: number;
  /** Seconds between checks for expired jobs; short in tests. */
  superviseIntervalSeconds?: number;
}

export async function createJobQueue(
  database: Database,
  logger: FastifyBaseLogger,
  options: QueueOptions,
): Promise<JobQueue> {
  const supervise = options.superviseIntervalSeconds
    ? { superviseIntervalSeconds: options.superviseIntervalSeconds }
    : {};
  const boss =
    database.kind === 'pglite' && database.pglite
      ? // The thread answers the calls the adapter makes of a PGlite (query, exec, listen).
        new PgBoss({ db: fromPglite(database.pglite as unknown as PGlite), backend: 'pglite', ...supervise })
      : new PgBoss({ connectionString: database.connectionString, max: 4, ...supervise });
  boss.on('error', (error: Error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  for (const [name, policy] of Object.entries(QUEUES)) {
    const queueOptions = { ...policy, retryBackoff: true, retryDelayMax: 3600 };
    if (await boss.getQueue(name)) await boss.updateQueue(name, queueOptions);
    else await boss.createQueue(name, queueOptions);
  }

  const handlers = new Map<JobName, JobHandler<JobName>>();
  let stopped = false;

  return {
    async send(name, data, sendOptions = {}) {
      const id = await boss.send(name, data as object, {
        startAfter: sendOptions.startAfterSeconds,
        singletonKey: sendOptions.singletonKey,
      });
      if (!id) throw new Error(`job ${name} was not queued`);
      return id;
    },
    register(name, handler) {
      handlers.set(name, handler as JobHandler<JobName>);
    },
    async schedule(name, cron) {
      await boss.schedule(name, cron, {}, { tz: 'UTC', missed: 'once' });
    },
    async startWorkers() {
      for (const [name, handler] of handlers) {
        await boss.work<JobData[typeof name]>(
          name,
          {
            pollingIntervalSeconds: options.pollSeconds,
            // One job at a time (a failure retries that job alone), but with a backlog the worker
            // fetches again at once instead of waiting a poll interval per job: a thousand queued
            // invitations would otherwise take half an hour at one job per 2 s.
            batchSize: 1,
            burstWhenReadyExceeds: 2,
            includeMetadata: true,
          },
          async (jobs) => {
            for (const job of jobs) {
              try {
                await handler(job.data, { jobId: job.id, retryCount: job.retryCount });
              } catch (error) {
                logger.warn({ err: error, job: { name, id: job.id, retry: job.retryCount } }, 'job failed');
                throw error;
              }
            }
          },
        );
      }
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await boss.stop({ graceful: true, timeout: 10_000, close: true });
    },
  };
}
