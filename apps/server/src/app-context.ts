import type { SessionUser } from '@bridge-talk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/index.js';
import type { Database, Db } from './db/client.js';
import type { JobQueue } from './jobs/queue.js';
import type { SettableClock } from './lib/clock.js';
import type { TokenKey } from './modules/auth/token-key.js';
import type { AppMetrics } from './modules/health/metrics.js';
import type { ChatProvider } from './providers/chat/chat-provider.js';
import type { LiveBus } from './providers/live/live-bus.js';
import type { LiveHub } from './providers/live/live-hub.js';
import type { MailTransport } from './providers/mail/index.js';
import type { StorageProvider } from './providers/storage/storage-provider.js';

/** What services need from the running process, built once in buildApp(). */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  queue: JobQueue;
  mail: MailTransport;
  logger: FastifyBaseLogger;
  /** The Prometheus series of this app (served at GET /metrics when configured). */
  metrics: AppMetrics;
  /** Key that signs access tokens. */
  tokenKey: TokenKey;
  /** The family chat: channels, messages and reports (local tables or Stream). */
  chat: ChatProvider;
  /** Where attached files are kept (a folder or an S3 bucket). */
  storage: StorageProvider;
  /** The agreements' time: the real clock, settable only when the server runs with TEST_CLOCK=true. */
  clock: SettableClock;
  /** Live events between processes (a new message, a report): publish after the write commits. */
  live: LiveBus;
  /** This process's open event streams, fed by `live`. */
  liveHub: LiveHub;
}

/**
 * Who is calling: set by the authenticate hook from a verified access token and a live session. Its
 * account fields are what `GET /api/auth/me` answers, read by that same session check.
 */
export interface Actor extends Omit<SessionUser, '_id'> {
  userId: string;
  sessionId: string;
  entityId: string | null;
}
