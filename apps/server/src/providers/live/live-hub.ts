// The open event streams of this process, by channel: each event of the live bus is handed to the
// streams of its channel. What a stream needs to read for an event (the message, who may still read
// it) is read once for all the streams of the process that need it, not once per stream.
import type { FastifyBaseLogger } from 'fastify';
import type { LiveBus, LiveEvent } from './live-bus.js';

/** Reads shared by every stream of one event: the first asks, the others wait for that answer. */
interface SharedReads {
  once<T>(key: string, read: () => Promise<T>): Promise<T>;
}

interface LiveSubscriber {
  channels: readonly string[];
  deliver(event: LiveEvent, shared: SharedReads): Promise<void>;
  /** Events may have been missed (the bus's connection was lost): the client should fetch again. */
  resumed(): void;
  /** Closes the stream (the server is stopping). */
  end(): void;
}

export interface LiveHub {
  add(subscriber: LiveSubscriber): () => void;
  /** Open streams in this process. */
  size(): number;
  /** Ends every stream: the server is stopping, and its clients reconnect to another process. */
  endAll(): void;
}

export function createLiveHub(bus: LiveBus, logger: FastifyBaseLogger): LiveHub {
  const byChannel = new Map<string, Set<LiveSubscriber>>();
  const all = new Set<LiveSubscriber>();

  bus.subscribe((event) => {
    const subscribers = byChannel.get(event.channelId);
    if (!subscribers || subscribers.size === 0) return;
    const reads = new Map<string, Promise<unknown>>();
    const shared: SharedReads = {
      once<T>(key: string, read: () => Promise<T>) {
        let answer = reads.get(key) as Promise<T> | undefined;
        if (!answer) {
          answer = read();
          reads.set(key, answer);
        }
        return answer;
      },
    };
    for (const subscriber of [...subscribers]) {
      subscriber.deliver(event, shared).catch((error: unknown) => {
        logger.warn({ err: error, channelId: event.channelId }, 'live event not delivered to a stream');
      });
    }
  });
  bus.onResumed(() => {
    for (const subscriber of all) subscriber.resumed();
  });

  return {
    add(subscriber) {
      all.add(subscriber);
      for (const channelId of subscriber.channels) {
        let set = byChannel.get(channelId);
        if (!set) {
          set = new Set();
          byChannel.set(channelId, set);
        }
        set.add(subscriber);
      }
      return () => {
        all.delete(subscriber);
        for (const channelId of subscriber.channels) {
          const set = byChannel.get(channelId);
          set?.delete(subscriber);
          if (set?.size === 0) byChannel.delete(channelId);
        }
      };
    },
    size: () => all.size,
    endAll() {
      for (const subscriber of [...all]) subscriber.end();
    },
  };
}
