import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { agencyForm } from '../support/accounts.js';
import { expect, test } from '../support/fixtures.js';
import { freePort, startServer, waitForExit } from '../support/server-process.js';

test.describe.configure({ timeout: 120_000 });

/** A private server's data directory, port and environment; its bootstrap admin is admin@<name>.local. */
async function privateServer(name: string, adminPassword: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `bt-${name}-`));
  const env = {
    DATA_DIR: dataDir,
    ADMIN_EMAIL: `admin@${name}.local`,
    ADMIN_PASSWORD: adminPassword,
    SMTP_URL: '',
  };
  return { dataDir, port: await freePort(), env };
}

/** A new start on `env`'s data: its bootstrap admin signs in, and SIGTERM stops the server with 0. */
async function expectDataOpensAgain(
  env: { ADMIN_EMAIL: string; ADMIN_PASSWORD: string } & Record<string, string>,
  port: number,
) {
  const server = await startServer(env, port);
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD, role: 'admin' }),
  });
  expect(login.status).toBe(200);
  server.process.kill('SIGTERM');
  expect(await waitForExit(server.process)).toBe(0);
}

test('a write answered 2xx survives kill -9 of the server', async () => {
  const { dataDir, port, env } = await privateServer('kill', 'Kill-Admin-Pass-1');
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

test('a burst of 20 writes, kill -9 straight after the last 2xx: every acknowledged write is there after the restart', async () => {
  const { dataDir, port, env } = await privateServer('burst', 'Burst-Admin-Pass-1');
  const adminAuthorization = async (url: string) => {
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD, role: 'admin' }),
    });
    expect(login.status).toBe(200);
    return `Bearer ${(await login.json()).accessToken}`;
  };
  const send = (url: string, authorization: string, method: string, body?: object) =>
    fetch(url, {
      method,
      headers: { authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  try {
    const first = await startServer(env, port);
    const authorization = await adminAuthorization(first.url);
    const create = async (name: string, email: string): Promise<string> => {
      const response = await send(
        `${first.url}/api/entity/create`,
        authorization,
        'POST',
        agencyForm(name, email),
      );
      expect(response.status, await response.clone().text()).toBe(201);
      return (await response.json())._id;
    };
    // Ten agencies before the burst: the burst renames them.
    const existing = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const email = `kept-${i}@burst.local`;
        return { id: await create(`Kept Agency ${i}`, email), email, name: `Renamed Agency ${i}` };
      }),
    );

    // The burst: ten new agencies and ten renames, all at once. The moment the last of them is
    // answered 2xx, the server is killed -9: what it acknowledged must be on disk.
    const acknowledged: { id: string; name: string; email: string }[] = [];
    const writes = [
      ...Array.from({ length: 10 }, (_, i) => async () => {
        const email = `burst-${i}@burst.local`;
        const name = `Burst Agency ${i}`;
        return { id: await create(name, email), name, email };
      }),
      ...existing.map((agency) => async () => {
        const response = await send(
          `${first.url}/api/entity/edit/${agency.id}`,
          authorization,
          'PUT',
          agencyForm(agency.name, agency.email),
        );
        expect(response.status, await response.clone().text()).toBe(200);
        await response.arrayBuffer();
        return agency;
      }),
    ];
    await Promise.all(
      writes.map(async (write) => {
        acknowledged.push(await write());
        if (acknowledged.length === writes.length) first.process.kill('SIGKILL');
      }),
    );
    expect(await waitForExit(first.process)).toBeNull();
    expect(first.process.signalCode).toBe('SIGKILL');

    const second = await startServer(env, port);
    try {
      const again = await adminAuthorization(second.url);
      for (const agency of acknowledged) {
        const response = await send(`${second.url}/api/entity/list/${agency.id}`, again, 'GET');
        expect(response.status, `${agency.name} after the restart`).toBe(200);
        expect(await response.json()).toMatchObject({
          _id: agency.id,
          name: agency.name,
          email: agency.email,
        });
      }
      const list = await send(`${second.url}/api/entity/list?pageSize=100`, again, 'GET');
      expect((await list.json()).total).toBe(20);
    } finally {
      second.process.kill('SIGTERM');
      expect(await waitForExit(second.process)).toBe(0);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('SIGTERM stops the server cleanly: exit code 0, and the next start opens the same data', async () => {
  const { dataDir, port, env } = await privateServer('term', 'Term-Admin-Pass-1');
  try {
    const first = await startServer(env, port);
    first.process.kill('SIGTERM');
    expect(await waitForExit(first.process)).toBe(0);
    expect(first.output()).toContain('shutting down');
    await expectDataOpensAgain(env, port);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('the database thread ending unasked stops the server (exit 1, logged) for its supervisor to restart; the data opens again', async () => {
  const { dataDir, port, env } = await privateServer('thread', 'Thread-Admin-Pass-1');
  const preload = fileURLToPath(new URL('../support/stop-database-thread.cjs', import.meta.url));
  try {
    const first = await startServer(env, port, ['--require', preload]);
    first.process.kill('SIGUSR2');
    expect(await waitForExit(first.process)).toBe(1);
    expect(first.output()).toContain('the database thread stopped: exiting');
    await expectDataOpensAgain(env, port);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
