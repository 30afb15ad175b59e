// The request a piece of work belongs to, without passing it through every service: set around a
// request's handler (app.ts) and around a job's handler (jobs/queue.ts), read where a job is queued
// (so the job carries the id of the request that queued it) and where a line is logged.
import { AsyncLocalStorage } from 'node:async_hooks';

const scope = new AsyncLocalStorage<string>();

/** An incoming `x-request-id` (or one carried by a job) is kept only when it looks like this. */
export const REQUEST_ID_PATTERN = /^[\w-]{8,64}$/;

/** Runs `work` (and everything it starts) as part of the request `requestId`. */
export function runInRequestScope<T>(requestId: string, work: () => T): T {
  return scope.run(requestId, work);
}

/** The id of the request this code runs for, if any. */
export function currentRequestId(): string | undefined {
  return scope.getStore();
}
