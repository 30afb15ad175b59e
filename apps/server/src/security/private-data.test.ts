// The embedded database's folder as a user of the same machine sees it: nothing there is readable by
// another user, and nothing there — the database's files and write-ahead log included — holds a code
// that was e-mailed (a reader could otherwise reset the admin's password).
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { endpoints } from '@bridge-talk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { call } from '../../test/api-client.js';
import { codeIn, type SmtpCapture, startSmtpCapture, waitForMessage } from '../../test/smtp-capture.js';
import { TEST_ADMIN } from '../../test/test-app.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/index.js';
import { keepFilesPrivate } from '../lib/private-files.js';
import { privateFolders } from '../lifecycle.js';

const folders: string[] = [];
function tempFolder(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'bt-private-'));
  folders.push(folder);
  return folder;
}
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function everything(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' }).map((name) => path.join(folder, name));
}

/** Whether another user of the machine (uid 65534, nobody) can read the file; only root can ask. */
function readableByNobody(file: string): boolean {
  return spawnSync('cat', [file], { uid: 65534, gid: 65534, stdio: 'ignore' }).status === 0;
}

describe('the data folder', () => {
  it('is tightened at start: a folder and files an earlier version left readable become owner-only', () => {
    const dataDir = tempFolder();
    mkdirSync(path.join(dataDir, 'outbox'), { mode: 0o755 });
    writeFileSync(path.join(dataDir, 'outbox', 'old.eml'), 'Subject: code', { mode: 0o644 });
    chmodSync(dataDir, 0o755);
    chmodSync(path.join(dataDir, 'outbox', 'old.eml'), 0o666);

    keepFilesPrivate([dataDir]);

    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dataDir, 'outbox')).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dataDir, 'outbox', 'old.eml')).mode & 0o777).toBe(0o600);
    expect(process.umask() & 0o077).toBe(0o077);
  });

  describe('with the embedded database running', () => {
    let smtp: SmtpCapture;
    let app: FastifyInstance | undefined;
    afterAll(async () => {
      await app?.close();
      await smtp?.close();
    });

    // Opens, migrates and analyses a PGlite database of its own on disk: slow on a busy machine.
    it('holds no e-mailed code anywhere, and no file another user can read', {
      timeout: 180_000,
    }, async () => {
      smtp = await startSmtpCapture();
      const dataDir = tempFolder();
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: TEST_ADMIN.email,
        ADMIN_PASSWORD: TEST_ADMIN.password,
        SMTP_URL: smtp.url,
        JOB_POLL_SECONDS: '0.5',
        WEB_DIST_DIR: '/nonexistent',
      });
      keepFilesPrivate(privateFolders(config));
      app = await buildApp({ config, startWorkers: true });

      const asked = await call(app, endpoints.auth.passwordRequest, {
        body: { email: TEST_ADMIN.email, role: 'admin' },
      });
      expect(asked.statusCode).toBe(200);
      const code = codeIn((await waitForMessage(smtp, TEST_ADMIN.email, /verification code/)).text);
      await app.close();
      app = undefined;

      const files = everything(dataDir).filter((file) => statSync(file).isFile());
      expect(files.some((file) => file.includes('pg_wal'))).toBe(true);
      const holding = files.filter((file) => readFileSync(file).includes(code));
      expect(holding).toEqual([]);

      // PGlite gives the files it creates modes of its own; the folder, owner-only, keeps every one of
      // them from other users, and the next start takes their modes down too.
      for (const entry of [dataDir, ...everything(dataDir)].filter((e) => statSync(e).isDirectory())) {
        expect({ entry, mode: statSync(entry).mode & 0o077 }).toEqual({ entry, mode: 0 });
      }
      if (process.getuid?.() === 0) {
        for (const file of ['token.key', 'PG_VERSION', files.find((f) => f.includes('pg_wal'))!]) {
          expect({ file, readable: readableByNobody(path.resolve(dataDir, file)) }).toEqual({
            file,
            readable: false,
          });
        }
      }
      keepFilesPrivate(privateFolders(config));
      for (const entry of [dataDir, ...everything(dataDir)]) {
        expect({ entry, mode: statSync(entry).mode & 0o077 }).toEqual({ entry, mode: 0 });
      }
    });
  });
});
