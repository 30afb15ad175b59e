// GET /metrics (Prometheus): served only with METRICS_TOKEN (to that bearer) or on METRICS_PORT's own
// listener; the request series by route pattern, the queue, pool and mail series; no id or e-mail in
// any label. The request id in a request's log lines and in the log of the job it queued. /api/ready
// naming the dependency that is down.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API, endpoints, MSG } from '@bridge-talk/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, unknownApiPath } from '../../../test/api-client.js';
import { createEntityUser } from '../../../test/factories.js';
import { createTestApp, eventually, rememberSecret, type TestApp } from '../../../test/test-app.js';
import { METRICS_PATH } from './metrics.js';

const TOKEN = 'metrics-test-token-0123456789abcdef';
const bearer = { authorization: `Bearer ${TOKEN}` };

/** One sample of a scrape: the series `name` with exactly these labels, or 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .sort()
    .join(',');
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const held = [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)]
      .map(([, key, value]) => `${key}="${value}"`)
      .sort()
      .join(',');
    if (held === wanted) return Number(match[3]);
  }
  return 0;
}

let t: TestApp;
interface LogLine {
  /** As written. */
  line: string;
  msg?: string;
  reqId?: string;
  mail?: { to?: string };
  [field: string]: unknown;
}
/** The app's log so far, parsed line by line. */
const logLines = (): LogLine[] =>
  t.logs.flatMap((chunk) => chunk.split('\n').filter(Boolean)).map((line) => ({ line, ...JSON.parse(line) }));

beforeAll(async () => {
  rememberSecret(TOKEN);
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(() => t.close());

const scrape = async () => {
  const response = await t.app.inject({ url: METRICS_PATH, headers: bearer });
  expect(response.statusCode).toBe(200);
  return response.body;
};

describe('GET /metrics with METRICS_TOKEN', () => {
  it('answers 401 with the catalogue message without the token or with a wrong one', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token' }, { authorization: TOKEN }]) {
      const response = await t.app.inject({ url: METRICS_PATH, headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: MSG.extra.metricsTokenRequired });
      expect(response.headers['cache-control']).toBe('no-store');
    }
    const allowed = await t.app.inject({ url: METRICS_PATH, headers: bearer });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(allowed.headers['cache-control']).toBe('no-store');
  });

  it('counts requests by route pattern and status class, by exactly the requests made', async () => {
    const hash = 'ab'.repeat(32);
    const verifyRoute = API.conversations.verifyExport;
    const series = (route: string, statusClass: string) => ({
      method: 'GET',
      route,
      status_class: statusClass,
    });
    const before = await scrape();

    for (let i = 0; i < 3; i++) expect((await call(t.app, endpoints.system.health)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++)
      expect((await t.app.inject({ url: unknownApiPath('nothing-here') })).statusCode).toBe(404);
    const verified = await call(t.app, endpoints.conversations.verifyExport, { params: { hash } });
    const verifyClass = `${Math.trunc(verified.statusCode / 100)}xx`;

    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) =>
      sample(after, name, labels) - sample(before, name, labels);
    for (const name of ['http_requests_total', 'http_request_duration_seconds_count']) {
      expect(moved(name, series(API.system.health, '2xx')), name).toBe(3);
      expect(moved(name, series('unmatched', '4xx')), name).toBe(2);
      expect(moved(name, series(verifyRoute, verifyClass)), name).toBe(1);
    }
    // Only the pattern is a label: the address as sent never is.
    expect(after).not.toContain(hash);
    expect(after).not.toContain('nothing-here');
    // The process's own series are served beside the portal's.
    expect(after).toMatch(/^nodejs_eventloop_lag_p99_seconds \S+$/m);
    expect(after).toMatch(/^process_resident_memory_bytes \S+$/m);
    expect(after).toMatch(/^db_pool_connections_in_use \d+$/m);
    expect(after).toMatch(/^db_pool_connections_idle \d+$/m);
    expect(after).toMatch(/^db_pool_waiting \d+$/m);
  });

  it('shows a queued job in its queue’s depth', async () => {
    const labels = { queue: 'conversation.export' };
    expect(sample(await scrape(), 'job_queue_depth', labels)).toBe(0);
    // Due in an hour: it stays queued while the scrape reads it.
    await t.app.ctx.queue.send(
      'conversation.export',
      { exportId: 'queued-for-metrics' },
      { startAfterSeconds: 3600 },
    );
    const after = await scrape();
    expect(sample(after, 'job_queue_depth', labels)).toBe(1);
    expect(sample(after, 'job_queue_oldest_age_seconds', labels)).toBe(0);
    expect(after).not.toContain('queued-for-metrics');
  });

  it('counts a sent mail, and logs the request id on the request’s lines and on its job’s', async () => {
    const entity = await createEntityUser(t.db());
    const requestId = 'metrics-request-0001';
    const sentBefore = sample(await scrape(), 'mail_sent_total');
    const requested = await call(t.app, endpoints.auth.passwordRequest, {
      headers: { 'x-request-id': requestId },
      body: { email: entity.email, role: 'entity' },
    });
    expect(requested.statusCode).toBe(200);
    expect(requested.headers['x-request-id']).toBe(requestId);

    const jobLine = await eventually(async () =>
      logLines().find(
        (entry) => String(entry.msg).startsWith('outbox mail written') && entry.mail?.to === entity.email,
      ),
    );
    expect(jobLine.reqId).toBe(requestId);
    const ofRequest = logLines().filter((entry) => entry.reqId === requestId);
    expect(ofRequest.map((entry) => entry.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed', jobLine.msg]),
    );
    // Bound once per line: the request's own logger and the app's scope never both write it.
    for (const { line } of ofRequest) expect(line.match(/"reqId"/g)).toHaveLength(1);

    const after = await eventually(async () => {
      const text = await scrape();
      return sample(text, 'mail_sent_total') > sentBefore ? text : null;
    });
    expect(sample(after, 'mail_sent_total')).toBe(sentBefore + 1);
    expect(sample(after, 'mail_failed_total')).toBe(0);
    expect(after).not.toContain(entity.email);
    expect(after).not.toContain(requestId);
  });

  it('replaces an incoming request id that is not a safe one', async () => {
    const response = await call(t.app, endpoints.system.health, {
      headers: { 'x-request-id': 'bad id\u0001<script>' },
    });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers /api/ready 503 naming the database when it does not answer, and why only in the log', async () => {
    const ping = vi
      .spyOn(t.app.ctx.database, 'ping')
      .mockRejectedValueOnce(new Error('connect ECONNREFUSED 10.9.8.7:5432'));
    const down = await call(t.app, endpoints.system.ready, {
      headers: { 'x-request-id': 'ready-down-0001' },
    });
    ping.mockRestore();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      status: 'unready',
      message: MSG.extra.notReady,
      database: 'down',
      storage: 'ok',
      mail: 'ok',
    });
    expect(down.body).not.toContain('10.9.8.7');
    const logged = logLines().find((line) => line.reqId === 'ready-down-0001');
    expect(logged).toMatchObject({
      dependency: 'database',
      err: { message: 'connect ECONNREFUSED 10.9.8.7:5432' },
    });
    const ready = await call(t.app, endpoints.system.ready);
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok', storage: 'ok', mail: 'ok' });
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('is not found on the portal’s port; /api/ready names storage that cannot be written', async () => {
    // A folder that cannot be made: its parent is a file.
    const folder = mkdtempSync(path.join(tmpdir(), 'bt-metrics-'));
    const file = path.join(folder, 'not-a-folder');
    writeFileSync(file, '');
    const blocked = await createTestApp({ STORAGE_DIR: path.join(file, 'files') });
    try {
      const response = await blocked.app.inject({ url: METRICS_PATH, headers: bearer });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: MSG.extra.notFound });
      expect(blocked.app.metricsUrl).toBeNull();
      const ready = await call(blocked.app, endpoints.system.ready);
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        status: 'unready',
        message: MSG.extra.notReady,
        database: 'ok',
        storage: 'down',
        mail: 'ok',
      });
      expect(ready.body).not.toContain(folder);
    } finally {
      await blocked.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('is served on METRICS_PORT’s own loopback listener, which serves nothing else', async () => {
    const listening = await createTestApp({ METRICS_PORT: '0' });
    try {
      const url = listening.app.metricsUrl;
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      const scraped = await fetch(url!);
      expect(scraped.status).toBe(200);
      expect(await scraped.text()).toMatch(/^job_queue_depth\{queue="mail.send"\} \d+$/m);
      const other = await fetch(url!.replace(METRICS_PATH, API.system.health));
      expect(other.status).toBe(404);
      expect(await other.json()).toEqual({ message: MSG.extra.notFound });
      // Not on the portal's own port.
      expect((await listening.app.inject({ url: METRICS_PATH })).statusCode).toBe(404);
    } finally {
      await listening.close();
    }
  });
});
