// The durable job queue: pg-boss on the same PostgreSQL (or PGlite) as the data. A job that is sent
// survives a restart, is retried with exponential backoff, and expires back to the queue if the process
// that held it dies. Handlers are registered by the modules; workers start only when asked.
import type { FastifyBaseLogger } from 'fastify';
import { type JobWithMetadata, PgBoss } from 'pg-boss';
import type { Database } from '../db/client.js';
import { currentRequestId, REQUEST_ID_PATTERN, runInRequestScope } from '../lib/request-scope.js';
import type { MailMessage } from '../providers/mail/index.js';
import { pgliteBossDb } from './pglite-boss-db.js';
import * as repo from './queue.repository.js';

/** Every job the portal knows, with the shape of its data. */
interface JobData {
  'mail.send': MailMessage;
  /** Local payments: charge the monthly subscriptions whose period has ended (scheduled). */
  'billing.renew': Record<string, never>;
  /** Build a channel's PDF transcript and e-mail it (the row in conversation_exports says which). */
  'conversation.export': { exportId: string };
  /** Remove files members uploaded and never sent (scheduled). */
  'attachments.cleanup': Record<string, never>;
  /** E-mail entities that want to hear at once of the reports not yet announced (queued and every minute). */
  'reports.alert': Record<string, never>;
  /** The daily digest of reports to entities that chose it (scheduled). */
  'reports.digest': Record<string, never>;
  /** Stream: bring in the reports its webhook may have missed (scheduled). */
  'reports.sync': Record<string, never>;
  /** Work out a family's agreement standing again (queued when a member of the family posts). */
  'agreements.refresh': { groupId: string };
  /** Refresh the standings whose next change has come, send their reminders (scheduled hourly). */
  'agreements.sweep': Record<string, never>;
  /** Alert entities that want to hear at once of the agreement items newly overdue. */
  'agreements.alert': Record<string, never>;
  /** The daily digest of overdue agreement items to entities that chose it (scheduled). */
  'agreements.digest': Record<string, never>;
  /** E-mail members of the channels gone quiet about the messages they have not read (every minute). */
  'chat.unread-mail': Record<string, never>;
  /** Web Push to the browsers of a channel's other members: a member posted (queued by the post). */
  'chat.push': { channelId: string; groupId: string; writerId: string };
}
export type JobName = keyof JobData;

/** Retry policy per queue. */
export const QUEUES: Record<JobName, { retryLimit: number; retryDelay: number; expireInSeconds: number }> = {
  'mail.send': { retryLimit: 10, retryDelay: 5, expireInSeconds: 120 },
  'billing.renew': { retryLimit: 3, retryDelay: 60, expireInSeconds: 600 },
  // A process killed mid-export leaves its job active until it expires: a minute is well beyond what a
  // 10 000-message transcript with pictures takes (`npm run bench:export`, docs/performance.md), and a
  // retry mails nothing twice (sendMailOnce).
  'conversation.export': { retryLimit: 5, retryDelay: 10, expireInSeconds: 60 },
  'attachments.cleanup': { retryLimit: 3, retryDelay: 60, expireInSeconds: 600 },
  'reports.alert': { retryLimit: 5, retryDelay: 10, expireInSeconds: 120 },
  'reports.digest': { retryLimit: 5, retryDelay: 60, expireInSeconds: 600 },
  'reports.sync': { retryLimit: 2, retryDelay: 60, expireInSeconds: 1800 },
  'agreements.refresh': { retryLimit: 5, retryDelay: 10, expireInSeconds: 120 },
  'agreements.sweep': { retryLimit: 3, retryDelay: 60, expireInSeconds: 1800 },
  'agreements.alert': { retryLimit: 5, retryDelay: 10, expireInSeconds: 120 },
  'agreements.digest': { retryLimit: 5, retryDelay: 60, expireInSeconds: 600 },
  'chat.unread-mail': { retryLimit: 3, retryDelay: 30, expireInSeconds: 300 },
  // A notification that could not go within minutes is stale: the conversation holds the message.
  'chat.push': { retryLimit: 2, retryDelay: 10, expireInSeconds: 120 },
};

interface JobContext {
  jobId: string;
  retryCount: number;
  /** No retry follows this attempt if it fails. */
  lastAttempt: boolean;
}
type JobHandler<N extends JobName> = (data: JobData[N], context: JobContext) => Promise<void>;

interface SendJobOptions {
  /** Run no earlier than this many seconds from now. */
  startAfterSeconds?: number;
  /** The same key never runs twice while a job with it is queued. */
  singletonKey?: string;
}

/** A queue's jobs waiting to run, and how long the one due longest has waited. */
export interface QueueDepth {
  name: JobName;
  queued: number;
  oldestSeconds: number;
}

/** `final`: the job failed for good (its last retry); otherwise it is retried later. */
type JobFailureListener = (name: JobName, final: boolean) => void;

/** The key of a job's data that carries the id of the request that queued it. */
export const REQUEST_ID_KEY = 'requestId';

export interface JobQueue {
  send<N extends JobName>(name: N, data: JobData[N], options?: SendJobOptions): Promise<string>;
  register<N extends JobName>(name: N, handler: JobHandler<N>): void;
  /** Sends the job on a cron schedule (UTC); one schedule per name, kept in the database. */
  schedule(name: JobName, cron: string): Promise<void>;
  startWorkers(): Promise<void>;
  stop(): Promise<void>;
  /** Every queue's depth, read from the database (a scrape of the metrics). */
  depths(): Promise<QueueDepth[]>;
  /** Called when a job's attempt fails, in the process that ran it. */
  onJobFailed(listener: JobFailureListener): void;
}

export interface QueueOptions {
  pollSeconds: number;
  /** Seconds between checks for expired jobs; short in tests. */
  superviseIntervalSeconds?: number;
}

/** How long a stop waits for the jobs that are running. */
const STOP_WAIT_MS = 10_000;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How many jobs of a pg-boss 10 queue are read at a time while they are brought over. */
const BOSS_10_BATCH = 200;

/**
 * Sends again, into pg-boss 12's queues, the jobs a pg-boss 10 queue had not finished (each removed
 * from the old queue once sent: a crash in between sends one twice, and every handler is idempotent),
 * then drops the old queue. Schedules are not brought over: every start sets its own.
 */
async function bringOverBoss10Jobs(database: Database, boss: PgBoss, logger: FastifyBaseLogger) {
  if (!(await repo.hasBoss10Schema(database.db))) return;
  let moved = 0;
  for (;;) {
    const jobs = await repo.findUnfinishedBoss10Jobs(database.db, BOSS_10_BATCH);
    for (const job of jobs) {
      if (job.name in QUEUES)
        await boss.send(job.name, (job.data ?? {}) as object, {
          startAfter: job.startAfter,
          ...(job.singletonKey ? { singletonKey: job.singletonKey } : {}),
        });
      await repo.deleteBoss10Job(database.db, job.id);
      moved += 1;
    }
    if (jobs.length < BOSS_10_BATCH) break;
  }
  await repo.dropBoss10Schema(database.db);
  logger.info({ jobs: moved }, 'job queue: the pg-boss 10 queue was brought over');
}

export async function createJobQueue(
  database: Database,
  logger: FastifyBaseLogger,
  options: QueueOptions,
): Promise<JobQueue> {
  // A database may hold a queue in pg-boss 10's schema, which pg-boss 12 cannot migrate: it is set
  // aside before pg-boss installs its own, and its unfinished jobs are sent again below.
  if (await repo.setAsideBoss10Schema(database.db)) logger.info('job queue: pg-boss 10 queue set aside');
  // pg-boss checks for expired jobs when it supervises a queue, and supervises a queue at most once per
  // monitor interval (60 s by default, counted from the queue's last pass, even one made before a job
  // was stranded): both every 30 s here, so that a job whose process died is retried within two minutes.
  const every = options.superviseIntervalSeconds ?? 30;
  const supervise = { superviseIntervalSeconds: every, monitorIntervalSeconds: every };
  const boss =
    database.kind === 'pglite' && database.pglite
      ? new PgBoss({ db: pgliteBossDb(database.pglite), backend: 'pglite', ...supervise })
      : new PgBoss({ connectionString: database.connectionString, max: 4, ...supervise });
  boss.on('error', (error: Error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  for (const [name, policy] of Object.entries(QUEUES)) {
    // Backoff doubles the delay per attempt (with jitter), up to an hour.
    const queueOptions = { ...policy, retryBackoff: true, retryDelayMax: 3600 };
    if (await boss.getQueue(name)) await boss.updateQueue(name, queueOptions);
    else await boss.createQueue(name, queueOptions);
  }
  await bringOverBoss10Jobs(database, boss, logger);

  const handlers = new Map<JobName, JobHandler<JobName>>();
  const failureListeners: JobFailureListener[] = [];
  let stopped = false;
  /** Handlers running now: a stop waits for them before the database may close. */
  let running = 0;

  return {
    async send(name, data, sendOptions = {}) {
      // A job queued by a request carries its id: the worker's lines for the job then name it too.
      const requestId = currentRequestId();
      const payload = requestId ? { ...data, [REQUEST_ID_KEY]: requestId } : data;
      const id = await boss.send(name, payload as object, {
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
      // A time missed while no process ran is not made up: each of these jobs does all the work
      // that is due when it runs, so the next scheduled run covers it.
      await boss.schedule(name, cron, {}, { tz: 'UTC' });
    },
    async startWorkers() {
      for (const [name, handler] of handlers) {
        let workerId: string | undefined;
        workerId = await boss.work<JobData[typeof name]>(
          name,
          // One job at a time: a failure retries that job alone.
          { pollingIntervalSeconds: options.pollSeconds, batchSize: 1, includeMetadata: true },
          async (jobs) => {
            // A fetch that was under way when the stop began still hands over its job: it is given
            // back (failed, so retried later by any worker) rather than run against a closing database.
            if (stopped) throw new Error('the job queue is stopping');
            running += 1;
            try {
              for (const job of jobs) {
                const { [REQUEST_ID_KEY]: requestId, ...data } = (job.data ?? {}) as JobData[typeof name] & {
                  [REQUEST_ID_KEY]?: unknown;
                };
                // includeMetadata: the job carries its retry limit (the handler's type does not say so).
                const lastAttempt = job.retryCount >= (job as JobWithMetadata).retryLimit;
                const run = async () => {
                  try {
                    await handler(data as JobData[typeof name], {
                      jobId: job.id,
                      retryCount: job.retryCount,
                      lastAttempt,
                    });
                  } catch (error) {
                    logger.warn(
                      { err: error, job: { name, id: job.id, retry: job.retryCount } },
                      'job failed',
                    );
                    for (const listener of failureListeners) listener(name, lastAttempt);
                    throw error;
                  }
                };
                if (typeof requestId === 'string' && REQUEST_ID_PATTERN.test(requestId))
                  await runInRequestScope(requestId, run);
                else await run();
              }
            } finally {
              running -= 1;
            }
            // A job came, so more may be waiting: fetch again at once instead of after a poll
            // interval, or a thousand queued invitations would take half an hour at one per 2 s.
            if (workerId) boss.notifyWorker(workerId);
          },
        );
      }
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      const started = Date.now();
      await boss.stop({ graceful: true, timeout: STOP_WAIT_MS, close: true });
      // pg-boss counts a job as in progress only once its fetch has returned; one fetched during the
      // stop is still running here. The database closes after it, within the same time limit.
      while (running > 0 && Date.now() - started < STOP_WAIT_MS) await delay(50);
      // pg-boss records a job's completion without waiting for it: let that statement reach the
      // database before the caller closes it.
      await delay(50);
    },
    async depths() {
      const found = new Map((await repo.findQueuedJobs(database.db)).map((row) => [row.name, row]));
      return (Object.keys(QUEUES) as JobName[]).map((name) => ({
        name,
        queued: found.get(name)?.queued ?? 0,
        oldestSeconds: found.get(name)?.oldestSeconds ?? 0,
      }));
    },
    onJobFailed(listener) {
      failureListeners.push(listener);
    },
  };
}
