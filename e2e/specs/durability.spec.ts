import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/fixtures.js';
import { freePort, startServer, waitForExit } from '../support/server-process.js';

test.describe.configure({ timeout: 120_000 });

test('a write answered 2xx survives kill -9 of the server', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bt-kill-'));
  const port = await freePort();
  const env = {
    DATA_DIR: dataDir,
    ADMIN_EMAIL: 'admin@kill.local',
    ADMIN_PASSWORD: 'Kill-Admin-Pass-1',
    SMTP_URL: '',
  };
  try {
    const first = await startServer(env, port);
    const request = {
      name: 'Durable Dana',
      email: 'durable@kill.local',
      phone: '(555) 999-0000',
      subtype: 'lawyer',
    };
    const created = await fetch(`${first.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
    expect(created.status).toBe(200);
    first.process.kill('SIGKILL');
    await waitForExit(first.process);

    const second = await startServer(env, port);
    try {
      const again = await fetch(`${second.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(request),
      });
      expect(again.status).toBe(409);
      expect((await again.json()).message).toBe('Email already in use.');
    } finally {
      second.process.kill('SIGTERM');
      expect(await waitForExit(second.process)).toBe(0);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('SIGTERM stops the server cleanly: exit code 0, and the next start opens the same data', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bt-term-'));
  const port = await freePort();
  const env = {
    DATA_DIR: dataDir,
    ADMIN_EMAIL: 'admin@term.local',
    ADMIN_PASSWORD: 'Term-Admin-Pass-1',
    SMTP_URL: '',
  };
  try {
    const first = await startServer(env, port);
    first.process.kill('SIGTERM');
    expect(await waitForExit(first.process)).toBe(0);
    expect(first.output()).toContain('shutting down');
    const second = await startServer(env, port);
    const login = await fetch(`${second.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@term.local', password: 'Term-Admin-Pass-1', role: 'admin' }),
    });
    expect(login.status).toBe(200);
    second.process.kill('SIGTERM');
    expect(await waitForExit(second.process)).toBe(0);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
