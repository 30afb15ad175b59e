// The process entries' shared stop: a rejection nobody waits for (pg-boss records a job's completion
// without awaiting it) is logged, and does not end a process that is serving.
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it, vi } from 'vitest';
import type { Config } from './config/index.js';
import { startLine, stopGracefullyOnSignals, trustProxyWarning } from './lifecycle.js';

const added: [string, (...args: unknown[]) => void][] = [];
afterEach(() => {
  for (const [event, listener] of added.splice(0)) process.off(event, listener);
});

it('logs a promise that failed with nobody waiting for it, instead of ending the process', () => {
  const events = ['unhandledRejection', 'SIGTERM', 'SIGINT'];
  const listenersOf = (event: string) => process.listeners(event as NodeJS.Signals) as unknown[];
  const before = Object.fromEntries(events.map((event) => [event, listenersOf(event)]));
  const error = vi.fn();
  const app = { ctx: { database: {} }, log: { error, info: vi.fn(), fatal: vi.fn() }, close: vi.fn() };
  stopGracefullyOnSignals(app as unknown as FastifyInstance);
  for (const event of events)
    for (const listener of listenersOf(event))
      if (!before[event]!.includes(listener)) added.push([event, listener as (...args: unknown[]) => void]);

  const onUnhandled = added.filter(([event]) => event === 'unhandledRejection');
  expect(onUnhandled).toHaveLength(1);
  const reason = new Error('the database is closed');
  onUnhandled[0]![1](reason, Promise.resolve());
  expect(error).toHaveBeenCalledWith({ err: reason }, 'a promise failed with nobody waiting for it');
  expect(app.close).not.toHaveBeenCalled();
});

it('warns when TRUST_PROXY is set while the portal listens on every interface, and only then', () => {
  const config = (trustProxy: Config['trustProxy'], host: string) => ({ trustProxy, host });
  expect(trustProxyWarning(config(1, '0.0.0.0'))).toMatch(
    /^TRUST_PROXY is set while the portal listens on every interface/,
  );
  expect(trustProxyWarning(config(['10.0.0.2'], '::'))).not.toBeNull();
  expect(trustProxyWarning(config(1, '127.0.0.1'))).toBeNull();
  expect(trustProxyWarning(config(false, '0.0.0.0'))).toBeNull();
});

it('runs on Node.js 24 or later (the project brings it: `node` in devDependencies), and says so at start', () => {
  const major = Number(process.versions.node.split('.')[0]);
  expect(major).toBeGreaterThanOrEqual(24);
  expect(startLine('http://127.0.0.1:3000', 'pglite', true)).toBe(
    `Bridge Talk portal listening on http://127.0.0.1:3000 (Node.js ${process.version}; database: pglite; job workers: in this process)`,
  );
});
