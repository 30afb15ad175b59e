import { describe, expect, it } from 'vitest';
import { useFileDatabase } from '../../test/file-database.js';
import { AttemptLimiter, codeFlowLimiter } from './attempt-limiter.js';

const fileDatabase = useFileDatabase();

describe('AttemptLimiter', () => {
  it('counts every attempt and refuses past the limit without counting the refusal', async () => {
    const limiter = new AttemptLimiter(fileDatabase().db, 'take', 2, 60_000);
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await limiter.take('a'));
    expect(results).toEqual([true, true, false]);
    expect(await limiter.take('b')).toBe(true);
  });

  it('starts again once the window has passed', async () => {
    let now = Date.parse('2020-01-01T00:00:00Z');
    const limiter = new AttemptLimiter(fileDatabase().db, 'window', 2, 60_000, () => now);
    expect([await limiter.take('a'), await limiter.take('a')]).toEqual([true, true]);
    now += 59_999;
    expect(await limiter.take('a')).toBe(false);
    now += 1;
    expect(await limiter.take('a')).toBe(true);
  });

  it('shares one count between limiters of the same name (two processes), not between names', async () => {
    const first = new AttemptLimiter(fileDatabase().db, 'shared', 3, 60_000);
    const second = new AttemptLimiter(fileDatabase().db, 'shared', 3, 60_000);
    const other = new AttemptLimiter(fileDatabase().db, 'other', 3, 60_000);
    expect([await first.take('x'), await second.take('x'), await first.take('x')]).toEqual([
      true,
      true,
      true,
    ]);
    expect(await second.take('x')).toBe(false);
    expect(await other.take('x')).toBe(true);
  });

  it('lets exactly the limit through when attempts arrive at once', async () => {
    const limiter = new AttemptLimiter(fileDatabase().db, 'burst', 5, 60_000);
    const results = await Promise.all(Array.from({ length: 20 }, () => limiter.take('same')));
    expect(results.filter(Boolean)).toHaveLength(5);
  });
});

describe('codeFlowLimiter', () => {
  it('allows five attempts at the least, or the per-address limit when that is higher', async () => {
    const low = codeFlowLimiter(fileDatabase().db, 'code-low', 2);
    const high = codeFlowLimiter(fileDatabase().db, 'code-high', 7);
    const taken = async (limiter: AttemptLimiter, times: number) => {
      const results = [];
      for (let i = 0; i < times; i++) results.push(await limiter.take('a'));
      return results.filter(Boolean).length;
    };
    expect(await taken(low, 8)).toBe(5);
    expect(await taken(high, 9)).toBe(7);
  });
});
