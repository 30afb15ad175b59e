import { endpoints, MSG } from '@bridge-talk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callLoose, urlOf } from '../../../test/api-client.js';
import { createEntityUser } from '../../../test/factories.js';
import { codeIn, type SmtpCapture, startSmtpCapture, waitForMessage } from '../../../test/smtp-capture.js';
import { createTestApp, signIn, TEST_ADMIN, type TestApp } from '../../../test/test-app.js';
import { entities, users } from '../../db/schema.js';

let t: TestApp;
let smtp: SmtpCapture;
let admin: string;
let entityToken: string;
let existing: Awaited<ReturnType<typeof createEntityUser>>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url });
  admin = (await signIn(t.app, { ...TEST_ADMIN, role: 'admin' })).authorization;
  existing = await createEntityUser(t.db());
  entityToken = (await signIn(t.app, { email: existing.email, password: existing.password!, role: 'entity' }))
    .authorization;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let counter = 0;
function uniqueEmail(prefix = 'agency'): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@test.local`;
}

function validEntity(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Open Arms Agency',
    phone: '(555) 010-2000',
    address: '1 Main Street, Springfield',
    email: uniqueEmail(),
    startContract: '2026-01-01',
    endContract: '2027-12-31',
    subtype: 'agency',
    coupon: '',
    ...overrides,
  };
}

function daysFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function createEntity(overrides: Record<string, unknown> = {}) {
  const response = await callLoose(t.app, endpoints.entities.create, {
    auth: admin,
    body: validEntity(overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('permissions', () => {
  const routes = () => [
    { endpoint: endpoints.entities.list, ok: 200 },
    { endpoint: endpoints.entities.byId, params: { id: existing.entityId }, ok: 200 },
    { endpoint: endpoints.entities.create, body: () => validEntity(), ok: 201 },
    {
      endpoint: endpoints.entities.edit,
      params: { id: existing.entityId },
      body: () => ({ ...validEntity(), email: existing.email }),
      ok: 200,
    },
  ];
  type Route = ReturnType<typeof routes>[number];
  const send = (route: Route, auth: string | null) =>
    callLoose(t.app, route.endpoint, { auth, params: route.params, body: route.body?.() });
  const label = (route: Route) => `${route.endpoint.method} ${urlOf(route.endpoint, route.params)}`;

  it('answers 401 without a session on every route', async () => {
    for (const route of routes()) {
      const response = await send(route, null);
      expect(response.statusCode, label(route)).toBe(401);
      expect(response.json()).toEqual({ message: MSG.extra.sessionExpired });
    }
  });

  it('answers 403 to an entity on every route', async () => {
    for (const route of routes()) {
      const response = await send(route, entityToken);
      expect(response.statusCode, label(route)).toBe(403);
      expect(response.json()).toEqual({ message: MSG.extra.forbidden });
    }
  });

  it('serves an admin on every route', async () => {
    for (const route of routes()) {
      const response = await send(route, admin);
      expect(response.statusCode, `${label(route)}: ${response.body}`).toBe(route.ok);
    }
  });
});

describe('POST /api/entity/create', () => {
  it('creates an active entity and its person without a password, and e-mails an invitation code', async () => {
    const input = validEntity({ name: 'Hope Bridge Adoptions', coupon: '  WELCOME10 ' });
    const response = await callLoose(t.app, endpoints.entities.create, { auth: admin, body: input });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      _id: expect.any(String),
      name: 'Hope Bridge Adoptions',
      email: input.email,
      phone: '(555) 010-2000',
      address: '1 Main Street, Springfield',
      subtype: 'agency',
      status: 'active',
      active: true,
      startContract: '2026-01-01',
      endContract: '2027-12-31',
      coupon: 'WELCOME10',
      version: expect.any(String),
    });

    const [person] = await t
      .db()
      .select({
        id: users.id,
        role: users.role,
        firstName: users.firstName,
        lastName: users.lastName,
        passwordHash: users.passwordHash,
        entityId: users.entityId,
      })
      .from(users)
      .where(eq(users.email, input.email));
    expect(person).toEqual({
      id: expect.any(String),
      role: 'entity',
      firstName: 'Hope',
      lastName: 'Bridge Adoptions',
      passwordHash: null,
      entityId: body._id,
    });

    const mail = await waitForMessage(smtp, input.email, /Your Bridge Talk portal account/);
    expect(mail.text).toContain('Hello Hope Bridge Adoptions,');
    expect(mail.text).toContain('/login/entity');
    expect(codeIn(mail.text)).toMatch(/^[A-Z2-9]{6}$/);

    // The first login goes through the activation flow (406), not a password check.
    const login = await call(t.app, endpoints.auth.login, {
      body: {
        email: input.email,
        password: 'Anything-1',
        role: 'entity',
      },
    });
    expect(login.statusCode).toBe(406);
    expect(login.json().message).toBe(MSG.auth.redirectToCreatePassword);

    const read = await call(t.app, endpoints.entities.byId, { params: { id: body._id }, auth: admin });
    // The details add the sign-in person (their account, what a second-factor reset names) and when
    // the entity was recorded.
    expect(read.json()).toEqual({
      ...body,
      accountId: person!.id,
      contactName: 'Hope Bridge Adoptions',
      createdAt: expect.any(String),
    });
  });

  it('stores no coupon when the field is empty, and the e-mail lower-case', async () => {
    const email = uniqueEmail('MiXeD');
    const body = await createEntity({ coupon: '', email });
    const read = (
      await call(t.app, endpoints.entities.byId, { params: { id: body._id }, auth: admin })
    ).json();
    expect(read.coupon).toBeNull();
    expect(read.email).toBe(email.toLowerCase());
  });

  it('answers every required field with its message when the body is empty', async () => {
    const response = await callLoose(t.app, endpoints.entities.create, { auth: admin, body: {} });
    expect(response.statusCode).toBe(400);
    expect(response.error().fields).toEqual({
      name: MSG.validation.entityNameRequired,
      phone: MSG.validation.phoneRequired,
      address: MSG.validation.addressRequired,
      email: MSG.validation.emailRequired,
      startContract: MSG.validation.startContractLength,
      endContract: MSG.validation.endContractLength,
    });
  });

  it.each([
    [{ name: 'Ab' }, 'name', MSG.validation.entityNameMin],
    [{ name: '   ' }, 'name', MSG.validation.entityNameRequired],
    [{ phone: '' }, 'phone', MSG.validation.phoneRequired],
    [{ phone: '(555) 010' }, 'phone', MSG.validation.phoneWrong],
    [{ phone: '(555) 010-2000 x1234' }, 'phone', MSG.validation.phoneWrong],
    [{ phone: '(555) 010-200' }, 'phone', MSG.validation.phoneWrong],
    [{ name: 'a'.repeat(161) }, 'name', 'Entity name must be at most 160 characters'],
    [{ address: 'a'.repeat(301) }, 'address', 'Address must be at most 300 characters'],
    [{ address: '' }, 'address', MSG.validation.addressRequired],
    [{ email: '' }, 'email', MSG.validation.emailRequired],
    [{ email: 'not-an-email' }, 'email', MSG.validation.emailWrong],
    [{ startContract: '2026-1-01' }, 'startContract', MSG.validation.startContractLength],
    [{ startContract: '2026-13-01' }, 'startContract', MSG.validation.startContractInvalid],
    [{ endContract: '2027-12' }, 'endContract', MSG.validation.endContractLength],
    [{ endContract: '2027-02-30' }, 'endContract', MSG.validation.endContractInvalid],
  ])('refuses %j with the message on %s', async (override, field, message) => {
    const response = await callLoose(t.app, endpoints.entities.create, {
      auth: admin,
      body: validEntity(override),
    });
    expect(response.statusCode).toBe(400);
    expect(response.error().fields[field]).toBe(message);
    expect(response.error().message).toBe(message);
  });

  it('refuses a start date after today, and accepts today', async () => {
    const future = await callLoose(t.app, endpoints.entities.create, {
      auth: admin,
      body: validEntity({ startContract: daysFromToday(2), endContract: daysFromToday(400) }),
    });
    expect(future.statusCode).toBe(400);
    expect(future.error().fields).toEqual({ startContract: MSG.validation.startContractNotFuture });
    await createEntity({ startContract: daysFromToday(0), endContract: daysFromToday(365) });
  });

  it('refuses a start that is not strictly before the end, on both dates', async () => {
    for (const endContract of ['2026-01-01', '2025-12-31']) {
      const response = await callLoose(t.app, endpoints.entities.create, {
        auth: admin,
        body: validEntity({ startContract: '2026-01-01', endContract }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.error().fields).toEqual({
        startContract: MSG.validation.startContractBeforeEnd,
        endContract: MSG.validation.endContractAfterStart,
      });
    }
  });

  it('refuses an e-mail already used by an entity, a person or an admin, in any case', async () => {
    const before = (await t.db().select({ id: entities.id }).from(entities)).length;
    for (const email of [existing.email.toUpperCase(), TEST_ADMIN.email]) {
      const response = await callLoose(t.app, endpoints.entities.create, {
        auth: admin,
        body: validEntity({ email }),
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: MSG.entities.emailInDatabase,
        fields: { email: MSG.entities.emailInDatabase },
      });
    }
    expect((await t.db().select({ id: entities.id }).from(entities)).length).toBe(before);
  });

  it('lets only one of two simultaneous creations with one e-mail through', async () => {
    const email = uniqueEmail('race');
    const [a, b] = await Promise.all([
      callLoose(t.app, endpoints.entities.create, { auth: admin, body: validEntity({ email }) }),
      callLoose(t.app, endpoints.entities.create, { auth: admin, body: validEntity({ email }) }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
  });
});

describe('GET /api/entity/list/{id}', () => {
  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await call(t.app, endpoints.entities.byId, { params: { id }, auth: admin });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: MSG.extra.notFound });
    }
  });
});

describe('PUT /api/entity/edit/{id}', () => {
  it('saves the form; a new e-mail moves the sign-in address of its person', async () => {
    const person = await createEntityUser(t.db(), { coupon: 'OLD' });
    const email = uniqueEmail('moved');
    const response = await callLoose(t.app, endpoints.entities.edit, {
      params: { id: person.entityId },
      auth: admin,
      body: {
        ...validEntity({ name: 'Renamed Agency', email, coupon: 'SPRING20' }),
        phone: '(555) 999-0000',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      _id: person.entityId,
      name: 'Renamed Agency',
      email,
      phone: '(555) 999-0000',
      coupon: 'SPRING20',
      status: 'active',
    });
    await signIn(t.app, { email, password: person.password!, role: 'entity' });
    const old = await callLoose(t.app, endpoints.auth.login, {
      body: {
        email: person.email,
        password: person.password,
        role: 'entity',
      },
    });
    expect(old.statusCode).toBe(401);
  });

  it('keeps the coupon when it is left out and removes it when empty', async () => {
    const person = await createEntityUser(t.db(), { coupon: 'KEEPME' });
    const { coupon: _left, ...withoutCoupon } = validEntity({ email: person.email });
    const kept = await callLoose(t.app, endpoints.entities.edit, {
      params: { id: person.entityId },
      auth: admin,
      body: withoutCoupon,
    });
    expect(kept.json().coupon).toBe('KEEPME');
    const removed = await callLoose(t.app, endpoints.entities.edit, {
      params: { id: person.entityId },
      auth: admin,
      body: {
        ...withoutCoupon,
        coupon: '',
      },
    });
    expect(removed.json().coupon).toBeNull();
  });

  it('accepts its own e-mail in another case and refuses one of another account', async () => {
    const person = await createEntityUser(t.db());
    const same = await callLoose(t.app, endpoints.entities.edit, {
      params: { id: person.entityId },
      auth: admin,
      body: validEntity({ email: person.email.toUpperCase() }),
    });
    expect(same.statusCode).toBe(200);
    const taken = await callLoose(t.app, endpoints.entities.edit, {
      params: { id: person.entityId },
      auth: admin,
      body: validEntity({ email: existing.email }),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      message: MSG.entities.emailInDatabase,
      fields: { email: MSG.entities.emailInDatabase },
    });
  });

  it('requires the whole form unless the status changes', async () => {
    const response = await call(t.app, endpoints.entities.edit, {
      params: { id: existing.entityId },
      auth: admin,
      body: { name: 'Only Name' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.error().fields).toEqual({
      phone: MSG.validation.phoneRequired,
      address: MSG.validation.addressRequired,
      email: MSG.validation.emailRequired,
      startContract: MSG.validation.startContractLength,
      endContract: MSG.validation.endContractLength,
    });
  });

  it('answers 404 for an unknown entity', async () => {
    const response = await callLoose(t.app, endpoints.entities.edit, {
      params: { id: '00000000-0000-4000-8000-000000000000' },
      auth: admin,
      body: validEntity(),
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('PUT /api/entity/edit/{id}: two admins editing one entity', () => {
  it('refuses a save made on a version another admin has saved since, and changes nothing', async () => {
    const created = await createEntity();
    const read = (
      await call(t.app, endpoints.entities.byId, { params: { id: created._id }, auth: admin })
    ).json();
    expect(read.version).toMatch(/^\d{4}-\d\d-\d\dT/);
    const first = await callLoose(t.app, endpoints.entities.edit, {
      params: { id: created._id },
      auth: admin,
      body: {
        ...validEntity({ name: 'First Admin Name', email: created.email }),
        version: read.version,
      },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().version).not.toBe(read.version);
    const second = await callLoose(t.app, endpoints.entities.edit, {
      params: { id: created._id },
      auth: admin,
      body: {
        ...validEntity({ name: 'Second Admin Name', email: created.email }),
        version: read.version,
      },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: MSG.extra.entityChangedSinceRead });
    expect(
      (await call(t.app, endpoints.entities.byId, { params: { id: created._id }, auth: admin })).json().name,
    ).toBe('First Admin Name');
    // Saved on the version it read last, the second admin's save goes through.
    const again = await callLoose(t.app, endpoints.entities.edit, {
      params: { id: created._id },
      auth: admin,
      body: {
        ...validEntity({ name: 'Second Admin Name', email: created.email }),
        version: first.json().version,
      },
    });
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe('status changes', () => {
  it('disabling ends the sessions of the entity at once; enabling lets it sign in again', async () => {
    const person = await createEntityUser(t.db());
    const session = await signIn(t.app, { email: person.email, password: person.password!, role: 'entity' });
    expect((await call(t.app, endpoints.auth.me, { auth: session.authorization })).statusCode).toBe(200);

    const disabled = await call(t.app, endpoints.entities.edit, {
      params: { id: person.entityId },
      auth: admin,
      body: { status: 'inactive' },
    });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ status: 'inactive', active: false });

    expect((await call(t.app, endpoints.auth.me, { auth: session.authorization })).statusCode).toBe(401);
    const refresh = await call(t.app, endpoints.auth.refresh, {
      cookies: { bt_refresh: session.refreshCookie },
    });
    expect(refresh.statusCode).toBe(401);
    const login = await callLoose(t.app, endpoints.auth.login, {
      body: {
        email: person.email,
        password: person.password,
        role: 'entity',
      },
    });
    expect(login.statusCode).toBe(403);

    const enabled = await call(t.app, endpoints.entities.edit, {
      params: { id: person.entityId },
      auth: admin,
      body: { status: 'active' },
    });
    expect(enabled.json()).toMatchObject({ status: 'active', active: true });
    // The old session stays ended; a new sign-in works.
    expect((await call(t.app, endpoints.auth.me, { auth: session.authorization })).statusCode).toBe(401);
    await signIn(t.app, { email: person.email, password: person.password!, role: 'entity' });
  });

  async function accessRequest(name: string) {
    const email = uniqueEmail('request');
    const registered = await call(t.app, endpoints.auth.register, {
      body: {
        name,
        email,
        phone: '(555) 123-4567',
        subtype: 'lawyer',
      },
    });
    expect(registered.statusCode).toBe(200);
    const listed = (
      await call(t.app, endpoints.entities.list, { query: { search: email }, auth: admin })
    ).json();
    expect(listed.result).toHaveLength(1);
    return { email, entity: listed.result[0] as { _id: string; status: string } };
  }

  const invitedTo = (email: string) =>
    smtp.messages.some((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.text.includes(email)));

  it('refuses to enable a pending access request before its address and contract dates are filled in: it stays pending, nobody is invited', async () => {
    const { email, entity } = await accessRequest('Paula Pending');
    expect(entity).toMatchObject({
      status: 'pending',
      active: false,
      subtype: 'lawyer',
      address: '',
      startContract: null,
      endContract: null,
    });

    const refused = await call(t.app, endpoints.entities.edit, {
      params: { id: entity._id },
      auth: admin,
      body: { status: 'active' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: MSG.extra.entityIncomplete,
      fields: {
        address: MSG.validation.addressRequired,
        startContract: MSG.validation.startContractLength,
        endContract: MSG.validation.endContractLength,
      },
    });
    // Only some of them is not enough either.
    const partly = await call(t.app, endpoints.entities.edit, {
      params: { id: entity._id },
      auth: admin,
      body: {
        status: 'active',
        address: '9 Harbor Street',
      },
    });
    expect(partly.statusCode).toBe(409);
    expect(Object.keys(partly.error().fields)).toEqual(['startContract', 'endContract']);

    const after = (
      await call(t.app, endpoints.entities.byId, { params: { id: entity._id }, auth: admin })
    ).json();
    expect(after).toMatchObject({ status: 'pending', active: false, address: '' });
    const login = await call(t.app, endpoints.auth.login, {
      body: {
        email,
        password: 'Anything-1',
        role: 'entity',
      },
    });
    expect(login.statusCode).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(invitedTo(email)).toBe(false);
  });

  it('a pending access request saved without a status keeps waiting, and nobody is invited', async () => {
    const { email, entity } = await accessRequest('Quinn Pending');
    const saved = await call(t.app, endpoints.entities.edit, {
      params: { id: entity._id },
      auth: admin,
      body: {
        ...validEntity({ name: 'Quinn Law', email }),
        subtype: undefined,
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      status: 'pending',
      active: false,
      address: '1 Main Street, Springfield',
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(invitedTo(email)).toBe(false);
  });

  it('the completed form saved with the status enables a pending access request and e-mails its person the invitation', async () => {
    const { email, entity } = await accessRequest('Paula Pending');
    const enabled = await call(t.app, endpoints.entities.edit, {
      params: { id: entity._id },
      auth: admin,
      body: {
        name: 'Pending Family Law',
        email,
        phone: '(555) 123-4567',
        address: '9 Harbor Street, Portland',
        startContract: '2026-01-01',
        endContract: '2027-12-31',
        coupon: '',
        status: 'active',
      },
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json()).toMatchObject({
      status: 'active',
      active: true,
      subtype: 'lawyer',
      name: 'Pending Family Law',
      address: '9 Harbor Street, Portland',
      startContract: '2026-01-01',
      endContract: '2027-12-31',
    });
    const mail = await waitForMessage(smtp, email, /Your Bridge Talk portal account/);
    expect(mail.text).toContain('Hello Paula Pending,');
    const login = await call(t.app, endpoints.auth.login, {
      body: {
        email,
        password: 'Anything-1',
        role: 'entity',
      },
    });
    expect(login.statusCode).toBe(406);
  });

  it('sends no invitation when a disabled entity is enabled again', async () => {
    const person = await createEntityUser(t.db(), { password: null, entityStatus: 'inactive' });
    const enabled = await call(t.app, endpoints.entities.edit, {
      params: { id: person.entityId },
      auth: admin,
      body: { status: 'active' },
    });
    expect(enabled.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(
      smtp.messages.some(
        (m) => m.text?.includes(person.email) || JSON.stringify(m.to).includes(person.email),
      ),
    ).toBe(false);
  });

  it('refuses a status an admin does not set', async () => {
    const response = await callLoose(t.app, endpoints.entities.edit, {
      params: { id: existing.entityId },
      auth: admin,
      body: { status: 'pending' },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /api/entity/list', () => {
  it('searches name and e-mail case-insensitively, with % and _ taken literally', async () => {
    const tag = `zq${Date.now()}`;
    const a = await createEntity({ name: `Alpha ${tag} Agency` });
    const b = await createEntity({ name: 'Beta Agency', email: `${tag}.beta@test.local` });
    await createEntity({ name: `Gamma 100% Agency ${tag}x` });
    const byTag = (
      await call(t.app, endpoints.entities.list, { query: { search: tag.toUpperCase() }, auth: admin })
    ).json();
    expect(byTag.total).toBe(3);
    expect(byTag.result.map((e: { _id: string }) => e._id)).toContain(a._id);
    expect(byTag.result.map((e: { _id: string }) => e._id)).toContain(b._id);
    const percent = (
      await call(t.app, endpoints.entities.list, { query: { search: '100%' }, auth: admin })
    ).json();
    expect(percent.result.map((e: { name: string }) => e.name)).toEqual([`Gamma 100% Agency ${tag}x`]);
    const underscore = (
      await call(t.app, endpoints.entities.list, { query: { search: '_' }, auth: admin })
    ).json();
    expect(underscore.total).toBe(0);
  });

  it('finds an entity whatever the accents typed or stored', async () => {
    const tag = `zs${Date.now()}`;
    const accented = await createEntity({ name: `Agencia Peña ${tag}` });
    const ids = async (search: string) =>
      (await call(t.app, endpoints.entities.list, { query: { search }, auth: admin }))
        .json()
        .result.map((e: { _id: string }) => e._id);
    expect(await ids(`pena ${tag}`)).toEqual([accented._id]);
    expect(await ids(`AGÉNCIA PEÑA ${tag}`)).toEqual([accented._id]);
  });

  it('finds an entity by its new name and e-mail once edited, and no longer by the old ones', async () => {
    const tag = `zr${Date.now()}`;
    const created = await createEntity({ name: `Before ${tag}`, email: `before.${tag}@test.local` });
    const ids = async (search: string) =>
      (await call(t.app, endpoints.entities.list, { query: { search }, auth: admin }))
        .json()
        .result.map((e: { _id: string }) => e._id);
    expect(await ids(`BEFORE ${tag}`)).toEqual([created._id]);
    const edited = await callLoose(t.app, endpoints.entities.edit, {
      params: { id: created._id },
      auth: admin,
      body: {
        ...validEntity({ name: `After ${tag}`, email: `after.${tag}@test.local` }),
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await ids(`After ${tag}`)).toEqual([created._id]);
    expect(await ids(`AFTER.${tag}@TEST.local`)).toEqual([created._id]);
    expect(await ids(`before ${tag}`)).toEqual([]);
    expect(await ids(`before.${tag}`)).toEqual([]);
  });

  it('answers the page it was asked and the total', async () => {
    const all = (
      await call(t.app, endpoints.entities.list, { query: { pageSize: '100' }, auth: admin })
    ).json();
    const page2 = (
      await call(t.app, endpoints.entities.list, { query: { page: '2', pageSize: '3' }, auth: admin })
    ).json();
    expect(page2).toMatchObject({ page: 2, pageSize: 3, total: all.total });
    expect(page2.result).toEqual(all.result.slice(3, 6));
  });

  it('refuses a page that is not a positive number', async () => {
    for (const query of ['page=0', 'page=abc', 'pageSize=101', 'sort=up']) {
      const response = await callLoose(t.app, endpoints.entities.list, { query, auth: admin });
      expect(response.statusCode, query).toBe(400);
    }
  });
});
