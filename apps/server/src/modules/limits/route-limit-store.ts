// The store of @fastify/rate-limit's per-route limits (`config: { rateLimit }` on a route), in the
// database table every other limit uses, so that a route's limit holds across processes and restarts.
// The plugin makes one store with `new Store(options)` and asks it for a child per limited route; a
// child counts under its route's method and path beside the client's address the plugin gives as key.
// (The plugin's continueExceeding and exponentialBackoff options are not used here and not supported.)
import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { Db } from '../../db/client.js';
import { countHits } from '../../db/hit-counters.js';

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];

/** What the plugin hands `child`: the route's merged limit options, with the route under `routeInfo`. */
interface ChildOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

export function databaseRateLimitStore(db: Db, now: () => number = Date.now): FastifyRateLimitStoreCtor {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly scope: string;

    constructor(_options: FastifyRateLimitOptions, scope = 'route:*') {
      this.scope = scope;
    }

    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      const at = now();
      countHits(db, { keys: [`${this.scope}:${key}`], now: new Date(at), windowMs: timeWindow }).then(
        ([counter]) =>
          callback(null, { current: counter!.hits, ttl: Math.max(0, counter!.expiresAt.getTime() - at) }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const route = (routeOptions as ChildOptions).routeInfo;
      const method = [route?.method ?? '*'].flat().join(',');
      return new DatabaseRateLimitStore({}, `route:${method} ${route?.url ?? '*'}`);
    }
  };
}
