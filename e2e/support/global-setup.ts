// Starts, for the whole e2e run and for each of its workers: an SMTP receiver that stores every message
// as JSON, and the built server on a free port with a fresh data directory. Tests find theirs with
// sharedServer() (shared-servers.ts). The teardown it returns stops them and scans the logs of every
// server of the run (server-logs.ts).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FullConfig } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { E2E_ADMIN } from './constants.js';
import { assertServerLogsHoldNoSecret, resetServerLogs, sharedServerLog } from './server-logs.js';
import { freePort } from './server-process.js';
import { publishSharedServers, type SharedServer } from './shared-servers.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const artifacts = path.join(root, 'e2e/.artifacts');

async function startSmtp(mailDir: string): Promise<{ port: number; close: () => Promise<void> }> {
  let counter = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = (Array.isArray(mail.to) ? mail.to : [mail.to]).flatMap(
            (a) => a?.value.map((v) => v.address) ?? [],
          );
          const record = {
            to,
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            attachments: mail.attachments.map((a) => ({
              filename: a.filename,
              contentType: a.contentType,
              base64: a.content.toString('base64'),
            })),
            receivedAt: new Date().toISOString(),
          };
          counter += 1;
          // Written aside, then renamed: a journey reading the folder meanwhile never sees half a file.
          const file = path.join(mailDir, `${Date.now()}-${counter}.json`);
          writeFileSync(`${file}.part`, JSON.stringify(record));
          renameSync(`${file}.part`, file);
          callback();
        })
        .catch(callback);
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function waitForReady(url: string, server: ChildProcess, index: number, timeoutMs = 90_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (server.exitCode !== null)
      throw new Error(`server exited with ${server.exitCode}; see e2e/.artifacts/server-${index}.log`);
    try {
      const response = await fetch(`${url}/api/ready`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become ready');
}

/** One shared server with its own mail capture, data directory and log (`index` names the log). */
async function startSharedServer(index: number) {
  const mailDir = path.join(artifacts, `mail-${index}`);
  rmSync(mailDir, { recursive: true, force: true });
  mkdirSync(mailDir, { recursive: true });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bt-e2e-'));
  const smtp = await startSmtp(mailDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn('node', [path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      RATE_LIMIT_AUTH_MAX: '500',
      JOB_POLL_SECONDS: '0.5',
      // Journeys that let time pass move the contact agreements' clock (PUT /api/test/clock).
      TEST_CLOCK: 'true',
      // What the scan reads: every request, at the level production runs at.
      LOG_LEVEL: 'info',
      // Mail goes to the capture; the outbox's printing of codes stays off should SMTP_URL be unset.
      OUTBOX_LOG_TEXT: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The log is the server's stdout and stderr, written as they come; 'close' fires once both are drained.
  const log = sharedServerLog(index);
  server.stdout?.on('data', log);
  server.stderr?.on('data', log);
  const drained = new Promise((resolve) => server.once('close', resolve));
  await waitForReady(baseUrl, server, index);
  return {
    shared: { baseUrl, mailDir, smtpUrl: `smtp://127.0.0.1:${smtp.port}` } satisfies SharedServer,
    async stop() {
      server.kill('SIGTERM');
      await drained;
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export default async function globalSetup(config: FullConfig) {
  mkdirSync(artifacts, { recursive: true });
  resetServerLogs();
  // A server for each worker: journeys that run side by side share nothing but the machine.
  const servers = await Promise.all(
    Array.from({ length: Math.max(1, config.workers) }, (_, index) => startSharedServer(index)),
  );
  publishSharedServers(servers.map((server) => server.shared));

  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    assertServerLogsHoldNoSecret(servers.length);
  };
}
