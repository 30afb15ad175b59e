// Failed sign-ins per e-mail address in a sliding window, in this process: the per-IP limit of
// @fastify/rate-limit stops one client, this stops many clients guessing one account's password.
// Unlike AttemptLimiter, a successful sign-in costs nothing, and a blocked address is refused before
// its password is checked, so a right guess past the limit tells the guesser nothing.
export class LoginFailures {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** True when the address has had `max` failures within the window. */
  blocked(email: string): boolean {
    return this.recent(email, Date.now()).length >= this.max;
  }

  record(email: string): void {
    const now = Date.now();
    this.failures.set(email, [...this.recent(email, now), now]);
    if (this.failures.size > 10_000) this.prune(now);
  }

  private recent(email: string, now: number): number[] {
    return (this.failures.get(email) ?? []).filter((t) => now - t < this.windowMs);
  }

  private prune(now: number) {
    for (const [email, times] of this.failures) {
      if (times.every((t) => now - t >= this.windowMs)) this.failures.delete(email);
    }
  }
}
