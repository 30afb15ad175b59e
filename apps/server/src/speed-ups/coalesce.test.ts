import { afterEach, describe, expect, it, vi } from 'vitest';
import { coalesce, LookupTimeoutError } from './coalesce.js';

/** A load the test answers by hand: each call is kept with its keys until it is settled. */
function manualLoad() {
  const calls: { keys: string[]; answer(values: [string, number][]): void; fail(error: unknown): void }[] =
    [];
  const load = (keys: string[]) =>
    new Promise<Map<string, number>>((resolve, reject) => {
      calls.push({ keys, answer: (values) => resolve(new Map(values)), fail: reject });
    });
  return { calls, load };
}

/** After the turn of the event loop in which the keys were asked (set up before this wait). */
const endOfTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('coalesce', () => {
  it('sends the keys asked in one turn together at its end while a lane is free, so a quiet server waits no longer than the turn', async () => {
    const { calls, load } = manualLoad();
    const get = coalesce(load, -1, { lanes: 2, maxBatch: 10, timeoutMs: 1000 });
    const a = get('a');
    const b = get('b');
    expect(calls).toHaveLength(0);
    await endOfTurn();
    expect(calls.map((call) => call.keys)).toEqual([['a', 'b']]);
    // The next turn's key has the second lane to itself.
    const c = get('c');
    await endOfTurn();
    expect(calls.map((call) => call.keys)).toEqual([['a', 'b'], ['c']]);
    calls[0]!.answer([
      ['a', 1],
      ['b', 2],
    ]);
    calls[1]!.answer([['c', 3]]);
    expect(await Promise.all([a, b, c])).toEqual([1, 2, 3]);
  });

  it('sends the keys asked while every lane is busy together, each asked once, when a lane comes free', async () => {
    const { calls, load } = manualLoad();
    const get = coalesce(load, -1, { lanes: 1, maxBatch: 10, timeoutMs: 1000 });
    const first = get('a');
    await endOfTurn();
    const waiting = [get('b'), get('c'), get('b'), get('a')];
    await endOfTurn();
    expect(calls).toHaveLength(1);
    calls[0]!.answer([['a', 1]]);
    expect(await first).toBe(1);
    expect(calls.map((call) => call.keys)).toEqual([['a'], ['b', 'c', 'a']]);
    calls[1]!.answer([
      ['a', 10],
      ['b', 20],
      ['c', 30],
    ]);
    expect(await Promise.all(waiting)).toEqual([20, 30, 20, 10]);
  });

  it('puts at most maxBatch keys in one load, the oldest first', async () => {
    const { calls, load } = manualLoad();
    const get = coalesce(load, -1, { lanes: 1, maxBatch: 2, timeoutMs: 1000 });
    const all = ['a', 'b', 'c', 'd', 'e'].map((key) => get(key));
    await endOfTurn();
    expect(calls.map((call) => call.keys)).toEqual([['a', 'b']]);
    calls[0]!.answer([
      ['a', 1],
      ['b', 2],
    ]);
    await all[1];
    expect(calls.map((call) => call.keys)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    calls[1]!.answer([['c', 3]]);
    await all[2];
    expect(calls.map((call) => call.keys)).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    calls[2]!.answer([['e', 5]]);
    expect(await Promise.all(all)).toEqual([1, 2, 3, -1, 5]);
  });

  it('answers a key the load leaves out with the missing value', async () => {
    const get = coalesce(async () => new Map<string, number>(), -1, {
      lanes: 1,
      maxBatch: 5,
      timeoutMs: 1000,
    });
    expect(await get('nobody')).toBe(-1);
  });

  it('fails the callers of a failed load only; the next batch still runs', async () => {
    const { calls, load } = manualLoad();
    const get = coalesce(load, -1, { lanes: 1, maxBatch: 10, timeoutMs: 1000 });
    const failing = get('a');
    await endOfTurn();
    const later = get('b');
    const broken = new Error('connection lost');
    calls[0]!.fail(broken);
    await expect(failing).rejects.toBe(broken);
    expect(calls.map((call) => call.keys)).toEqual([['a'], ['b']]);
    calls[1]!.answer([['b', 2]]);
    expect(await later).toBe(2);
  });

  it('turns a load that throws at once into a failure of its callers, and frees the lane', async () => {
    let calls = 0;
    const get = coalesce(
      (keys: string[]) => {
        calls += 1;
        if (keys.includes('bad')) throw new Error('bad key');
        return Promise.resolve(new Map(keys.map((key) => [key, 1])));
      },
      -1,
      { lanes: 1, maxBatch: 10, timeoutMs: 1000 },
    );
    await expect(get('bad')).rejects.toThrow('bad key');
    expect(await get('good')).toBe(1);
    expect(calls).toBe(2);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('fails the callers of a load that does not answer in time and frees its lane; a late answer is dropped', async () => {
    // The deadline's clock only: the end of a turn stays real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { calls, load } = manualLoad();
    const get = coalesce(load, -1, { lanes: 1, maxBatch: 10, timeoutMs: 1000 });
    const stuck = get('a');
    await endOfTurn();
    const behind = get('b');
    const failed = expect(stuck).rejects.toBeInstanceOf(LookupTimeoutError);
    await vi.advanceTimersByTimeAsync(1000);
    await failed;
    expect(calls.map((call) => call.keys)).toEqual([['a'], ['b']]);
    calls[0]!.answer([['a', 1]]);
    calls[1]!.answer([['b', 2]]);
    expect(await behind).toBe(2);
    // The lane of the late answer was already given back: one load runs at a time, as before.
    const next = get('c');
    await endOfTurn();
    expect(calls).toHaveLength(3);
    calls[2]!.answer([['c', 3]]);
    expect(await next).toBe(3);
  });

  it('fails its callers when a load answers something else than a map', async () => {
    const get = coalesce(() => Promise.resolve([['a', 1]] as unknown as Map<string, number>), -1, {
      lanes: 1,
      maxBatch: 10,
      timeoutMs: 1000,
    });
    await expect(get('a')).rejects.toThrow(TypeError);
  });
});
