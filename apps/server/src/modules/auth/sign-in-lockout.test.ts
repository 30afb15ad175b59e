// The sign-in lock-out from both sides: the guesser's address is refused, even with the right password,
// while the owner signing in from an address of their own is not refused because of someone else's
// failures; the counts live in the fileDatabase(), so a new app instance on it keeps them.
import { readdir } from 'node:fs/promises';
import { endpoints, MSG } from '@bridge-talk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/api-client.js';
import { createAdminUser } from '../../../test/factories.js';
import { useFileDatabase } from '../../../test/file-database.js';
import { waitForEml } from '../../../test/outbox.js';
import { codeIn } from '../../../test/smtp-capture.js';
import { createTestApp, rememberSecret, signIn, type TestApp } from '../../../test/test-app.js';
import { createSignInLockout, STEP_UP_AFTER } from './sign-in-lockout.js';

const fileDatabase = useFileDatabase();

type Account = { email: string; password: string };

async function account(t: TestApp): Promise<Account> {
  const user = await createAdminUser(t.db());
  return { email: user.email, password: user.password! };
}

function attempt(t: TestApp, who: Account, password: string, from: string) {
  return call(t.app, endpoints.auth.login, {
    remoteAddress: from,
    body: { email: who.email, password, role: 'admin' },
  });
}

/** A refusal says how long to wait, in words and in seconds; `seconds` when the wait is known exactly. */
async function expectRefused(response: Awaited<ReturnType<typeof attempt>>, seconds?: number) {
  expect(response.statusCode).toBe(429);
  const { message, retryAfterSeconds } = response.error();
  expect(retryAfterSeconds).toBeGreaterThan(0);
  expect(message).toBe(MSG.extra.tooManyAttemptsWait(retryAfterSeconds!));
  if (seconds !== undefined) expect(retryAfterSeconds).toBeGreaterThan(seconds - 60);
  expect(response.cookies).toHaveLength(0);
}

describe('the wait a refusal names', () => {
  it('reads as seconds under a minute and as whole minutes, rounded up, from a minute', () => {
    expect(MSG.extra.tooManyAttemptsWait(1)).toBe('Too many attempts. Please try again in 1 second.');
    expect(MSG.extra.tooManyAttemptsWait(16)).toBe('Too many attempts. Please try again in 16 seconds.');
    expect(MSG.extra.tooManyAttemptsWait(60)).toBe('Too many attempts. Please try again in 1 minute.');
    expect(MSG.extra.tooManyAttemptsWait(899)).toBe('Too many attempts. Please try again in 15 minutes.');
  });
});

describe('sign-in lock-out with the default limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_AUTH_MAX: '10' }, { database: fileDatabase(), startWorkers: false });
  });
  afterAll(() => t.close());

  it('lets the owner in from their own address after 9 wrong passwords from 9 other addresses', async () => {
    const owner = await account(t);
    for (let i = 1; i <= 9; i++) {
      const wrong = await attempt(t, owner, 'Wrong-Pass-1', `10.1.0.${i}`);
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().message).toBe(MSG.auth.invalidCredentials);
    }
    const session = await signIn(t.app, { ...owner, role: 'admin' });
    expect(session.response.json().message).toBe(MSG.auth.loginSuccess);
    // The guessers' addresses now wait after each failure: even the right password is refused there.
    await expectRefused(await attempt(t, owner, owner.password, '10.1.0.1'));
  });
});

describe('an account many addresses guessed at', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_AUTH_MAX: '10' }, { database: fileDatabase() });
  });
  afterAll(() => t.close());

  const withCode = (who: Account, code: string, state: string) =>
    call(t.app, endpoints.auth.loginCode, {
      remoteAddress: '192.0.2.77',
      body: { email: who.email, role: 'admin', code, state },
    });

  it(`needs an e-mailed code after ${STEP_UP_AFTER} failures from anywhere: the owner gets in, a guesser learns nothing`, async () => {
    const owner = await account(t);
    for (let i = 1; i <= STEP_UP_AFTER; i++)
      expect((await attempt(t, owner, `Wrong-Pass-${i}`, `10.2.0.${i}`)).statusCode).toBe(401);

    // A guess from yet another address and the owner's right password get the same answer.
    const guess = await attempt(t, owner, 'Wrong-Pass-99', '10.2.1.1');
    const right = await attempt(t, owner, owner.password, '192.0.2.77');
    for (const answer of [guess, right]) {
      expect(answer.statusCode).toBe(428);
      expect(answer.json()).toEqual({
        message: MSG.auth.signInCodeNeeded,
        state: expect.any(String),
        method: 'email-code',
      });
      expect(answer.cookies).toHaveLength(0);
    }
    const { mail } = await waitForEml(t.app.ctx.config.mail.outboxDir, owner.email, /sign-in code/);
    const code = codeIn(mail.text);
    // Only the right password mailed a code, and the guess's state does not take it.
    expect((await readdir(t.app.ctx.config.mail.outboxDir)).length).toBe(1);
    const stolen = await withCode(owner, code, guess.json<428>().state);
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().message).toBe(MSG.auth.confirmationCodeNotFound);

    const signedIn = await withCode(owner, code, right.json<428>().state);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ message: MSG.auth.loginSuccess, user: { email: owner.email } });
    rememberSecret(signedIn.json().accessToken);
    expect(signedIn.cookies.map((c) => c.name)).toContain('bt_refresh');
    // Once.
    expect((await withCode(owner, code, right.json<428>().state)).statusCode).toBe(422);
  });
});

describe('sign-in attempts of one address, across accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_AUTH_MAX: '3' }, { database: fileDatabase(), startWorkers: false });
  });
  afterAll(() => t.close());

  it('an office behind one address signs in as often as it needs; its failures count', async () => {
    const people = [await account(t), await account(t), await account(t)];
    for (let round = 0; round < 3; round++)
      for (const person of people) {
        const signedIn = await attempt(t, person, person.password, '10.3.0.1');
        expect(signedIn.statusCode).toBe(200);
        rememberSecret(signedIn.json().accessToken);
        rememberSecret(signedIn.cookies.find((c) => c.name === 'bt_refresh')?.value);
      }
    // Three wrong passwords, each on another account: the address has had its attempts.
    for (const person of people)
      expect((await attempt(t, person, 'Wrong-Pass-1', '10.3.0.1')).statusCode).toBe(401);
    const late = await account(t);
    await expectRefused(await attempt(t, late, late.password, '10.3.0.1'));
    // Another address is counted apart.
    const elsewhere = await attempt(t, late, late.password, '10.3.0.2');
    expect(elsewhere.statusCode).toBe(200);
    rememberSecret(elsewhere.json().accessToken);
    rememberSecret(elsewhere.cookies.find((c) => c.name === 'bt_refresh')?.value);
  });

  it('counts an attempt before its password is checked: guesses sent at once get no more tries', async () => {
    const targets = await Promise.all(Array.from({ length: 8 }, () => account(t)));
    const answers = await Promise.all(
      targets.map((target) => attempt(t, target, 'Wrong-Pass-1', '10.3.0.3')),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
  });
});

describe('sign-in lock-out of one address', () => {
  it('refuses an address after 10 wrong passwords, even the right one, also on a new app instance', async () => {
    // 20 attempts per address on the route: the 11th attempt is refused by the lock-out, not the route.
    const env = { RATE_LIMIT_AUTH_MAX: '20' };
    let t = await createTestApp(env, { database: fileDatabase(), startWorkers: false });
    try {
      const victim = await account(t);
      const other = await account(t);
      for (let i = 0; i < 10; i++)
        expect((await attempt(t, victim, 'Wrong-Pass-1', '10.2.0.1')).statusCode).toBe(401);
      // The pair is blocked for the rest of its 15 minutes, and the answer says so.
      const blocked = await attempt(t, victim, victim.password, '10.2.0.1');
      await expectRefused(blocked, 15 * 60);
      expect(blocked.json().message).toBe('Too many attempts. Please try again in 15 minutes.');
      // The same address may still sign in to another account: it is the pair that is blocked.
      const elsewhere = await attempt(t, other, other.password, '10.2.0.1');
      expect(elsewhere.statusCode).toBe(200);
      rememberSecret(elsewhere.json().accessToken);
      rememberSecret(elsewhere.cookies.find((c) => c.name === 'bt_refresh')?.value);

      await t.close();
      t = await createTestApp(env, { database: fileDatabase(), startWorkers: false });
      await expectRefused(await attempt(t, victim, victim.password, '10.2.0.1'));
      // The owner, from an address of their own, is not refused: with 10 failures on the account, the
      // sign-in goes on with an e-mailed code.
      const owner = await attempt(t, victim, victim.password, '10.2.0.2');
      expect(owner.statusCode).toBe(428);
      expect(owner.json().message).toBe(MSG.auth.signInCodeNeeded);
    } finally {
      await t.close();
    }
  });
});

describe('createSignInLockout', () => {
  const start = Date.parse('2020-03-01T00:00:00Z');
  const SECOND = 1000;
  const MINUTE = 60 * SECOND;

  it('blocks a pair after 5 failures for 15 minutes (default limits), whatever the password', async () => {
    let now = start;
    const lockout = createSignInLockout(fileDatabase().db, { max: 10, windowMs: 300_000 }, () => now);
    const pair = { email: 'pair@test.local', address: '203.0.113.5' };
    for (let i = 0; i < 5; i++) {
      expect(await lockout.refused(pair)).toBe(false);
      await lockout.recordFailure(pair);
    }
    expect(await lockout.refused(pair)).toBe(true);
    expect(await lockout.refused({ ...pair, address: '203.0.113.6' })).toBe(false);
    now = start + 15 * MINUTE - 1;
    expect(await lockout.refused(pair)).toBe(true);
    now = start + 15 * MINUTE;
    expect(await lockout.refused(pair)).toBe(false);
  });

  it('makes failing addresses wait 1 s, 2 s, 4 s … up to 5 minutes past 5 failures of the account', async () => {
    let now = start;
    const lockout = createSignInLockout(fileDatabase().db, { max: 10, windowMs: 300_000 }, () => now);
    const email = 'delay@test.local';
    const from = (i: number) => ({ email, address: `198.51.100.${i}` });
    for (let i = 1; i <= 5; i++) await lockout.recordFailure(from(i));
    expect(await lockout.refused(from(1))).toBe(false);

    // The nth failure past the 5th: the address that made it waits this long after it.
    const waits = [1, 2, 4, 8, 16, 32, 64, 128, 256, 300].map((s) => s * SECOND);
    for (const [i, wait] of waits.entries()) {
      const address = from(6 + i);
      await lockout.recordFailure(address);
      now += wait - 1;
      expect(await lockout.refused(address), `after failure ${6 + i}`).toBe(true);
      now += 1;
      expect(await lockout.refused(address), `after failure ${6 + i}`).toBe(false);
    }
    // An address without failures of its own on the account is never made to wait.
    expect(await lockout.refused(from(99))).toBe(false);
  });

  it('never makes an address wait more than 5 minutes', async () => {
    let now = start;
    const lockout = createSignInLockout(fileDatabase().db, { max: 10, windowMs: 300_000 }, () => now);
    const email = 'cap@test.local';
    for (let i = 1; i <= 60; i++) await lockout.recordFailure({ email, address: `192.0.2.${i}` });
    now += 5 * MINUTE - 1;
    expect(await lockout.refused({ email, address: '192.0.2.60' })).toBe(true);
    now += 1;
    expect(await lockout.refused({ email, address: '192.0.2.60' })).toBe(false);
  });

  it('counts an IPv6 client by its /64', async () => {
    const lockout = createSignInLockout(fileDatabase().db, { max: 10, windowMs: 300_000 });
    const email = 'six@test.local';
    for (let i = 1; i <= 5; i++) await lockout.recordFailure({ email, address: `2001:db8:1:1::${i}` });
    expect(await lockout.refused({ email, address: '2001:db8:1:1:ffff::9' })).toBe(true);
    expect(await lockout.refused({ email, address: '2001:db8:1:2::1' })).toBe(false);
  });
});
