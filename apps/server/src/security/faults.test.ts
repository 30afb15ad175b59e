// Faults: the database going away and coming back, and a shutdown in the middle of a request.

import net from 'node:net';
import { endpoints, MSG } from '@bridge-talk/contract';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { call, testRoutePath } from '../../test/api-client.js';
import { createPersistentTestDatabase } from '../../test/databases.js';
import { createTestApp, eventually, TEST_ADMIN } from '../../test/test-app.js';
import { openDatabase } from '../db/client.js';

/** A TCP proxy in front of PostgreSQL that can be cut and restored, like a network outage. */
async function startCuttableProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target);
        sockets.add(client).add(upstream);
        client.pipe(upstream).pipe(client);
        const end = () => {
          client.destroy();
          upstream.destroy();
        };
        client.on('error', end).on('close', end);
        upstream.on('error', end).on('close', end);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await listen();
  return {
    get port() {
      return port;
    },
    async cut() {
      const closed = new Promise<void>((resolve) => server!.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      await closed;
    },
    restore: listen,
  };
}

const postgres = inject('postgresTemplate');
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('faults', () => {
  it.skipIf(!postgres)(
    'answers 503 on /api/ready while PostgreSQL is unreachable, and recovers without a restart',
    async () => {
      const store = await createPersistentTestDatabase({ pglite: inject('pgliteTemplate'), postgres });
      cleanups.push(store.drop);
      const direct = new URL(store.url!);
      const proxy = await startCuttableProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
      const viaProxy = new URL(store.url!);
      viaProxy.hostname = '127.0.0.1';
      viaProxy.port = String(proxy.port);
      const database = await openDatabase({ url: viaProxy.toString(), poolMax: 3 });
      const t = await createTestApp({}, { database, startWorkers: false });
      cleanups.push(async () => {
        await t.close();
        await database.close().catch(() => {});
      });

      expect((await call(t.app, endpoints.system.ready)).statusCode).toBe(200);
      await proxy.cut();
      const down = await call(t.app, endpoints.system.ready);
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({
        status: 'unready',
        message: MSG.extra.notReady,
        database: 'down',
        storage: 'ok',
        mail: 'ok',
      });
      expect((await call(t.app, endpoints.system.health)).statusCode).toBe(200);
      await proxy.restore();
      let status = 0;
      for (let i = 0; i < 50 && status !== 200; i++) {
        status = (await call(t.app, endpoints.system.ready)).statusCode;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(status).toBe(200);
      // Recovered means the data routes work again on the same pool, not only the readiness probe.
      const login = await call(t.app, endpoints.auth.login, {
        body: { email: TEST_ADMIN.email, password: TEST_ADMIN.password, role: 'admin' },
      });
      expect(login.statusCode, login.body).toBe(200);
      const authorization = `Bearer ${login.json().accessToken}`;
      const me = await call(t.app, endpoints.auth.me, { auth: authorization });
      expect(me.statusCode, me.body).toBe(200);
      expect(me.json()).toMatchObject({ email: TEST_ADMIN.email });
      const list = await call(t.app, endpoints.admins.list, { auth: authorization });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.body).toContain(TEST_ADMIN.email);
    },
  );

  it('finishes a request in flight when the server is asked to stop', async () => {
    const t = await createTestApp();
    let release: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      t.app.get(testRoutePath('slow'), async () => {
        resolve();
        await new Promise<void>((r) => {
          release = r;
        });
        return { done: true };
      });
    });
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const inFlight = fetch(`${address}${testRoutePath('slow')}`);
    await started;
    const closing = t.close();
    await eventually(async () => !t.app.server.listening);
    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    // Its connection is not kept for another request: a proxy would get 503 on it (app.ts).
    expect(response.headers.get('connection')).toBe('close');
    expect(await response.json()).toEqual({ done: true });
    await closing;
    await expect(fetch(`${address}${endpoints.system.health.path}`)).rejects.toThrow();
  });
});
