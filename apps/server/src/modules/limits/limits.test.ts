// The shared attempt counters: pruning of old rows, and @fastify/rate-limit's per-route limits counted
// in the fileDatabase(), so that two app instances (two processes) on one fileDatabase() count once and a restart
// forgets nothing.
import { endpoints, MSG } from '@bridge-talk/contract';
import { count, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/api-client.js';
import { useFileDatabase } from '../../../test/file-database.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { countHits, findCounters } from '../../db/hit-counters.js';
import { rateLimitCounters } from '../../db/schema.js';

const fileDatabase = useFileDatabase();

async function rowsLike(prefix: string): Promise<number> {
  const [row] = await fileDatabase()
    .db.select({ n: count() })
    .from(rateLimitCounters)
    .where(like(rateLimitCounters.key, `${prefix}%`));
  return row!.n;
}

describe('rate_limit_counters', () => {
  it('counts a key in its window and starts again after it', async () => {
    const at = Date.parse('2020-01-01T00:00:00Z');
    const hit = (offset: number) =>
      countHits(fileDatabase().db, { keys: ['count:k'], now: new Date(at + offset), windowMs: 1000 });
    expect((await hit(0))[0]).toMatchObject({ hits: 1, expiresAt: new Date(at + 1000) });
    expect((await hit(999))[0]).toMatchObject({ hits: 2, expiresAt: new Date(at + 1000) });
    expect((await hit(1000))[0]).toMatchObject({ hits: 1, expiresAt: new Date(at + 2000) });
    expect(await findCounters(fileDatabase().db, ['count:k'], new Date(at + 1500))).toHaveLength(1);
    expect(await findCounters(fileDatabase().db, ['count:k'], new Date(at + 2000))).toHaveLength(0);
  });

  it('deletes old rows as new windows open, a bounded batch at a time, and never a live one', async () => {
    const old = new Date(Date.parse('2019-06-01T00:00:00Z'));
    await countHits(fileDatabase().db, {
      keys: Array.from({ length: 120 }, (_, i) => `prune:old:${i}`),
      now: old,
      windowMs: 1000,
    });
    await countHits(fileDatabase().db, { keys: ['prune:live'], now: new Date(), windowMs: 60_000 });
    expect(await rowsLike('prune:old:')).toBe(70);
    await countHits(fileDatabase().db, { keys: ['prune:live-2'], now: new Date(), windowMs: 60_000 });
    expect(await rowsLike('prune:old:')).toBe(20);
    // A hit inside an open window opens none and deletes nothing.
    await countHits(fileDatabase().db, { keys: ['prune:live'], now: new Date(), windowMs: 60_000 });
    expect(await rowsLike('prune:old:')).toBe(20);
    expect(await rowsLike('prune:live')).toBe(2);
  });
});

describe('per-route limits of @fastify/rate-limit', () => {
  let first: TestApp;
  let second: TestApp;
  const env = { RATE_LIMIT_AUTH_MAX: '3' };
  beforeAll(async () => {
    first = await createTestApp(env, { database: fileDatabase(), startWorkers: false });
    second = await createTestApp(env, { database: fileDatabase(), startWorkers: false });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  const forgot = (t: TestApp, from: string) =>
    call(t.app, endpoints.auth.passwordRequest, {
      remoteAddress: from,
      body: { email: `nobody-${Math.random().toString(36).slice(2)}@test.local`, role: 'entity' },
    });

  it('counts a client once across two app instances on one fileDatabase(), and after a restart', async () => {
    const statuses = [
      (await forgot(first, '192.0.2.10')).statusCode,
      (await forgot(second, '192.0.2.10')).statusCode,
      (await forgot(first, '192.0.2.10')).statusCode,
    ];
    expect(statuses.every((status) => status !== 429)).toBe(true);
    const refused = await forgot(second, '192.0.2.10');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: MSG.extra.tooManyAttempts });

    // Another client, and the same client on another route, are counted apart.
    expect((await forgot(first, '192.0.2.11')).statusCode).not.toBe(429);
    const login = await call(second.app, endpoints.auth.login, {
      remoteAddress: '192.0.2.10',
      body: { email: 'nobody@test.local', password: 'Wrong-Pass-1', role: 'admin' },
    });
    expect(login.statusCode).toBe(401);

    await first.close();
    first = await createTestApp(env, { database: fileDatabase(), startWorkers: false });
    expect((await forgot(first, '192.0.2.10')).statusCode).toBe(429);
  });
});
