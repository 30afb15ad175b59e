// A private server filled by `npm run seed:demo` (PGlite in a temporary data directory), for journeys
// that need the demo's conversations — the reported messages, the pictures and the 10 000-message
// channel — and may change them without touching the run's shared server.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import { freePort, type ServerProcess, startServer, waitForExit } from './server-process.js';
import { sharedServer } from './shared-servers.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The demo's agency, whose families hold the demo's conversations. */
export const DEMO_AGENCY = { email: 'demo.agency@bridgetalk.local', password: 'Demo-Pass-1' };

export type DemoFamily = 'Robin Smith' | 'Noah Garcia' | 'Lily Chen';

export interface DemoServer {
  server: ServerProcess;
  /** The id of each demo family of the agency, as the seed printed it. */
  families: Record<DemoFamily, string>;
  /** Stops the server (SIGTERM); `start` brings it back on the same address and data. */
  halt(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Seeds a fresh data directory and starts the built server on it; `name` tells the runs' files apart. */
export async function startDemoServer(name: string): Promise<DemoServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `bt-e2e-${name}-`));
  const admin = { ADMIN_EMAIL: `admin@${name}-e2e.local`, ADMIN_PASSWORD: 'Demo-Admin-Pass-1' };
  const seeded = spawnSync('node', [path.join(root, 'scripts/seed-demo.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      CHAT_PROVIDER: 'local',
      LOG_LEVEL: 'warn',
      ...admin,
    },
    encoding: 'utf8',
  });
  expect(seeded.status, seeded.stderr).toBe(0);
  const families: Partial<Record<DemoFamily, string>> = {};
  for (const match of seeded.stdout.matchAll(
    /^\s+(Robin Smith|Noah Garcia|Lily Chen)\s.*\/manage-families\/([0-9a-f-]{36})\/details/gm,
  )) {
    families[match[1] as DemoFamily] = match[2]!;
  }
  expect(Object.keys(families).sort()).toEqual(['Lily Chen', 'Noah Garcia', 'Robin Smith']);
  const env = {
    DATA_DIR: dataDir,
    ...admin,
    SMTP_URL: sharedServer().smtpUrl,
    JOB_POLL_SECONDS: '0.5',
    RATE_LIMIT_AUTH_MAX: '500',
  };
  const port = await freePort();
  const demo: DemoServer = {
    server: await startServer(env, port),
    families: families as Record<DemoFamily, string>,
    async halt() {
      demo.server.process.kill('SIGTERM');
      await waitForExit(demo.server.process);
    },
    async start() {
      demo.server = await startServer(env, port);
    },
    async stop() {
      await demo.halt();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return demo;
}
