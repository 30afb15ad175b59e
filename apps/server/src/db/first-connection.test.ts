// A process starting on a busy machine, or beside a database still starting, tries to connect again
// before it gives up; a refusal another try would not change ends it at once.
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { firstConnection, worthRetrying } from './client.js';

/** A pool whose connect fails with these errors in turn, then hands out a client. */
function poolFailing(...errors: Error[]) {
  let calls = 0;
  const client = {} as pg.PoolClient;
  return {
    pool: {
      connect: async () => {
        calls += 1;
        const error = errors.shift();
        if (error) throw error;
        return client;
      },
    } as Pick<pg.Pool, 'connect'>,
    client,
    calls: () => calls,
  };
}

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('the first connection to PostgreSQL', () => {
  it('tries again after a connection that timed out or was refused, with longer pauses', async () => {
    const { pool, client, calls } = poolFailing(
      new Error('Connection terminated due to connection timeout'),
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('sorry, too many clients already', '53300'),
      withCode('the database system is starting up', '57P03'),
    );
    const pauses: number[] = [];
    await expect(firstConnection(pool, async (ms) => void pauses.push(ms))).resolves.toBe(client);
    expect(calls()).toBe(5);
    expect(pauses).toEqual([1000, 2000, 3000, 4000]);
  });

  it('gives up after five tries', async () => {
    const timeout = () => new Error('Connection terminated due to connection timeout');
    const { pool, calls } = poolFailing(timeout(), timeout(), timeout(), timeout(), timeout(), timeout());
    await expect(firstConnection(pool, async () => {})).rejects.toThrow('connection timeout');
    expect(calls()).toBe(5);
  });

  it('stops at once on a refusal another try would not change', async () => {
    for (const [message, code] of [
      ['password authentication failed', '28P01'],
      ['database "nope" does not exist', '3D000'],
    ] as const) {
      const { pool, calls } = poolFailing(withCode(message, code));
      await expect(firstConnection(pool, async () => {})).rejects.toThrow(message);
      expect(calls()).toBe(1);
      expect(worthRetrying(withCode(message, code))).toBe(false);
    }
  });
});
