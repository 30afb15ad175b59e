// Failed sign-ins, counted in the database (shared by every process, kept across restarts), so that a
// guesser is stopped without anyone being able to lock an owner out of their own account:
//
// - per pair (account e-mail, client address): PAIR_MAX = max(5, ⌈RATE_LIMIT_AUTH_MAX / 2⌉) failures in
//   15 minutes (5 by default) block that address for that account until its 15 minutes have passed —
//   half the address's attempts on the sign-in route, so an office behind one address that locks
//   itself out of one account still reaches the others;
// - per account, from any address: past PAIR_MAX failures in 15 minutes, an address that has itself
//   failed on the account must wait after its last failure 1 s, then 2, 4, 8 … up to 5 minutes (one more
//   doubling per further failure of the account). Each of many addresses then guesses once, and again
//   only minutes later, instead of PAIR_MAX times at once.
//
// - per address: RATE_LIMIT_AUTH_MAX sign-ins under way or failed per window (RATE_LIMIT_AUTH_WINDOW_SECONDS),
//   across accounts. An attempt is counted before its password is checked, so parallel guesses are
//   bounded too, and taken back when it signs in: an office behind one address signs in as often as
//   its people need, and a guesser trying many accounts from it is stopped.
//
// - per account, from anywhere: past STEP_UP_AFTER failures in 15 minutes, every sign-in of the account
//   — the owner's too — also needs a code e-mailed to the account (auth.service.ts): many addresses
//   guessing once each gain nothing, and the owner still gets in.
//
// An address with no failure of its own on the account is never refused by the others' failures: the
// owner signing in from their own address with the right password gets in during an attack. If they
// mistype meanwhile, they wait at most 5 minutes (or set a new password by e-mailed code, which this
// does not count). A refused attempt is refused before its password is checked and is not counted, so
// a right guess past the limit tells the guesser nothing. Failures of a pair are counted after the
// check, so parallel attempts of one address may pass together: the per-address count bounds those.
import { normalizeIP } from '@fastify/rate-limit';
import type { Db } from '../../db/client.js';
import { countHits, findCounters, releaseHit } from '../../db/hit-counters.js';

const WINDOW_MS = 15 * 60 * 1000;
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 5 * 60 * 1000;
/** Failures of one account from anywhere in 15 minutes past which its sign-ins need an e-mailed code. */
export const STEP_UP_AFTER = 10;

export interface SignInAttempt {
  email: string;
  /** The client's address as the server trusts it (request.ip). */
  address: string;
}

/** `max` and `windowMs`: RATE_LIMIT_AUTH_MAX and its window, the per-address count's. */
export function createSignInLockout(
  db: Db,
  { max, windowMs }: { max: number; windowMs: number },
  now: () => number = Date.now,
) {
  const pairMax = Math.max(5, Math.ceil(max / 2));
  const keysOf = ({ email, address }: SignInAttempt) => ({
    // An IPv6 client is one /64, as the route limits count it: its own block of addresses.
    pair: `sign-in:pair:${email}|${normalizeIP(address, 64)}`,
    account: `sign-in:account:${email}`,
    address: `sign-in:address:${normalizeIP(address, 64)}`,
  });

  /** How long the account's failures make an address that has failed on it wait after its last one. */
  function delayMs(accountFailures: number): number {
    if (accountFailures <= pairMax) return 0;
    const doublings = Math.min(accountFailures - pairMax - 1, 30);
    return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** doublings);
  }

  return {
    /** Whether this attempt is refused now, before its password is checked. */
    async refused(attempt: SignInAttempt): Promise<boolean> {
      return (await this.waitMs(attempt)) > 0;
    },

    /** How long this attempt must wait before it is taken (0: now), by the failures on its account. */
    async waitMs(attempt: SignInAttempt): Promise<number> {
      const keys = keysOf(attempt);
      const at = now();
      const counters = await findCounters(db, [keys.pair, keys.account], new Date(at));
      const pair = counters.find((c) => c.key === keys.pair);
      if (!pair) return 0;
      if (pair.hits >= pairMax) return Math.max(0, pair.expiresAt.getTime() - at);
      const account = counters.find((c) => c.key === keys.account)?.hits ?? 0;
      return Math.max(0, pair.lastHitAt.getTime() + delayMs(account) - at);
    },

    /** Whether the account's failures from anywhere make its sign-ins need an e-mailed code. */
    async needsStepUp(email: string): Promise<boolean> {
      const key = keysOf({ email, address: '' }).account;
      const [counter] = await findCounters(db, [key], new Date(now()));
      return (counter?.hits ?? 0) >= STEP_UP_AFTER;
    },

    /** How long the attempts of this attempt's address keep it out (after `admit` refused it). */
    async addressWaitMs(attempt: SignInAttempt): Promise<number> {
      const key = keysOf(attempt).address;
      const at = now();
      const [counter] = await findCounters(db, [key], new Date(at));
      return counter ? Math.max(0, counter.expiresAt.getTime() - at) : 0;
    },

    /**
     * Counts the attempt for its address, before its password is checked; false when the address has
     * had its attempts for the window (then nothing is counted).
     */
    async admit(attempt: SignInAttempt): Promise<boolean> {
      const key = keysOf(attempt).address;
      return (await countHits(db, { keys: [key], now: new Date(now()), windowMs, max })).length === 1;
    },

    /** A sign-in that succeeded no longer counts for its address. */
    async signedIn(attempt: SignInAttempt): Promise<void> {
      await releaseHit(db, keysOf(attempt).address, new Date(now()));
    },

    /** Counts a failed attempt for its pair and its account. */
    async recordFailure(attempt: SignInAttempt): Promise<void> {
      const keys = keysOf(attempt);
      await countHits(db, { keys: [keys.pair, keys.account], now: new Date(now()), windowMs: WINDOW_MS });
    },
  };
}
