// Many callers asking the database the same kind of question at once, answered by one statement.
//
// The keys asked in one turn of the event loop (the requests read from every socket that was ready)
// go together at the end of that turn, when fewer than `lanes` of the look-up's statements are under
// way: a quiet server waits no longer than the turn. When every lane is busy, the keys asked meanwhile
// wait for the first lane to come free and go together, up to `maxBatch` in one statement. Under load
// one statement then answers many requests: one round trip, one parse and one plan instead of many,
// for the server and for the database. (Sent at once instead of at the end of the turn, the first
// requests of each turn would go one by one, before the others of the turn were read.)

export interface CoalesceOptions {
  /** Statements of this look-up under way at once (the others queue their keys). */
  lanes: number;
  /** Keys in one statement at most. */
  maxBatch: number;
  /**
   * A load that has not answered by then fails its callers and frees its lane: a statement stuck on a
   * lost connection must not hold up every request behind it (each would have waited alone before).
   */
  timeoutMs: number;
}

export class LookupTimeoutError extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
  }
}

interface Waiter<V> {
  resolve(value: V): void;
  reject(error: unknown): void;
}

/**
 * `load(keys)` answers a map from each key (distinct, at most `maxBatch`) to its value; a key it
 * leaves out is answered `missing`. A failed load fails the callers of that batch only.
 */
export function coalesce<K, V>(
  load: (keys: K[]) => Promise<Map<K, V>>,
  missing: V,
  { lanes, maxBatch, timeoutMs }: CoalesceOptions,
): (key: K) => Promise<V> {
  // Insertion order keeps the oldest keys first; one key asked twice waits once.
  let queued = new Map<K, Waiter<V>[]>();
  let running = 0;
  let turnEnding = false;

  function next(): void {
    while (running < lanes && queued.size > 0) {
      let batch: Map<K, Waiter<V>[]>;
      if (queued.size <= maxBatch) {
        batch = queued;
        queued = new Map();
      } else {
        batch = new Map();
        for (const [key, waiters] of queued) {
          if (batch.size === maxBatch) break;
          batch.set(key, waiters);
          queued.delete(key);
        }
      }
      running += 1;
      run(batch);
    }
  }

  function run(batch: Map<K, Waiter<V>[]>): void {
    let settled = false;
    // Called once, whichever comes first: the answer, the failure or the deadline.
    const settle = (answer: (waiter: Waiter<V>, key: K) => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      // The lane is free again before this batch's callers go on: the keys queued meanwhile leave first.
      running -= 1;
      next();
      for (const [key, waiters] of batch) for (const waiter of waiters) answer(waiter, key);
    };
    const fail = (error: unknown) => settle((waiter) => waiter.reject(error));
    const deadline = setTimeout(() => fail(new LookupTimeoutError(timeoutMs)), timeoutMs);
    deadline.unref();
    // Whatever the load does (throws at once, answers something else), its callers are answered.
    let answered: Promise<unknown>;
    try {
      answered = Promise.resolve(load([...batch.keys()]));
    } catch (error) {
      answered = Promise.reject(error);
    }
    answered
      .then((values) => {
        if (!(values instanceof Map)) throw new TypeError('a look-up answered something else than a Map');
        settle((waiter, key) => waiter.resolve(values.has(key) ? (values.get(key) as V) : missing));
      })
      .catch(fail);
  }

  return (key) =>
    new Promise<V>((resolve, reject) => {
      const waiters = queued.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else queued.set(key, [{ resolve, reject }]);
      if (turnEnding) return;
      turnEnding = true;
      setImmediate(() => {
        turnEnding = false;
        next();
      });
    });
}
