// Reads a server-sent event stream as the apps do (fetch with a bearer, not EventSource): each `data:`
// line is one JSON event. Every wait is bounded.
import { eventStreamParser } from '@bridge-talk/contract';
import { expect } from 'vitest';

export interface EventReader<T> {
  /** The next event that passes `match` (earlier ones are skipped), within `timeoutMs`. */
  next(match?: (event: T) => boolean, timeoutMs?: number): Promise<T>;
  /** Resolves when the server ends the stream, within `timeoutMs`; false when it did not. */
  ended(timeoutMs?: number): Promise<boolean>;
  close(): void;
}

export async function readEvents<T = { type: string }>(
  url: string,
  authorization: string,
): Promise<EventReader<T>> {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { authorization }, signal: abort.signal });
  expect(response.status, await peekError(response)).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  const queue: T[] = [];
  const waiters: (() => void)[] = [];
  let done = false;
  const wake = () => {
    for (const w of waiters.splice(0)) w();
  };
  void (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    const push = eventStreamParser((data) => queue.push(data as T));
    try {
      for (;;) {
        const { value, done: finished } = await reader.read();
        if (finished) break;
        push(value);
        wake();
      }
    } catch {
      // aborted by close()
    }
    done = true;
    wake();
  })();
  const waitFor = (timeoutMs: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  return {
    async next(match = () => true, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = queue.findIndex(match);
        if (index >= 0) return queue.splice(0, index + 1).at(-1)!;
        if (done) throw new Error('the stream ended before the event came');
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no such event within ${timeoutMs} ms; had ${JSON.stringify(queue)}`);
        await waitFor(left);
      }
    },
    async ended(timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (!done && Date.now() < deadline) await waitFor(deadline - Date.now());
      return done;
    },
    close: () => abort.abort(),
  };
}

async function peekError(response: Response): Promise<string> {
  return response.status === 200 ? '' : await response.clone().text();
}
