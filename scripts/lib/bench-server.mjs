// The server a benchmark measures: the built server started on a database (with the event-loop probe
// and any module to preload), its event-loop delay read on demand, drained between routes, signed
// into and stopped.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, root } from './build-state.mjs';
import { serverNodeFlags } from './run-entry.mjs';

const serverEnv = (env, port) => ({
  ...process.env,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: String(port),
  LOG_LEVEL: 'warn',
  DATABASE_URL: '',
  // The sign-in route's limit would stop the login bench after 10 requests.
  RATE_LIMIT_AUTH_MAX: '100000000',
  WEB_DIST_DIR: path.join(root, 'apps/web/dist'),
  ...env,
});

/** The Node flags of the measured server, as the results record them (NODE_OPTIONS included). */
export function measuredNodeFlags() {
  return [...serverNodeFlags(), process.env.NODE_OPTIONS ?? ''].join(' ').trim();
}

/** Starts the built server; answers the process and how long it took until /api/ready answered. */
export async function startServer(serverDist, env, preload = []) {
  const port = await freePort();
  const started = performance.now();
  let output = '';
  const eventLoopFile = path.join(os.tmpdir(), `bench-event-loop-${port}.json`);
  const child = spawn(
    'node',
    [
      ...serverNodeFlags(),
      '--require',
      path.join(root, 'bench/event-loop-probe.cjs'),
      ...preload,
      path.join(serverDist, 'main.js'),
    ],
    {
      env: { ...serverEnv(env, port), BENCH_EVENT_LOOP_FILE: eventLoopFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  while (performance.now() - started < 120_000) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    try {
      if ((await fetch(`${url}/api/ready`)).ok) {
        return {
          url,
          child,
          eventLoopFile,
          startMs: Math.round(performance.now() - started),
          output: () => output,
        };
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not start:\n${output}`);
}

/**
 * The server's event-loop delay since the last call (bench/event-loop-probe.cjs): the longest time the
 * process could not answer anything — with PGlite, a query runs on that same thread.
 */
export async function eventLoopDelay(server) {
  rmSync(server.eventLoopFile, { force: true });
  server.child.kill('SIGUSR2');
  const started = Date.now();
  while (Date.now() - started < 10_000) {
    if (existsSync(server.eventLoopFile)) {
      try {
        return JSON.parse(readFileSync(server.eventLoopFile, 'utf8'));
      } catch {
        // still being written
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { maxMs: null, p99Ms: null, meanMs: null };
}

/** Stops the server with SIGTERM; with `killAfterMs`, kills it when it has not exited by then. */
export async function stopServer(server, killAfterMs = null) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  const timer = killAfterMs === null ? null : setTimeout(() => server.child.kill('SIGKILL'), killAfterMs);
  await exited;
  clearTimeout(timer);
}

/**
 * Requests autocannon gave up on may still be queued in the server (PGlite answers one query at a
 * time): wait until the database answers promptly before the next route is measured.
 */
export async function drain(url) {
  const started = Date.now();
  while (Date.now() - started < 120_000) {
    const t = performance.now();
    const ok = await fetch(`${url}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok && performance.now() - t < 50) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function login(url, email, password, role) {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, role }),
  });
  if (!response.ok)
    throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  return `Bearer ${(await response.json()).accessToken}`;
}

/** The process's resident memory in MB, from /proc. */
export function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** Samples the process's resident memory every 50 ms; the returned function stops and answers the peak (MB). */
export function sampleRss(pid) {
  let peak = 0;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {
      // the process is gone
    }
  }, 50);
  return () => {
    clearInterval(timer);
    return Math.round(peak);
  };
}

/** The p-th percentile of the values, rounded (nearest rank); null for none. */
export const percentile = (values, p) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
};
