import { ADMIN_PHONE_PLACEHOLDER, endpoints, MSG } from '@bridge-talk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callLoose, urlOf } from '../../../test/api-client.js';
import { createAdminUser, createEntityUser } from '../../../test/factories.js';
import { codeIn, type SmtpCapture, startSmtpCapture, waitForMessage } from '../../../test/smtp-capture.js';
import { createTestApp, signIn, TEST_ADMIN, type TestApp } from '../../../test/test-app.js';
import { users } from '../../db/schema.js';
import { createAdminsService } from './admins.service.js';

let t: TestApp;
let smtp: SmtpCapture;
let admin: string;
let adminId: string;
let entityToken: string;
let entity: Awaited<ReturnType<typeof createEntityUser>>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url });
  const session = await signIn(t.app, { ...TEST_ADMIN, role: 'admin' });
  admin = session.authorization;
  adminId = session.response.json().user._id;
  entity = await createEntityUser(t.db());
  entityToken = (await signIn(t.app, { email: entity.email, password: entity.password!, role: 'entity' }))
    .authorization;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let counter = 0;
function uniqueEmail(): string {
  counter += 1;
  return `new-admin-${Date.now()}-${counter}@test.local`;
}

const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Grace Hopper',
  email: uniqueEmail(),
  subtype: 'admin',
  phone: ADMIN_PHONE_PLACEHOLDER,
  ...overrides,
});

describe('permissions', () => {
  it('answers 401 without a session, 403 to an entity, and serves an admin, on every route', async () => {
    const other = await createAdminUser(t.db());
    const victim = await createAdminUser(t.db());
    const routes = [
      { endpoint: endpoints.admins.list, query: { page: '1' }, ok: 200 },
      { endpoint: endpoints.admins.list, query: { id: other.userId }, ok: 200 },
      { endpoint: endpoints.admins.create, body: () => body(), ok: 201 },
      {
        endpoint: endpoints.admins.edit,
        params: { id: other.userId },
        body: () => body({ email: other.email }),
        ok: 200,
      },
      { endpoint: endpoints.admins.remove, params: { id: victim.userId }, ok: 200 },
    ];
    for (const route of routes) {
      const send = (auth: string | null) =>
        callLoose(t.app, route.endpoint, {
          auth,
          params: route.params,
          query: route.query,
          body: route.body?.(),
        });
      const label = `${route.endpoint.method} ${urlOf(route.endpoint, route.params, route.query)}`;
      const anonymous = await send(null);
      expect(anonymous.statusCode, label).toBe(401);
      expect(anonymous.json()).toEqual({ message: MSG.extra.sessionExpired });
      const asEntity = await send(entityToken);
      expect(asEntity.statusCode, label).toBe(403);
      expect(asEntity.json()).toEqual({ message: MSG.extra.forbidden });
      const asAdmin = await send(admin);
      expect(asAdmin.statusCode, `${label}: ${asAdmin.body}`).toBe(route.ok);
    }
  });
});

describe('GET /api/admin/users/list', () => {
  it('pages the admins with their count; entity people are not admins', async () => {
    const created = [];
    for (let i = 0; i < 12; i++) created.push(await createAdminUser(t.db()));
    // `?page=` answers a page (`?id=` one admin): the union narrowed to the page.
    const pageOf = async (page: string) => {
      const body = (await call(t.app, endpoints.admins.list, { query: { page }, auth: admin })).json();
      if (!('result' in body)) throw new Error(`not a page: ${JSON.stringify(body)}`);
      return body;
    };
    const page1 = await pageOf('1');
    const total = page1.total;
    const [{ n }] = (await t
      .sql(`select count(*)::int as n from users where role = 'admin'`)
      .then((r) => (r as { rows: { n: number }[] }).rows)) as [{ n: number }];
    expect(total).toBe(n);
    expect(page1).toMatchObject({ page: 1, pageSize: 10 });
    expect(page1.result).toHaveLength(10);
    const page2 = await pageOf('2');
    expect(page2.result).toHaveLength(Math.min(10, total - 10));
    const all = [...page1.result, ...page2.result];
    expect(new Set(all.map((a: { _id: string }) => a._id)).size).toBe(all.length);
    for (const item of all) {
      expect(item).toEqual({
        _id: expect.any(String),
        name: expect.any(String),
        email: expect.any(String),
        subtype: 'admin',
        phone: ADMIN_PHONE_PLACEHOLDER,
      });
    }
    const emails = all.map((a: { email: string }) => a.email);
    expect(emails).toContain(TEST_ADMIN.email);
    expect(emails).not.toContain(entity.email);
    // Sorted by name as people read it: a run of digits by its number ('2' before '10').
    const names = all.map((a: { name: string }) => a.name.toLowerCase());
    const natural = (name: string) => name.replace(/\d+/g, (digits) => digits.padStart(20, '0'));
    expect(names).toEqual([...names].sort((a, b) => (natural(a) < natural(b) ? -1 : 1)));
  });

  it('answers one admin by ?id=, and 404 for an entity person or an unknown id', async () => {
    const other = await createAdminUser(t.db());
    const one = await call(t.app, endpoints.admins.list, { query: { id: other.userId }, auth: admin });
    expect(one.json()).toEqual({
      _id: other.userId,
      name: other.name,
      email: other.email,
      subtype: 'admin',
      phone: ADMIN_PHONE_PLACEHOLDER,
    });
    for (const id of [entity.userId, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const response = await call(t.app, endpoints.admins.list, { query: { id }, auth: admin });
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ message: MSG.extra.notFound });
    }
  });
});

describe('POST /api/admin/users/create', () => {
  it('creates an admin without a password and e-mails an invitation with a code', async () => {
    const input = body({ name: 'Ada  Lovelace King' });
    const response = await callLoose(t.app, endpoints.admins.create, { auth: admin, body: input });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      _id: expect.any(String),
      name: 'Ada Lovelace King',
      email: input.email,
      subtype: 'admin',
      phone: ADMIN_PHONE_PLACEHOLDER,
    });
    const [row] = await t
      .db()
      .select({
        firstName: users.firstName,
        lastName: users.lastName,
        role: users.role,
        subtype: users.subtype,
        passwordHash: users.passwordHash,
      })
      .from(users)
      .where(eq(users.email, input.email));
    expect(row).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace King',
      role: 'admin',
      subtype: 'admin',
      passwordHash: null,
    });
    const mail = await waitForMessage(smtp, input.email, /Your Bridge Talk portal account/);
    expect(mail.text).toContain('/login/admin');
    expect(codeIn(mail.text)).toMatch(/^[A-Z2-9]{6}$/);
    const login = await call(t.app, endpoints.auth.login, {
      body: {
        email: input.email,
        password: 'Anything-1',
        role: 'admin',
      },
    });
    expect(login.statusCode).toBe(406);
  });

  it("answers a used e-mail with 'Email already in use.' and the field message", async () => {
    for (const email of [TEST_ADMIN.email.toUpperCase(), entity.email]) {
      const response = await callLoose(t.app, endpoints.admins.create, {
        auth: admin,
        body: body({ email }),
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: MSG.admins.emailInUse,
        fields: { email: MSG.admins.emailInDatabase },
      });
    }
  });

  it.each([
    [{ name: '' }, 'name', MSG.validation.firstNameRequired],
    [{ name: 'Al Smith' }, 'name', MSG.validation.firstNameMin],
    [{ name: 'Grace' }, 'name', MSG.validation.lastNameRequired],
    [{ name: 'Grace Ho' }, 'name', MSG.validation.lastNameMin],
    [{ email: '' }, 'email', MSG.validation.emailRequired],
    [{ email: 'grace@' }, 'email', MSG.validation.emailWrong],
    [{ subtype: 'agency' }, 'subtype', undefined],
  ])('refuses %j', async (override, field, message) => {
    const response = await callLoose(t.app, endpoints.admins.create, { auth: admin, body: body(override) });
    expect(response.statusCode).toBe(400);
    if (message) expect(response.error().fields[field]).toBe(message);
    else expect(response.error().fields).toHaveProperty(field);
  });
});

describe('PUT /api/admin/users/edit/{id}', () => {
  it('saves the name and e-mail; the new address signs in', async () => {
    const other = await createAdminUser(t.db());
    const email = uniqueEmail();
    const response = await callLoose(t.app, endpoints.admins.edit, {
      params: { id: other.userId },
      auth: admin,
      body: body({ name: 'Katherine Johnson', email }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ _id: other.userId, name: 'Katherine Johnson', email });
    await signIn(t.app, { email, password: other.password!, role: 'admin' });
  });

  it('keeps its own e-mail in another case, and answers a used one with the field message', async () => {
    const other = await createAdminUser(t.db());
    const same = await callLoose(t.app, endpoints.admins.edit, {
      params: { id: other.userId },
      auth: admin,
      body: body({ email: other.email.toUpperCase() }),
    });
    expect(same.statusCode).toBe(200);
    const taken = await callLoose(t.app, endpoints.admins.edit, {
      params: { id: other.userId },
      auth: admin,
      body: body({ email: entity.email }),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      message: MSG.admins.emailInUse,
      fields: { email: MSG.admins.emailInDatabase },
    });
  });

  it('answers 404 for an entity person and an unknown id', async () => {
    for (const id of [entity.userId, '00000000-0000-4000-8000-000000000000']) {
      const response = await callLoose(t.app, endpoints.admins.edit, {
        params: { id },
        auth: admin,
        body: body(),
      });
      expect(response.statusCode).toBe(404);
    }
    const [row] = await t.db().select({ role: users.role }).from(users).where(eq(users.id, entity.userId));
    expect(row?.role).toBe('entity');
  });
});

describe('DELETE /api/admin/users/remove/{id}', () => {
  it('removes an admin and ends its sessions at once', async () => {
    const other = await createAdminUser(t.db());
    const session = await signIn(t.app, { email: other.email, password: other.password!, role: 'admin' });
    expect((await call(t.app, endpoints.auth.me, { auth: session.authorization })).statusCode).toBe(200);
    const response = await call(t.app, endpoints.admins.remove, {
      params: { id: other.userId },
      auth: admin,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: MSG.extra.adminRemoved });
    expect((await call(t.app, endpoints.auth.me, { auth: session.authorization })).statusCode).toBe(401);
    const again = await call(t.app, endpoints.admins.remove, { params: { id: other.userId }, auth: admin });
    expect(again.statusCode).toBe(404);
  });

  it('refuses removing yourself', async () => {
    const response = await call(t.app, endpoints.admins.remove, { params: { id: adminId }, auth: admin });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: MSG.extra.cannotRemoveSelf });
    expect((await call(t.app, endpoints.auth.me, { auth: admin })).statusCode).toBe(200);
  });

  it('answers 404 for an entity person, who stays', async () => {
    const response = await call(t.app, endpoints.admins.remove, {
      params: { id: entity.userId },
      auth: admin,
    });
    expect(response.statusCode).toBe(404);
    expect((await call(t.app, endpoints.auth.me, { auth: entityToken })).statusCode).toBe(200);
  });

  it('never removes the last admin', async () => {
    // Only one admin left: the caller's own account has gone (e.g. removed by another admin meanwhile).
    await t.sql(`delete from users where role = 'admin' and lower(email) <> '${TEST_ADMIN.email}'`);
    const service = createAdminsService(t.app.ctx);
    const ghost = {
      userId: '00000000-0000-4000-8000-000000000001',
      sessionId: '00000000-0000-4000-8000-000000000002',
      role: 'admin' as const,
      entityId: null,
      email: 'ghost@test.local',
      name: 'Ghost Admin',
      subtype: 'admin' as const,
      entityName: null,
      coupon: null,
    };
    await expect(service.removeAdmin({ actor: ghost, input: { id: adminId } })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: MSG.extra.lastAdminCannotBeRemoved,
    });
    expect((await call(t.app, endpoints.auth.me, { auth: admin })).statusCode).toBe(200);
  });
});
