import { endpoints, MSG } from '@bridge-talk/contract';
import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, callLoose } from '../../../test/api-client.js';
import { createAdminUser, createEntityUser } from '../../../test/factories.js';
import { waitForEml } from '../../../test/outbox.js';
import { codeIn } from '../../../test/smtp-capture.js';
import { createTestApp, rememberSecret, signIn, TEST_ADMIN, type TestApp } from '../../../test/test-app.js';
import { entities } from '../../db/schema.js';
import { pairKey } from '../../speed-ups/lookup-by-ids.js';
import { type AccessClaims, signAccessToken } from './access-token.js';
import * as repo from './auth.repository.js';
import { REFRESH_COOKIE_PATH } from './refresh-cookie.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const admin = { ...TEST_ADMIN, role: 'admin' as const };

function refresh(cookie: string) {
  return call(t.app, endpoints.auth.refresh, { cookies: { bt_refresh: cookie } });
}

describe('POST /api/auth/login', () => {
  it('signs the bootstrap admin in: access token in the body, refresh token in an httpOnly cookie', async () => {
    const { response } = await signIn(t.app, admin);
    const body = response.json();
    expect(body.message).toBe(MSG.auth.loginSuccess);
    expect(body.user).toMatchObject({
      email: TEST_ADMIN.email,
      role: 'admin',
      subtype: 'admin',
      name: 'Bridge Talk Admin',
    });
    expect(body.accessToken.split('.')).toHaveLength(3);
    expect(body.expiresIn).toBe(900);
    const cookie = response.cookies.find((c) => c.name === 'bt_refresh');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: REFRESH_COOKIE_PATH });
    // 'Remember me' defaults on: a persistent cookie of 30 days.
    const days = (new Date(cookie!.expires!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('gives a browser-session cookie when Remember me is off', async () => {
    const { response } = await signIn(t.app, { ...admin, rememberMe: false });
    const cookie = response.cookies.find((c) => c.name === 'bt_refresh');
    expect(cookie?.expires).toBeUndefined();
    expect(cookie?.maxAge).toBeUndefined();
  });

  it('answers a wrong password and an unknown e-mail alike, on both fields', async () => {
    const expected = {
      message: MSG.auth.invalidCredentials,
      fields: { email: MSG.auth.invalidCredentials, password: MSG.auth.invalidCredentials },
    };
    for (const payload of [
      { ...admin, password: 'Wrong-Pass-1' },
      { email: 'nobody@test.local', password: 'Wrong-Pass-1', role: 'admin' },
      { ...admin, role: 'entity' },
    ]) {
      const response = await callLoose(t.app, endpoints.auth.login, { body: payload });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(expected);
      expect(response.cookies).toHaveLength(0);
    }
  });

  it('answers 406 for an account that has no password yet', async () => {
    const entity = await createEntityUser(t.db(), { password: null });
    const response = await call(t.app, endpoints.auth.login, {
      body: { email: entity.email, password: 'Whatever-1', role: 'entity' },
    });
    expect(response.statusCode).toBe(406);
    expect(response.json().message).toBe(MSG.auth.redirectToCreatePassword);
  });

  it('answers 403 for an entity that is not active', async () => {
    const entity = await createEntityUser(t.db(), { entityStatus: 'pending' });
    const response = await callLoose(t.app, endpoints.auth.login, {
      body: { email: entity.email, password: entity.password, role: 'entity' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(MSG.auth.notYetActivated);
  });

  it('signs an active entity in with its organisation and coupon', async () => {
    const entity = await createEntityUser(t.db(), { coupon: 'WELCOME10' });
    const { authorization } = await signIn(t.app, {
      email: entity.email,
      password: entity.password!,
      role: 'entity',
    });
    const me = await call(t.app, endpoints.auth.me, { auth: authorization });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      _id: entity.userId,
      name: expect.stringMatching(/^Erin Agent /),
      email: entity.email,
      role: 'entity',
      subtype: 'agency',
      entityName: entity.entityName,
      coupon: 'WELCOME10',
    });
  });
});

describe('GET /api/auth/me', () => {
  it('refuses a missing, malformed or forged token with 401', async () => {
    for (const authorization of [undefined, 'Bearer nope', 'Bearer a.b.c', 'Basic abc']) {
      const response = await call(t.app, endpoints.auth.me, {
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: MSG.extra.sessionExpired });
    }
  });

  it('refuses an expired access token, signed with the right key for a live session, with 401', async () => {
    const session = await signIn(t.app, admin);
    const { sub, sid, role, name, email } = decodeJwt(session.authorization.slice('Bearer '.length));
    const claims = { sub, sid, role, name, email } as AccessClaims;
    const me = (token: string) => call(t.app, endpoints.auth.me, { auth: `Bearer ${token}` });
    const fresh = await signAccessToken(t.app.ctx.tokenKey, claims, 60);
    rememberSecret(fresh);
    expect((await me(fresh)).statusCode).toBe(200);
    const expired = await signAccessToken(t.app.ctx.tokenKey, claims, -60);
    rememberSecret(expired);
    const response = await me(expired);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: MSG.extra.sessionExpired });
  });

  it('refuses the session of an entity disabled after sign-in, at once', async () => {
    const entity = await createEntityUser(t.db());
    const { authorization } = await signIn(t.app, {
      email: entity.email,
      password: entity.password!,
      role: 'entity',
    });
    expect((await call(t.app, endpoints.auth.me, { auth: authorization })).statusCode).toBe(200);
    await t.db().update(entities).set({ status: 'disabled' }).where(eq(entities.id, entity.entityId));
    expect((await call(t.app, endpoints.auth.me, { auth: authorization })).statusCode).toBe(401);
  });
});

/** The sign-in check of one session. */
async function sessionActor(
  db: Parameters<typeof repo.findSessionActors>[0],
  sessionId: string,
  userId: string,
) {
  return (
    (await repo.findSessionActors(db, [{ id: sessionId, ownerId: userId }])).get(
      pairKey(sessionId, userId),
    ) ?? null
  );
}

describe('the sign-in check (findSessionActors, prepared statements)', () => {
  it('runs on the handle it is given: a transaction sees its own uncommitted session', async () => {
    const entity = await createEntityUser(t.db());
    const rolledBack = new Error('roll back');
    let sessionId = '';
    await expect(
      t.db().transaction(async (tx) => {
        sessionId = await repo.createSession(tx, entity.userId, false);
        expect(await sessionActor(tx, sessionId, entity.userId)).toMatchObject({
          id: entity.userId,
          entityName: entity.entityName,
          sessionRevokedAt: null,
        });
        await repo.revokeSession(tx, sessionId);
        const revoked = await sessionActor(tx, sessionId, entity.userId);
        expect(revoked?.sessionRevokedAt).toBeInstanceOf(Date);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await sessionActor(t.db(), sessionId, entity.userId)).toBeNull();
  });

  it('answers many sessions in one go, each only for the account it belongs to', async () => {
    const people = await Promise.all(Array.from({ length: 3 }, () => createEntityUser(t.db())));
    // 70 sessions: more than one statement holds (64), and a part statement (6 of 8 places).
    const sessions = await Promise.all(
      Array.from({ length: 70 }, async (_, i) => {
        const person = people[i % 3]!;
        return { person, sessionId: await repo.createSession(t.db(), person.userId, false) };
      }),
    );
    const revoked = sessions[5]!;
    await repo.revokeSession(t.db(), revoked.sessionId);
    const [someone, other] = people;
    const asked = [
      ...sessions.map(({ person, sessionId }) => ({ id: sessionId, ownerId: person.userId })),
      // A session asked for another account, an id that is not one, and an unknown session.
      { id: sessions[0]!.sessionId, ownerId: other!.userId },
      { id: 'not-a-session', ownerId: someone!.userId },
      { id: '00000000-0000-4000-8000-000000000000', ownerId: someone!.userId },
    ];
    const found = await repo.findSessionActors(t.db(), asked);

    expect(found.size).toBe(70);
    for (const { person, sessionId } of sessions) {
      const row = found.get(pairKey(sessionId, person.userId));
      expect(row).toMatchObject({ id: person.userId, email: person.email, entityName: person.entityName });
      expect(row!.sessionRevokedAt === null).toBe(sessionId !== revoked.sessionId);
    }
    expect(found.has(pairKey(sessions[0]!.sessionId, other!.userId))).toBe(false);
  });

  it('gives each of many requests arriving together its own caller, and refuses the revoked one', async () => {
    const people = await Promise.all(Array.from({ length: 4 }, () => createEntityUser(t.db())));
    const tokens = await Promise.all(
      people.map(async (person) => {
        const sid = await repo.createSession(t.db(), person.userId, false);
        const token = await signAccessToken(
          t.app.ctx.tokenKey,
          { sub: person.userId, sid, role: 'entity', name: 'Erin', email: person.email } as AccessClaims,
          60,
        );
        rememberSecret(token);
        return { person, sid, token };
      }),
    );
    await repo.revokeSession(t.db(), tokens[3]!.sid);
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => tokens[i % 4]!).map(async ({ person, token }) => {
        const response = await call(t.app, endpoints.auth.me, { auth: `Bearer ${token}` });
        return {
          person,
          status: response.statusCode,
          body: response.json<200 | 401>(),
        };
      }),
    );
    for (const { person, status, body } of answers) {
      if (person === tokens[3]!.person) {
        expect(status).toBe(401);
        expect(body).toEqual({ message: MSG.extra.sessionExpired });
      } else {
        expect(status).toBe(200);
        expect(body).toMatchObject({ _id: person.userId, email: person.email });
      }
    }
  });

  it.runIf(inject('postgresTemplate'))(
    'is parsed once per PostgreSQL connection: a named statement',
    async () => {
      const entity = await createEntityUser(t.db());
      await t.db().transaction(async (tx) => {
        const sessionId = await repo.createSession(tx, entity.userId, false);
        await sessionActor(tx, sessionId, entity.userId);
        const prepared = (await tx.execute(sql`select name from pg_prepared_statements`)) as unknown as {
          rows: { name: string }[];
        };
        expect(prepared.rows.map((r) => r.name)).toContain('find_session_actors_1');
      });
    },
  );
});

/** The refresh cookie an answer set. */
function cookieOf(answer: { cookies: { name: string; value: string }[] }): string {
  return answer.cookies.find((c) => c.name === 'bt_refresh')!.value;
}

describe('refresh and logout', () => {
  it('answers null, not a refusal, when the browser has no refresh cookie (a signed-out page load)', async () => {
    const response = await call(t.app, endpoints.auth.refresh);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBeNull();
    expect(response.cookies).toEqual([]);
  });

  it('rotates the refresh token on every use', async () => {
    const first = await signIn(t.app, admin);
    const second = await refresh(first.refreshCookie);
    expect(second.statusCode).toBe(200);
    const rotated = second.cookies.find((c) => c.name === 'bt_refresh')!.value;
    expect(rotated).not.toBe(first.refreshCookie);
    const me = await call(t.app, endpoints.auth.me, { auth: `Bearer ${second.json()!.accessToken}` });
    expect(me.statusCode).toBe(200);
    expect((await refresh(rotated)).statusCode).toBe(200);
  });

  it('revokes the whole session when an old refresh token is presented again after its successor was used', async () => {
    const first = await signIn(t.app, admin);
    const second = await refresh(first.refreshCookie);
    const third = await refresh(cookieOf(second));
    const current = cookieOf(third);
    // Move the rotations out of the grace window that covers two tabs refreshing at once.
    await t.sql(
      `update refresh_tokens set rotated_at = now() - interval '1 minute' where rotated_at is not null`,
    );
    const reuse = await refresh(first.refreshCookie);
    expect(reuse.statusCode).toBe(401);
    expect((await refresh(current)).statusCode).toBe(401);
    const me = await call(t.app, endpoints.auth.me, { auth: first.authorization });
    expect(me.statusCode).toBe(401);
  });

  it('gives the session back once to a browser that never received its rotated token', async () => {
    const first = await signIn(t.app, admin);
    // The server rotated, but the answer never reached the browser: its successor is never used.
    const lost = cookieOf(await refresh(first.refreshCookie));
    await t.sql(
      `update refresh_tokens set rotated_at = now() - interval '1 hour' where rotated_at is not null`,
    );
    // The next visit, hours later, with the cookie the browser still has.
    const back = await refresh(first.refreshCookie);
    expect(back.statusCode, back.body).toBe(200);
    const me = await call(t.app, endpoints.auth.me, { auth: `Bearer ${back.json()!.accessToken}` });
    expect(me.statusCode).toBe(200);
    // The lost token is dropped; the old one is good once only; the session stands.
    expect((await refresh(lost)).statusCode).toBe(401);
    expect((await refresh(first.refreshCookie)).statusCode).toBe(401);
    expect((await refresh(cookieOf(back))).statusCode).toBe(200);
  });

  it('lets two tabs refresh with the same cookie at the same moment', async () => {
    const first = await signIn(t.app, admin);
    const [a, b] = await Promise.all([refresh(first.refreshCookie), refresh(first.refreshCookie)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
  });

  it('refuses a refresh with a bad cookie, and clears it', async () => {
    const bad = await refresh('not-a-token');
    expect(bad.statusCode).toBe(401);
    expect(bad.cookies.find((c) => c.name === 'bt_refresh')?.value).toBe('');
  });

  it('logout ends the session: the access token and the refresh cookie stop working at once', async () => {
    const session = await signIn(t.app, admin);
    const out = await call(t.app, endpoints.auth.logout, {
      auth: session.authorization,
      cookies: { bt_refresh: session.refreshCookie },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: MSG.extra.signedOut });
    expect((await call(t.app, endpoints.auth.me, { auth: session.authorization })).statusCode).toBe(401);
    expect((await refresh(session.refreshCookie)).statusCode).toBe(401);
  });
});

/** The code of the newest outbox e-mail to `to` whose subject matches. */
async function mailedCode(to: string, subject: RegExp) {
  const { mail } = await waitForEml(t.app.ctx.config.mail.outboxDir, to, subject);
  return codeIn(mail.text);
}

describe('logs', () => {
  it('never contain a password, an access token or a refresh token', async () => {
    const session = await signIn(t.app, admin);
    await call(t.app, endpoints.auth.me, { auth: session.authorization });
    await refresh(session.refreshCookie);
    const log = t.logs.join('');
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain(TEST_ADMIN.password);
    expect(log).not.toContain(session.authorization.slice('Bearer '.length));
    expect(log).not.toContain(session.refreshCookie);
  });

  it('never contain the mailed code, the new password or the state of a reset or an activation', async () => {
    const secrets: string[] = [];
    /** Runs code → new password from a first state; every secret of the flow is kept for the check. */
    async function finish(email: string, state: string, subject: RegExp, password: string) {
      const code = await mailedCode(email, subject);
      const validated = await call(t.app, endpoints.auth.passwordValidate, {
        body: { email, role: 'entity', state, code },
      });
      expect(validated.statusCode).toBe(200);
      const next = validated.json().state;
      const set = await call(t.app, endpoints.auth.passwordChange, {
        body: { email, role: 'entity', state: next, password },
      });
      expect(set.statusCode).toBe(200);
      const flowSecrets = [code, state, next, password, set.json().accessToken];
      for (const secret of flowSecrets) rememberSecret(secret);
      secrets.push(...flowSecrets);
    }

    const member = await createEntityUser(t.db());
    const requested = await call(t.app, endpoints.auth.passwordRequest, {
      body: { email: member.email, role: 'entity' },
    });
    expect(requested.statusCode).toBe(200);
    await finish(member.email, requested.json().state, /verification code/, 'Reset-Logged-Pass-7');

    const invited = await createEntityUser(t.db(), { password: null });
    const login = await call(t.app, endpoints.auth.login, {
      body: {
        email: invited.email,
        password: 'anything',
        role: 'entity',
      },
    });
    expect(login.statusCode).toBe(406);
    await finish(invited.email, login.json<406>().state, /activation code/, 'Activated-Logged-Pass-8');

    const log = t.logs.join('');
    expect(log).toContain('outbox mail');
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});

// The lock-out per account and address, across app instances: sign-in-lockout.test.ts.
describe('rate limit', () => {
  it('answers 429 after too many sign-in attempts', async () => {
    const limited = await createTestApp({ RATE_LIMIT_AUTH_MAX: '3' });
    try {
      const attempt = () =>
        call(limited.app, endpoints.auth.login, { body: { ...admin, password: 'Wrong-Pass-1' } });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      const { retryAfterSeconds } = blocked.error();
      expect(blocked.json().message).toBe(MSG.extra.tooManyAttemptsWait(retryAfterSeconds!));
      expect(blocked.headers['retry-after']).toBe(String(retryAfterSeconds));
    } finally {
      await limited.close();
    }
  });
});

describe('a session the portal ended says why', () => {
  const me = (authorization: string) => call(t.app, endpoints.auth.me, { auth: authorization });

  it('an admin removed by another: their next request is told the account was removed', async () => {
    const removed = await createAdminUser(t.db());
    const session = await signIn(t.app, { email: removed.email, password: removed.password!, role: 'admin' });
    const { authorization } = await signIn(t.app, admin);
    const gone = await call(t.app, endpoints.admins.remove, {
      params: { id: removed.userId },
      auth: authorization,
    });
    expect(gone.statusCode, gone.body).toBe(200);
    const refused = await me(session.authorization);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: MSG.extra.accountRemoved });
  });

  it('a disabled entity: its requests, its refresh and its next sign-in are told it is disabled', async () => {
    const entity = await createEntityUser(t.db());
    const session = await signIn(t.app, { email: entity.email, password: entity.password!, role: 'entity' });
    const { authorization } = await signIn(t.app, admin);
    const disabled = await call(t.app, endpoints.entities.edit, {
      params: { id: entity.entityId },
      auth: authorization,
      body: { status: 'inactive' },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    const refused = await me(session.authorization);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: MSG.extra.accountDisabled });
    const refreshed = await refresh(session.refreshCookie);
    expect(refreshed.statusCode).toBe(401);
    expect(refreshed.error().message).toBe(MSG.extra.accountDisabled);
    const login = await callLoose(t.app, endpoints.auth.login, {
      body: { email: entity.email, password: entity.password, role: 'entity' },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(MSG.extra.accountDisabled);
  });

  it('a session that simply ended (signed out) is told it expired', async () => {
    const session = await signIn(t.app, admin);
    await call(t.app, endpoints.auth.logout, {
      auth: session.authorization,
      cookies: { bt_refresh: session.refreshCookie },
    });
    const refused = await me(session.authorization);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: MSG.extra.sessionExpired });
  });
});
