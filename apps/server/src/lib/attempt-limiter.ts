// Counts attempts per key (an e-mail address) in a sliding window, in this process. The per-IP limit
// of @fastify/rate-limit stops one client; this stops many clients aiming at one account. Behind
// several processes each keeps its own count, which still bounds guessing (codes also void after 5
// wrong tries in the database).
//
// Two ways to use it: `take` counts every attempt (code requests and checks); `blocked` with `record`
// counts only failures (sign-in: a right password costs nothing, and a blocked address is refused
// before its password is checked, so a right guess past the limit tells the guesser nothing).
export class AttemptLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Whether the key has used up its attempts within the window. */
  blocked(key: string): boolean {
    return this.recent(key, Date.now()).length >= this.max;
  }

  /** Counts one attempt of the key. */
  record(key: string): void {
    const now = Date.now();
    this.hits.set(key, [...this.recent(key, now), now]);
    if (this.hits.size > 10_000) this.prune(now);
  }

  /** Records an attempt; false (and nothing recorded) when the key is over its limit. */
  take(key: string): boolean {
    if (this.blocked(key)) return false;
    this.record(key);
    return true;
  }

  private recent(key: string, now: number): number[] {
    return (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
  }

  private prune(now: number) {
    for (const [key, times] of this.hits) {
      if (times.every((t) => now - t >= this.windowMs)) this.hits.delete(key);
    }
  }
}
