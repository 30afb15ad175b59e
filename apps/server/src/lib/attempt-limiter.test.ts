import { afterEach, describe, expect, it, vi } from 'vitest';
import { AttemptLimiter } from './attempt-limiter.js';

afterEach(() => vi.useRealTimers());

describe('AttemptLimiter', () => {
  it('take: counts every attempt and refuses past the limit without counting the refusal', () => {
    const limiter = new AttemptLimiter(2, 60_000);
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([true, true, false]);
    expect(limiter.take('b')).toBe(true);
  });

  it('blocked and record: only recorded failures count, and they expire with the window', () => {
    vi.useFakeTimers();
    const limiter = new AttemptLimiter(2, 60_000);
    expect(limiter.blocked('a')).toBe(false);
    limiter.record('a');
    expect(limiter.blocked('a')).toBe(false);
    limiter.record('a');
    expect(limiter.blocked('a')).toBe(true);
    expect(limiter.blocked('b')).toBe(false);
    vi.advanceTimersByTime(60_001);
    expect(limiter.blocked('a')).toBe(false);
  });
});
