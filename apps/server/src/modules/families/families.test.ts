// Families: the list (search, status sort, pages, Reports), one family and its plan, the rename; who may
// call them.
import { endpoints, MSG } from '@bridge-talk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callLoose, urlOf } from '../../../test/api-client.js';
import { addFamilyMember, createEntityUser, createFamily } from '../../../test/factories.js';
import { createTestApp, signIn, TEST_ADMIN, type TestApp } from '../../../test/test-app.js';
import { groups } from '../../db/schema.js';
import { createLocalChatProvider } from '../../providers/chat/local-chat-provider.js';
import { localReportOf } from '../../providers/chat/local-chat-reports.js';
import { recordReports } from '../reports/reports.service.js';

let t: TestApp;
let admin: string;
let entity: Awaited<ReturnType<typeof createEntityUser>>;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signIn(t.app, { ...TEST_ADMIN, role: 'admin' })).authorization;
  entity = await createEntityUser(t.db());
  token = (await signIn(t.app, { email: entity.email, password: entity.password!, role: 'entity' }))
    .authorization;
});
afterAll(() => t.close());

/** A new entity with its own session, so that each test sees only its own families. */
async function freshEntity() {
  const e = await createEntityUser(t.db());
  const auth = (await signIn(t.app, { email: e.email, password: e.password!, role: 'entity' })).authorization;
  return { ...e, auth };
}

async function list(auth: string, query = '') {
  // The query as the screen writes it (`page=2&sort=…`): sent as it is.
  const response = await callLoose(t.app, endpoints.families.list, { query, auth });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('who may call the family routes', () => {
  const id = '00000000-0000-4000-8000-000000000000';
  const routes = [
    { endpoint: endpoints.families.list },
    { endpoint: endpoints.families.byId, params: { id } },
    { endpoint: endpoints.families.edit, params: { groupId: id } },
  ].map(({ endpoint, params }) => [endpoint.method, urlOf(endpoint, params), endpoint, params] as const);

  it.each(routes)(
    '%s %s answers 401 without a session and 403 to an admin',
    async (method, _url, endpoint, params) => {
      const body = method === 'GET' ? undefined : { name: 'Robin Lee' };
      const anonymous = await callLoose(t.app, endpoint, { params, body });
      expect(anonymous.statusCode).toBe(401);
      const asAdmin = await callLoose(t.app, endpoint, { params, body, auth: admin });
      expect(asAdmin.statusCode).toBe(403);
      expect(asAdmin.error().message).toBe(MSG.extra.forbidden);
    },
  );
});

describe('GET /api/group/list', () => {
  it('lists only the entity’s own families, newest first, with payment e-mail, status and reports', async () => {
    const me = await freshEntity();
    const other = await freshEntity();
    const first = await createFamily(t.db(), {
      entityId: me.entityId,
      name: 'Robin Lee',
      paymentEmail: 'pay-robin@test.local',
    });
    const second = await createFamily(t.db(), {
      entityId: me.entityId,
      name: null,
      paymentEmail: null,
      planType: null,
    });
    await createFamily(t.db(), { entityId: other.entityId, name: 'Not Mine' });

    const page = await list(me.auth);
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 10 });
    expect(page.result).toEqual([
      {
        _id: second.groupId,
        name: null,
        active: true,
        reports: false,
        billingInformation: null,
        createdAt: expect.any(String),
        agreement: null,
      },
      {
        _id: first.groupId,
        name: 'Robin Lee',
        active: true,
        reports: false,
        billingInformation: { email: 'pay-robin@test.local' },
        createdAt: expect.any(String),
        agreement: null,
      },
    ]);
  });

  it('flags a family whose channel holds a reported message', async () => {
    const me = await freshEntity();
    const quiet = await createFamily(t.db(), { entityId: me.entityId });
    const reported = await createFamily(t.db(), { entityId: me.entityId });
    const chat = createLocalChatProvider(t.db());
    const parent = await addFamilyMember(t.db(), { groupId: reported.groupId, role: 'adoptive_parent' });
    const birth = await addFamilyMember(t.db(), { groupId: reported.groupId, role: 'birth_family' });
    await chat.upsertUsers([
      { id: parent.memberId, name: 'Pat Parent' },
      { id: birth.memberId, name: 'Bea Birth' },
    ]);
    const channel = await chat.ensureChannel({
      groupId: reported.groupId,
      key: birth.memberId,
      members: [
        { userId: parent.memberId, role: 'adoptive_parent', permission: 'write' },
        { userId: birth.memberId, role: 'birth_family', permission: 'write' },
      ],
    });
    const posted = await chat.postMessage({
      channelId: channel.id,
      userId: birth.memberId,
      html: '<p>hello</p>',
    });
    expect((await list(me.auth)).result.find((g) => g._id === reported.groupId)?.reports).toBe(false);
    const messageId = (posted as { id: string }).id;
    await chat.flagMessage({ messageId, userId: parent.memberId });
    // The report reaches the portal's reports queue, as the member API's report does.
    await recordReports(t.app.ctx, await localReportOf(t.db(), messageId, parent.memberId), { alert: false });

    const { result } = await list(me.auth);
    expect(Object.fromEntries(result.map((g) => [g._id, g.reports]))).toEqual({
      [quiet.groupId]: false,
      [reported.groupId]: true,
    });

    // Reviewed, it no longer flags the family.
    await t.sql(`update message_reports set state = 'reviewed' where message_id = '${messageId}'`);
    expect((await list(me.auth)).result.find((g) => g._id === reported.groupId)?.reports).toBe(false);
  });

  it('searches the child’s name, the payment e-mail and members’ e-mails, whatever the case', async () => {
    const me = await freshEntity();
    const byName = await createFamily(t.db(), { entityId: me.entityId, name: 'Needle Child' });
    const byPayment = await createFamily(t.db(), {
      entityId: me.entityId,
      paymentEmail: 'NEEDLE.pay@test.local',
    });
    const byMember = await createFamily(t.db(), { entityId: me.entityId });
    await addFamilyMember(t.db(), {
      groupId: byMember.groupId,
      role: 'birth_family',
      email: 'bea.needle@family.test',
    });
    await createFamily(t.db(), { entityId: me.entityId, name: 'Other Child' });
    const foreign = await freshEntity();
    await createFamily(t.db(), { entityId: foreign.entityId, name: 'Needle Foreign' });

    const found = await list(me.auth, 'search=nEeDlE');
    expect(found.total).toBe(3);
    expect(found.result.map((g) => g._id).sort()).toEqual(
      [byName.groupId, byPayment.groupId, byMember.groupId].sort(),
    );
    expect((await list(me.auth, 'search=bea.needle@FAMILY.test')).result.map((g) => g._id)).toEqual([
      byMember.groupId,
    ]);
    // A typed % or _ is a character, not a pattern.
    expect((await list(me.auth, 'search=%25')).total).toBe(0);
    expect((await list(me.auth, 'search=no-such-family')).total).toBe(0);
  });

  it('sorts by status both ways and pages through the families', async () => {
    const me = await freshEntity();
    const ids: { id: string; active: boolean }[] = [];
    for (let i = 0; i < 12; i++) {
      const active = i % 3 !== 0;
      ids.push({ id: (await createFamily(t.db(), { entityId: me.entityId, active })).groupId, active });
    }
    const asc = await list(me.auth, 'sort=asc&pageSize=12');
    expect(asc.result.map((g) => g.active)).toEqual([...Array(8).fill(true), ...Array(4).fill(false)]);
    const desc = await list(me.auth, 'sort=desc&pageSize=12');
    expect(desc.result.map((g) => g.active)).toEqual([...Array(4).fill(false), ...Array(8).fill(true)]);

    const page1 = await list(me.auth);
    const page2 = await list(me.auth, 'page=2');
    expect(page1.result).toHaveLength(10);
    expect(page2).toMatchObject({ total: 12, page: 2 });
    expect(page2.result).toHaveLength(2);
    expect(new Set([...page1.result, ...page2.result].map((g) => g._id)).size).toBe(12);
  });

  it('refuses a NUL character in a search (no stored text can hold one)', async () => {
    const response = await callLoose(t.app, endpoints.families.list, { query: 'search=%00', auth: token });
    expect(response.statusCode).toBe(400);
    expect(response.error().message).toBe(MSG.extra.invalidCharacters);
  });

  it('refuses a query it does not understand', async () => {
    const response = await callLoose(t.app, endpoints.families.list, {
      query: { sort: 'sideways', page: '0' },
      auth: token,
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /api/group/list/{id}', () => {
  it('tells a one-time family from a monthly one', async () => {
    const monthly = await createFamily(t.db(), {
      entityId: entity.entityId,
      name: 'Mona Month',
      planType: 'recurring',
    });
    const oneTime = await createFamily(t.db(), {
      entityId: entity.entityId,
      name: 'Otto Once',
      planType: 'one_time',
    });
    const unnamed = await createFamily(t.db(), { entityId: entity.entityId, name: null, planType: null });

    const m = await call(t.app, endpoints.families.byId, { params: { id: monthly.groupId }, auth: token });
    expect(m.statusCode).toBe(200);
    expect(m.json()).toEqual({
      _id: monthly.groupId,
      name: 'Mona Month',
      childFirstName: 'Mona',
      childLastName: 'Month',
      active: true,
      billingInformation: { email: monthly.paymentEmail },
      plan: { priceId: 'price_factory_recurring', type: 'recurring' },
      paymentId: null,
      subscriptionId: expect.stringMatching(/^sub_/),
      oneTime: false,
      createdAt: expect.any(String),
    });
    const o = (
      await call(t.app, endpoints.families.byId, { params: { id: oneTime.groupId }, auth: token })
    ).json();
    expect(o).toMatchObject({
      oneTime: true,
      paymentId: expect.stringMatching(/^pay_/),
      subscriptionId: null,
    });
    const u = (
      await call(t.app, endpoints.families.byId, { params: { id: unnamed.groupId }, auth: token })
    ).json();
    expect(u).toMatchObject({
      name: null,
      plan: null,
      oneTime: false,
      paymentId: null,
      subscriptionId: null,
    });
  });

  it('answers 404 for a family of another entity or none, and 400 for an id that is not one', async () => {
    const other = await freshEntity();
    const foreign = await createFamily(t.db(), { entityId: other.entityId });
    const response = await call(t.app, endpoints.families.byId, {
      params: { id: foreign.groupId },
      auth: token,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: MSG.extra.notFound });
    expect(
      (
        await call(t.app, endpoints.families.byId, {
          params: { id: '6f0f7f6e-3b7a-4c55-9a8e-2f3f4b5c6d7e' },
          auth: token,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, endpoints.families.byId, { params: { id: 'not-an-id' }, auth: token })).statusCode,
    ).toBe(400);
  });
});

describe('PUT /api/group/edit/{groupId}', () => {
  it('renames the family whole, and leaves the child’s names as they are', async () => {
    const family = await createFamily(t.db(), { entityId: entity.entityId, name: 'Robin Lee' });
    const response = await call(t.app, endpoints.families.edit, {
      params: { groupId: family.groupId },
      auth: token,
      body: {
        name: '  The  Garcia Family ',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ _id: family.groupId, message: 'Edit name group successfully.' });
    const group = (
      await call(t.app, endpoints.families.byId, { params: { id: family.groupId }, auth: token })
    ).json();
    expect(group).toMatchObject({
      name: 'The Garcia Family',
      childFirstName: 'Robin',
      childLastName: 'Lee',
    });
    const listed = await list(token, 'search=garcia');
    expect(listed.result.map((g) => g.name)).toEqual(['The Garcia Family']);
  });

  it('takes a name of one word', async () => {
    const family = await createFamily(t.db(), { entityId: entity.entityId, name: 'Robin Lee' });
    const response = await call(t.app, endpoints.families.edit, {
      params: { groupId: family.groupId },
      auth: token,
      body: { name: 'Brookses' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t
      .db()
      .select({ name: groups.name, first: groups.childFirstName, last: groups.childLastName })
      .from(groups)
      .where(eq(groups.id, family.groupId));
    expect(row).toEqual({ name: 'Brookses', first: 'Robin', last: 'Lee' });
  });

  it('changes the child’s names too when they are sent, as the wizard’s child step does', async () => {
    const family = await createFamily(t.db(), { entityId: entity.entityId, name: 'Robin Lee' });
    const response = await call(t.app, endpoints.families.edit, {
      params: { groupId: family.groupId },
      auth: token,
      body: {
        name: 'Robin Ann Smith',
        childFirstName: 'Robin Ann',
        childLastName: 'Smith',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const group = (
      await call(t.app, endpoints.families.byId, { params: { id: family.groupId }, auth: token })
    ).json();
    expect(group).toMatchObject({
      name: 'Robin Ann Smith',
      childFirstName: 'Robin Ann',
      childLastName: 'Smith',
    });
    const short = await call(t.app, endpoints.families.edit, {
      params: { groupId: family.groupId },
      auth: token,
      body: {
        name: 'Al Smith',
        childFirstName: 'Al',
        childLastName: 'Smith',
      },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      message: MSG.validation.childFirstNameMin,
      fields: { childFirstName: MSG.validation.childFirstNameMin },
    });
  });

  it('says a name past its maximum is too long, as the form does', async () => {
    const family = await createFamily(t.db(), { entityId: entity.entityId, name: 'Robin Lee' });
    const response = await call(t.app, endpoints.families.edit, {
      params: { groupId: family.groupId },
      auth: token,
      body: { name: 'a'.repeat(122) },
    });
    expect(response.statusCode).toBe(400);
    const message = 'Group name must be at most 121 characters';
    expect(response.json()).toEqual({ message, fields: { name: message } });
  });

  it('needs a name of at least 3 characters', async () => {
    const family = await createFamily(t.db(), { entityId: entity.entityId, name: 'Robin Lee' });
    const response = await call(t.app, endpoints.families.edit, {
      params: { groupId: family.groupId },
      auth: token,
      body: { name: ' ab ' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: MSG.families.groupNameMin,
      fields: { name: MSG.families.groupNameMin },
    });
  });

  it('refuses a name with a NUL character', async () => {
    const family = await createFamily(t.db(), { entityId: entity.entityId, name: 'Robin Lee' });
    const response = await call(t.app, endpoints.families.edit, {
      params: { groupId: family.groupId },
      auth: token,
      body: {
        name: 'Robin\u0000 Lee',
      },
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers 404 for a family of another entity and leaves it as it was', async () => {
    const other = await freshEntity();
    const foreign = await createFamily(t.db(), { entityId: other.entityId, name: 'Keep Me' });
    const response = await call(t.app, endpoints.families.edit, {
      params: { groupId: foreign.groupId },
      auth: token,
      body: { name: 'Stolen Name' },
    });
    expect(response.statusCode).toBe(404);
    const [row] = await t
      .db()
      .select({ name: groups.name })
      .from(groups)
      .where(eq(groups.id, foreign.groupId));
    expect(row?.name).toBe('Keep Me');
  });
});
