// Sessions, beyond what auth.test.ts covers (rotation, reuse, logout with a bearer): the refresh
// cookie's flags in each deployment (plain-http local development, https behind a trusted proxy,
// COOKIE_SECURE=true), and that an account disabled or removed, an entity disabled by the
// administrator, or a session logged out by its cookie alone is refused at once — the access token
// still unexpired, and the refresh cookie too.
import path from 'node:path';
import { endpoints } from '@bridge-talk/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callLoose } from '../../test/api-client.js';
import { createAdminUser, createEntityUser } from '../../test/factories.js';
import { createTestApp, signIn, TEST_ADMIN, type TestApp } from '../../test/test-app.js';
import { users } from '../db/schema.js';
import { REFRESH_COOKIE_PATH } from '../modules/auth/refresh-cookie.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  // Behind a TLS proxy: X-Forwarded-Proto says whether the browser used https.
  t = await createTestApp({ TRUST_PROXY: 'true' }, { startWorkers: false });
  admin = (await signIn(t.app, { ...TEST_ADMIN, role: 'admin' })).authorization;
});
afterAll(() => t.close());

function refreshCookieOf(response: Pick<LightMyRequestResponse, 'cookies'>) {
  return response.cookies.find((c) => c.name === 'bt_refresh');
}

function login(app: TestApp['app'], headers: Record<string, string> = {}) {
  return call(app, endpoints.auth.login, { headers, body: { ...TEST_ADMIN, role: 'admin' } });
}

const me = (authorization: string) => call(t.app, endpoints.auth.me, { auth: authorization });
const refresh = (cookie: string) => call(t.app, endpoints.auth.refresh, { cookies: { bt_refresh: cookie } });

describe('the refresh cookie', () => {
  it('is scoped to the folder of the refresh and logout routes, the only ones that read it', () => {
    expect(path.posix.dirname(endpoints.auth.refresh.path)).toBe(REFRESH_COOKIE_PATH);
    expect(path.posix.dirname(endpoints.auth.logout.path)).toBe(REFRESH_COOKIE_PATH);
  });

  it('is HttpOnly, SameSite=Strict and scoped to its path; not Secure over plain-http local development', async () => {
    const response = await login(t.app);
    const cookie = refreshCookieOf(response);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: REFRESH_COOKIE_PATH });
    expect(cookie?.secure).toBeFalsy();
    // The rotated cookie carries the same flags.
    const rotated = refreshCookieOf(await refresh(cookie!.value));
    expect(rotated).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: REFRESH_COOKIE_PATH });
  });

  it('is Secure when the browser came over https through the trusted proxy, on sign-in and on refresh', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    const cookie = refreshCookieOf(await login(t.app, https));
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', secure: true });
    const rotated = await call(t.app, endpoints.auth.refresh, {
      headers: https,
      cookies: { bt_refresh: cookie!.value },
    });
    expect(refreshCookieOf(rotated)).toMatchObject({ httpOnly: true, sameSite: 'Strict', secure: true });
  });

  it('is Secure on every request with COOKIE_SECURE=true, even over plain http', async () => {
    const strict = await createTestApp({ COOKIE_SECURE: 'true' }, { startWorkers: false });
    try {
      expect(refreshCookieOf(await login(strict.app))).toMatchObject({
        httpOnly: true,
        sameSite: 'Strict',
        secure: true,
      });
    } finally {
      await strict.close();
    }
  });

  it('is cleared on logout at the path it was set on', async () => {
    const session = await signIn(t.app, { ...TEST_ADMIN, role: 'admin' });
    const out = await call(t.app, endpoints.auth.logout, { cookies: { bt_refresh: session.refreshCookie } });
    const cleared = refreshCookieOf(out);
    expect(cleared).toMatchObject({ value: '', path: REFRESH_COOKIE_PATH });
    expect(new Date(cleared!.expires!).getTime()).toBeLessThanOrEqual(Date.now());
  });
});

describe('a session is refused at once', () => {
  it('when it is logged out by its cookie alone (no bearer): the access token stops working too', async () => {
    const session = await signIn(t.app, { ...TEST_ADMIN, role: 'admin' });
    await call(t.app, endpoints.auth.logout, { cookies: { bt_refresh: session.refreshCookie } });
    expect((await me(session.authorization)).statusCode).toBe(401);
    expect((await refresh(session.refreshCookie)).statusCode).toBe(401);
  });

  it('when the user account is disabled', async () => {
    const entity = await createEntityUser(t.db());
    const session = await signIn(t.app, { email: entity.email, password: entity.password!, role: 'entity' });
    expect((await me(session.authorization)).statusCode).toBe(200);
    await t.db().update(users).set({ status: 'disabled' }).where(eq(users.id, entity.userId));
    expect((await me(session.authorization)).statusCode).toBe(401);
    expect((await refresh(session.refreshCookie)).statusCode).toBe(401);
    // Enabled again, the old session stays ended: the refresh revoked it.
    await t.db().update(users).set({ status: 'active' }).where(eq(users.id, entity.userId));
    expect((await refresh(session.refreshCookie)).statusCode).toBe(401);
    expect((await me(session.authorization)).statusCode).toBe(401);
  });

  it('when the administrator disables the entity through the API', async () => {
    const entity = await createEntityUser(t.db());
    const session = await signIn(t.app, { email: entity.email, password: entity.password!, role: 'entity' });
    const disabled = await call(t.app, endpoints.entities.edit, {
      params: { id: entity.entityId },
      auth: admin,
      body: { status: 'disabled' },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await me(session.authorization)).statusCode).toBe(401);
    expect((await refresh(session.refreshCookie)).statusCode).toBe(401);
    const again = await callLoose(t.app, endpoints.auth.login, {
      body: { email: entity.email, password: entity.password, role: 'entity' },
    });
    expect(again.statusCode).toBe(403);
  });

  it('when an administrator account is removed', async () => {
    const other = await createAdminUser(t.db());
    const session = await signIn(t.app, { email: other.email, password: other.password!, role: 'admin' });
    expect((await me(session.authorization)).statusCode).toBe(200);
    const removed = await call(t.app, endpoints.admins.remove, { params: { id: other.userId }, auth: admin });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await me(session.authorization)).statusCode).toBe(401);
    expect((await refresh(session.refreshCookie)).statusCode).toBe(401);
    const listed = await call(t.app, endpoints.admins.list, { auth: session.authorization });
    expect(listed.statusCode).toBe(401);
  });
});
