// createTestApp(): the real app through buildApp() on a fresh database, with its log captured so tests
// can assert what was (and was not) logged.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { endpoints } from '@bridge-talk/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/index.js';
import type { Database, Db } from '../src/db/client.js';
import { call } from './api-client.js';
import { openTestDatabase } from './databases.js';
import { rememberSecret, assertNoSecretsIn as scanForSecrets } from './secret-scan.js';

export const TEST_ADMIN = { email: 'admin@test.local', password: 'Admin-Pass-1' } as const;

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  logs: string[];
  /** The query builder of this app's database. */
  db(): Db;
  /** Runs raw SQL (for arranging states no route creates). */
  sql(statement: string): Promise<unknown>;
  close(): Promise<void>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: { startWorkers?: boolean; database?: Database } = {},
): Promise<TestApp> {
  const opened = options.database
    ? { database: options.database, drop: async () => {} }
    : await openTestDatabase({ pglite: inject('pgliteTemplate'), postgres: inject('postgresTemplate') });
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  // A data directory of its own (the outbox writes its .eml files there), removed with the app.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bt-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    OUTBOX_LOG_TEXT: 'false',
    RATE_LIMIT_AUTH_MAX: '1000',
    JOB_POLL_SECONDS: '0.5',
    WEB_DIST_DIR: '/nonexistent',
    ...env,
  });
  const app = await buildApp({
    config,
    database: opened.database,
    startWorkers: options.startWorkers ?? true,
    superviseIntervalSeconds: 1,
    logStream,
  });
  return {
    app,
    database: opened.database,
    logs,
    db: () => opened.database.db,
    sql: (statement) => opened.database.db.execute(sql.raw(statement)),
    async close() {
      await app.close();
      await opened.drop();
      rmSync(dataDir, { recursive: true, force: true });
      assertNoSecretsIn(logs);
    },
  };
}

export { rememberSecret };

/** Every test file's log is scanned when its app closes: a leak fails the file (rules in secret-scan.ts). */
export function assertNoSecretsIn(logs: string[]): void {
  scanForSecrets(logs, [TEST_ADMIN.password]);
}

/** Signs in through the API and returns the bearer header and the refresh cookie. */
export async function signIn(
  app: FastifyInstance,
  credentials: { email: string; password: string; role: 'admin' | 'entity'; rememberMe?: boolean },
) {
  const response = await call(app, endpoints.auth.login, { body: credentials });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const body = response.json();
  const cookie = response.cookies.find((c) => c.name === 'bt_refresh');
  rememberSecret(body.accessToken);
  rememberSecret(cookie?.value);
  return { authorization: `Bearer ${body.accessToken}`, refreshCookie: cookie?.value ?? '', response };
}

/** Waits until `check` returns a truthy value (polling), or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
