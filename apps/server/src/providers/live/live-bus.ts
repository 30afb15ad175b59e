// Live events between the server's processes: a message posted or reported through one process reaches
// the open event streams of every process. With PGlite there is one process (its data directory is
// locked to it), so an emitter in the process is the bus. With PostgreSQL, an event is a NOTIFY and each
// process keeps one connection that LISTENs; a notification carries ids only (PostgreSQL caps its
// payload at 8000 bytes), and each process reads what it needs once for all of its streams.
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { LIVE_CHANNEL, notifyLive } from '../../db/live-notify.js';

const ZLiveEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), channelId: z.string(), messageId: z.string() }),
  z.object({ type: z.literal('reported'), channelId: z.string(), messageId: z.string() }),
]);
export type LiveEvent = z.infer<typeof ZLiveEvent>;

export interface LiveBus {
  /** Tells every process; resolves once the event is handed to the database (or the emitter). */
  publish(event: LiveEvent): Promise<void>;
  /** Every event, from this process and the others. */
  subscribe(listener: (event: LiveEvent) => void): () => void;
  /**
   * Called when events may have been missed: the listening connection was lost and is back. Streams
   * then tell their clients to fetch what is new.
   */
  onResumed(listener: () => void): () => void;
  close(): Promise<void>;
}

/** Reconnection waits: 1 s, doubling, at most 30 s. */
const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 30_000;

function emitterBus() {
  const emitter = new EventEmitter();
  // Every open stream subscribes: hundreds of listeners are expected, not a leak.
  emitter.setMaxListeners(0);
  const on = <T extends unknown[]>(name: string, listener: (...args: T) => void) => {
    emitter.on(name, listener as (...args: unknown[]) => void);
    return () => {
      emitter.off(name, listener as (...args: unknown[]) => void);
    };
  };
  return {
    emitter,
    subscribe: (listener: (event: LiveEvent) => void) => on('event', listener),
    onResumed: (listener: () => void) => on('resumed', listener),
  };
}

function inProcessBus(): LiveBus {
  const { emitter, subscribe, onResumed } = emitterBus();
  return {
    async publish(event) {
      // After the caller's answer is on its way, as a notification from PostgreSQL would be.
      setImmediate(() => emitter.emit('event', event));
    },
    subscribe,
    onResumed,
    async close() {
      emitter.removeAllListeners();
    },
  };
}

async function postgresBus(database: Database, logger: FastifyBaseLogger): Promise<LiveBus> {
  const { emitter, subscribe, onResumed } = emitterBus();
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = RETRY_FIRST_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let everConnected = false;

  const receive = (message: pg.Notification) => {
    if (message.channel !== LIVE_CHANNEL || !message.payload) return;
    try {
      const parsed = ZLiveEvent.safeParse(JSON.parse(message.payload));
      if (parsed.success) emitter.emit('event', parsed.data);
    } catch {
      // Not ours: another program notifying on the same channel name.
    }
  };

  const listen = async () => {
    if (closed) return;
    const next = new pg.Client({ connectionString: database.connectionString });
    next.on('notification', receive);
    next.on('error', (error) => {
      logger.warn({ err: error }, 'live events: the listening connection failed; connecting again');
    });
    next.on('end', () => {
      if (client === next) client = null;
      if (!closed) retry();
    });
    try {
      await next.connect();
      await next.query(`listen ${LIVE_CHANNEL}`);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
      retryMs = RETRY_FIRST_MS;
      // Whatever was notified while no connection listened is lost: the streams fetch again.
      if (everConnected) emitter.emit('resumed');
      everConnected = true;
    } catch (error) {
      logger.warn({ err: error }, 'live events: could not listen; trying again');
      next.removeAllListeners('end');
      await next.end().catch(() => {});
      retry();
    }
  };

  const retry = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void listen();
    }, retryMs);
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };

  // The first try is awaited, so that a process listens before it serves; a failed one goes on trying.
  await listen();
  return {
    async publish(event) {
      await notifyLive(database.db, JSON.stringify(event));
    },
    subscribe,
    onResumed,
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      emitter.removeAllListeners();
      const listening = client;
      client = null;
      await listening?.end().catch(() => {});
    },
  };
}

export async function createLiveBus(database: Database, logger: FastifyBaseLogger): Promise<LiveBus> {
  return database.kind === 'postgres' && database.connectionString
    ? postgresBus(database, logger)
    : inProcessBus();
}
