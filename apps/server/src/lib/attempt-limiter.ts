// Counts attempts per key (an e-mail address, an account) in a window, in the database: every process
// shares the count and a restart keeps it. The per-address route limits (@fastify/rate-limit) stop one
// client; this stops many clients aiming at one address. Codes also void after 5 wrong tries.
import type { Db } from '../db/client.js';
import { countHits } from '../db/hit-counters.js';

export class AttemptLimiter {
  /**
   * `name` keeps this limiter's keys apart from every other's in the shared table; `now` is the clock
   * (tests move it).
   */
  constructor(
    private readonly db: Db,
    private readonly name: string,
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts an attempt of the key; false (and nothing counted) when the key has used up its attempts. */
  async take(key: string): Promise<boolean> {
    const [counted] = await countHits(this.db, {
      keys: [`${this.name}:${key}`],
      now: new Date(this.now()),
      windowMs: this.windowMs,
      max: this.max,
    });
    return counted !== undefined;
  }
}

/**
 * The limit of an e-mailed code flow (a password reset, a change of password or e-mail), per key (a
 * signed-in person, or an e-mail and client address): a handful of requests and code checks in
 * 15 minutes, and never fewer than the per-address limit.
 */
export function codeFlowLimiter(db: Db, name: string, rateLimitMax: number): AttemptLimiter {
  return new AttemptLimiter(db, name, Math.max(5, rateLimitMax), 15 * 60 * 1000);
}
