// The people of a family: lookup, create, link, edit, the final list and its chat channels, the member
// status toggle, invitations by e-mail; who may call the routes.
import { endpoints, type FamilyMember, MSG } from '@bridge-talk/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callLoose, urlOf } from '../../../test/api-client.js';
import { addFamilyMember, createEntityUser, createFamily } from '../../../test/factories.js';
import { type SmtpCapture, startSmtpCapture, waitForMessage } from '../../../test/smtp-capture.js';
import { createTestApp, eventually, signIn, TEST_ADMIN, type TestApp } from '../../../test/test-app.js';
import { chatChannelMembers } from '../../db/schema-chat.js';
import { auditEvents, familyMembers, groupMembers } from '../../db/schema-families.js';
import { createLocalChatProvider, type LocalChatProvider } from '../../providers/chat/local-chat-provider.js';

let t: TestApp;
let smtp: SmtpCapture;
let chat: LocalChatProvider;
let admin: string;
let entity: Awaited<ReturnType<typeof createEntityUser>>;
let token: string;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url });
  chat = createLocalChatProvider(t.db());
  admin = (await signIn(t.app, { ...TEST_ADMIN, role: 'admin' })).authorization;
  entity = await createEntityUser(t.db());
  token = (await signIn(t.app, { email: entity.email, password: entity.password!, role: 'entity' }))
    .authorization;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let counter = 0;
function email(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@family.test`;
}

async function created(groupId: string, name: string, subtype: string, address: string | null) {
  const response = await callLoose(t.app, endpoints.families.createUser, {
    auth: token,
    body: { groupId, name, email: address, subtype },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function members(groupId: string): Promise<FamilyMember[]> {
  const response = await call(t.app, endpoints.families.members, { params: { id: groupId }, auth: token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result;
}

/** A named family with a child (no e-mail), two adoptive parents and two birth family members, synced. */
async function wholeFamily() {
  const { groupId } = await createFamily(t.db(), { entityId: entity.entityId, name: 'Robin Lee' });
  const child = await created(groupId, 'Robin Lee', 'child', null);
  const parent1 = await created(groupId, 'Alice Adams', 'adoptive_parent', email('alice'));
  const parent2 = await created(groupId, 'Andy Adams', 'adoptive_parent', email('andy'));
  const birth1 = await created(groupId, 'Bella Birch', 'birth_family', email('bella'));
  const birth2 = await created(groupId, 'Ben Birch', 'birth_family', email('ben'));
  const sync = await call(t.app, endpoints.families.syncUsers, {
    auth: token,
    body: {
      groupId,
      results: [
        { userId: child._id, userType: 'child' },
        { userId: parent1._id, userType: 'adoptive_parent' },
        { userId: parent2._id, userType: 'adoptive_parent' },
        { userId: birth1._id, userType: 'birth_family' },
        { userId: birth2._id, userType: 'birth_family' },
      ],
    },
  });
  expect(sync.statusCode, sync.body).toBe(200);
  return { groupId, child, parent1, parent2, birth1, birth2 };
}

function channelShape(channels: Awaited<ReturnType<LocalChatProvider['listChannels']>>) {
  return channels.map((c) => ({
    number: c.number,
    disabled: c.disabled,
    members: c.members.map((m) => `${m.name}:${m.role}:${m.permission}`).sort(),
  }));
}

describe('who may call the member routes', () => {
  const id = '00000000-0000-4000-8000-000000000000';
  const routes = [
    { endpoint: endpoints.families.members, params: { id } },
    { endpoint: endpoints.families.addMember },
    { endpoint: endpoints.families.memberStatus, params: { groupId: id, userId: id } },
    { endpoint: endpoints.families.createUser },
    { endpoint: endpoints.families.editUser, params: { userId: id } },
    { endpoint: endpoints.families.syncUsers },
    { endpoint: endpoints.families.checkUser },
    { endpoint: endpoints.families.saveMembers, params: { groupId: id } },
  ].map(({ endpoint, params }) => [endpoint.method, urlOf(endpoint, params), endpoint, params] as const);

  it.each(routes)(
    '%s %s answers 401 without a session and 403 to an admin',
    async (method, _url, endpoint, params) => {
      const body = method === 'GET' ? undefined : {};
      expect((await callLoose(t.app, endpoint, { params, body })).statusCode).toBe(401);
      const asAdmin = await callLoose(t.app, endpoint, { params, body, auth: admin });
      expect(asAdmin.statusCode).toBe(403);
      expect(asAdmin.json().message).toBe(MSG.extra.forbidden);
    },
  );
});

describe('POST /api/group/user/check', () => {
  it('reveals the id and the name the caller gave of a person of its own families', async () => {
    const { groupId } = await createFamily(t.db(), { entityId: entity.entityId });
    const address = email('known');
    const person = await created(groupId, 'Kim Known', 'birth_family', address);
    const response = await call(t.app, endpoints.families.checkUser, {
      auth: token,
      body: { email: address.toUpperCase() },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      _id: person._id,
      name: 'Kim Known',
      firstName: 'Kim',
      lastName: 'Known',
    });
  });

  it('answers 404 for an unknown e-mail and 400 for a malformed one', async () => {
    const unknown = await call(t.app, endpoints.families.checkUser, {
      auth: token,
      body: { email: email('nobody') },
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await call(t.app, endpoints.families.checkUser, {
      auth: token,
      body: { email: 'not-an-email' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.error().fields).toEqual({ email: MSG.validation.invalidEmailFormat });
  });
});

describe('POST /api/group/user/create', () => {
  it('creates a person in the next place of the role and e-mails them an invitation', async () => {
    const { groupId } = await createFamily(t.db(), { entityId: entity.entityId, name: 'Robin Lee' });
    const address = email('parent');
    const first = await created(groupId, 'Alice Mary Adams', 'adoptive_parent', address);
    expect(first).toEqual({ _id: expect.any(String), name: 'Alice Mary Adams', email: address });
    const second = await created(groupId, 'Andy Adams', 'adoptive_parent', email('andy'));
    const child = await created(groupId, 'Robin Lee', 'child', '');
    expect(child.email).toBeNull();

    expect(await members(groupId)).toEqual([
      expect.objectContaining({ _id: child._id, role: 'child', position: 1, email: null, active: true }),
      expect.objectContaining({
        _id: first._id,
        role: 'adoptive_parent',
        position: 1,
        name: 'Alice Mary Adams',
        firstName: 'Alice',
        lastName: 'Mary Adams',
        email: address,
      }),
      expect.objectContaining({ _id: second._id, role: 'adoptive_parent', position: 2 }),
    ]);

    const mail = await waitForMessage(smtp, address, /You are invited to Bridge Talk/);
    expect(mail.text).toContain('Hello Alice Mary Adams,');
    expect(mail.text).toContain(`${entity.entityName} has added you to the family of Robin on Bridge Talk`);
    expect(mail.text).toContain(`sign in with this e-mail address (${address})`);
    // The local chat provider's families talk in the families' app: the mail opens its sign-in.
    expect(mail.text).toContain('Nothing to install.');
    expect(mail.text).toMatch(
      new RegExp(
        `https?://[^\\s]+/family/sign-in\\?email=${encodeURIComponent(address).replace(/\./g, '\\.')}`,
      ),
    );
  });

  it('needs an e-mail for an adult and refuses one already in use', async () => {
    const { groupId } = await createFamily(t.db(), { entityId: entity.entityId });
    const noEmail = await call(t.app, endpoints.families.createUser, {
      auth: token,
      body: {
        groupId,
        name: 'Alan Adams',
        subtype: 'birth_family',
      },
    });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.error().fields).toEqual({ email: MSG.validation.emailIsRequired });

    const address = email('taken');
    await created(groupId, 'Bella Birch', 'birth_family', address);
    const again = await call(t.app, endpoints.families.createUser, {
      auth: token,
      body: {
        groupId,
        name: 'Other Person',
        email: address.toUpperCase(),
        subtype: 'birth_family',
      },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'Email already in use.',
      fields: { email: 'Email already in use.' },
    });
  });

  it('takes real short names (Bo Li) and refuses a name without a letter, as the forms do', async () => {
    const { groupId } = await createFamily(t.db(), { entityId: entity.entityId });
    expect((await created(groupId, 'Bo Li', 'child', null)).name).toBe('Bo Li');
    const other = (await createFamily(t.db(), { entityId: entity.entityId })).groupId;
    for (const [name, message] of [
      ['- Smith', MSG.validation.firstNameNeedsLetter],
      ['Jane 1', MSG.validation.lastNameNeedsLetter],
      ['Jane', MSG.validation.lastNameIsRequired],
    ] as const) {
      const response = await call(t.app, endpoints.families.createUser, {
        auth: token,
        body: {
          groupId: other,
          name,
          subtype: 'child',
        },
      });
      expect(response.statusCode, name).toBe(400);
      expect(response.json(), name).toEqual({ message, fields: { name: message } });
    }
    expect(await members(other)).toEqual([]);
  });

  it('says a name past its maximum is too long', async () => {
    const { groupId } = await createFamily(t.db(), { entityId: entity.entityId });
    const response = await call(t.app, endpoints.families.createUser, {
      auth: token,
      body: {
        groupId,
        name: `Jane ${'a'.repeat(120)}`,
        subtype: 'child',
      },
    });
    expect(response.statusCode).toBe(400);
    const message = 'Name must be at most 121 characters';
    expect(response.json()).toEqual({ message, fields: { name: message } });
  });

  it('stops a role at twice its places before the final list', async () => {
    const { groupId } = await createFamily(t.db(), { entityId: entity.entityId });
    await created(groupId, 'Robin One', 'child', null);
    await created(groupId, 'Robin Two', 'child', null);
    const third = await call(t.app, endpoints.families.createUser, {
      auth: token,
      body: {
        groupId,
        name: 'Robin Three',
        subtype: 'child',
      },
    });
    expect(third.statusCode).toBe(422);
    expect(third.error().message).toBe(MSG.families.tooManyChildren);
  });
});

describe('POST /api/group/member/add', () => {
  it('links a person of another family and invites them; linking again changes nothing', async () => {
    const first = await createFamily(t.db(), { entityId: entity.entityId, name: 'Robin Lee' });
    const address = email('shared');
    const person = await created(first.groupId, 'Bella Birch', 'birth_family', address);
    await waitForMessage(smtp, address, /You are invited/);
    const second = await createFamily(t.db(), { entityId: entity.entityId, name: 'Casey Lee' });

    const response = await call(t.app, endpoints.families.addMember, {
      auth: token,
      body: {
        groupId: second.groupId,
        role: 'birth_family',
        userId: person._id,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ _id: person._id, name: 'Bella Birch', email: address });
    // Told of the second family, not invited to install the app again.
    const mail = await eventually(async () =>
      smtp.messages.find((m) => m.text?.includes(address) && m.text.includes('the family of Casey')),
    );
    expect(mail.subject).toBe('You were added to a family on Bridge Talk');
    const mailsBefore = smtp.messages.length;

    const again = await call(t.app, endpoints.families.addMember, {
      auth: token,
      body: {
        groupId: second.groupId,
        role: 'birth_family',
        userId: person._id,
      },
    });
    expect(again.statusCode).toBe(200);
    expect((await members(second.groupId)).map((m) => m._id)).toEqual([person._id]);

    const otherRole = await call(t.app, endpoints.families.addMember, {
      auth: token,
      body: {
        groupId: second.groupId,
        role: 'adoptive_parent',
        userId: person._id,
      },
    });
    expect(otherRole.statusCode).toBe(409);
    expect(otherRole.error().message).toBe(MSG.families.memberAlreadyInFamily);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.messages.length).toBe(mailsBefore);
  });

  it('answers 404 for a person who does not exist', async () => {
    const { groupId } = await createFamily(t.db(), { entityId: entity.entityId });
    const response = await call(t.app, endpoints.families.addMember, {
      auth: token,
      body: {
        groupId,
        role: 'birth_family',
        userId: '6f0f7f6e-3b7a-4c55-9a8e-2f3f4b5c6d7e',
      },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('PUT /api/group/user/edit/{userId}', () => {
  it('renames a person, gives them a new e-mail (invited) and another role', async () => {
    const { groupId } = await createFamily(t.db(), { entityId: entity.entityId, name: 'Robin Lee' });
    const person = await created(groupId, 'Bella Birch', 'birth_family', email('bella'));
    const newAddress = email('bella-new');
    const response = await call(t.app, endpoints.families.editUser, {
      params: { userId: person._id },
      auth: token,
      body: {
        groupId,
        userId: person._id,
        name: 'Bella Ann Birch',
        email: newAddress,
        subtype: 'adoptive_parent',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ _id: person._id, name: 'Bella Ann Birch', email: newAddress });
    expect(await members(groupId)).toEqual([
      expect.objectContaining({
        _id: person._id,
        role: 'adoptive_parent',
        position: 1,
        firstName: 'Bella',
        lastName: 'Ann Birch',
        email: newAddress,
      }),
    ]);
  });

  it('refuses a new name without a letter and keeps the old one', async () => {
    const { groupId } = await createFamily(t.db(), { entityId: entity.entityId, name: 'Robin Lee' });
    const person = await created(groupId, 'Bella Birch', 'birth_family', email('bella'));
    const response = await call(t.app, endpoints.families.editUser, {
      params: { userId: person._id },
      auth: token,
      body: {
        groupId,
        name: '. Birch',
        email: person.email,
        subtype: 'birth_family',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: MSG.validation.firstNameNeedsLetter,
      fields: { name: MSG.validation.firstNameNeedsLetter },
    });
    expect((await members(groupId))[0]).toMatchObject({ firstName: 'Bella', lastName: 'Birch' });
  });

  it('refuses an e-mail of someone else, a person of no family of the entity, and a mismatched id', async () => {
    const { groupId } = await createFamily(t.db(), { entityId: entity.entityId });
    const taken = email('taken');
    await created(groupId, 'Ann Other', 'birth_family', taken);
    const person = await created(groupId, 'Bella Birch', 'birth_family', email('bella'));
    const edit = (userId: string, body: object) =>
      call(t.app, endpoints.families.editUser, {
        params: { userId },
        auth: token,
        body: {
          groupId,
          name: 'Bella Birch',
          subtype: 'birth_family',
          ...body,
        },
      });

    const clash = await edit(person._id, { email: taken });
    expect(clash.statusCode).toBe(409);
    expect(clash.error().message).toBe('Email already in use.');

    const stranger = await addFamilyMember(t.db(), {
      groupId: (await createFamily(t.db(), { entityId: entity.entityId })).groupId,
      role: 'birth_family',
    });
    const notHere = await edit(stranger.memberId, { email: email('x') });
    expect(notHere.statusCode).toBe(404);
    expect(notHere.error().message).toBe(MSG.families.memberNotInFamily);

    const mismatch = await edit(person._id, { email: email('y'), userId: stranger.memberId });
    expect(mismatch.statusCode).toBe(400);
  });
});

describe('POST /api/group/user/sync', () => {
  it('makes one channel per birth family member with the adoptive parents; the child joins only with an e-mail', async () => {
    const f = await wholeFamily();
    expect(channelShape(await chat.listChannels(f.groupId))).toEqual([
      {
        number: 1,
        disabled: false,
        members: [
          'Alice Adams:adoptive_parent:write',
          'Andy Adams:adoptive_parent:write',
          'Bella Birch:birth_family:write',
        ],
      },
      {
        number: 2,
        disabled: false,
        members: [
          'Alice Adams:adoptive_parent:write',
          'Andy Adams:adoptive_parent:write',
          'Ben Birch:birth_family:write',
        ],
      },
    ]);

    // The child is given an e-mail: on the next sync they read every channel, and nothing is lost.
    const [first] = await chat.listChannels(f.groupId);
    const posted = await chat.postMessage({ channelId: first!.id, userId: f.birth1._id, html: '<p>hi</p>' });
    expect(posted).toHaveProperty('id');
    const edited = await call(t.app, endpoints.families.editUser, {
      params: { userId: f.child._id },
      auth: token,
      body: {
        groupId: f.groupId,
        name: 'Robin Lee',
        email: email('robin'),
        subtype: 'child',
      },
    });
    expect(edited.statusCode).toBe(200);
    const again = await call(t.app, endpoints.families.syncUsers, {
      auth: token,
      body: {
        groupId: f.groupId,
        results: [
          { userId: f.child._id, userType: 'child' },
          { userId: f.parent1._id, userType: 'adoptive_parent' },
          { userId: f.parent2._id, userType: 'adoptive_parent' },
          { userId: f.birth1._id, userType: 'birth_family' },
          { userId: f.birth2._id, userType: 'birth_family' },
        ],
      },
    });
    expect(again.statusCode).toBe(200);
    const channels = await chat.listChannels(f.groupId);
    expect(channels.map((c) => c.id)).toEqual((await chat.listChannels(f.groupId)).map((c) => c.id));
    expect(channels[0]!.id).toBe(first!.id);
    expect(channelShape(channels).map((c) => c.members)).toEqual([
      [
        'Alice Adams:adoptive_parent:write',
        'Andy Adams:adoptive_parent:write',
        'Bella Birch:birth_family:write',
        'Robin Lee:child:read',
      ],
      [
        'Alice Adams:adoptive_parent:write',
        'Andy Adams:adoptive_parent:write',
        'Ben Birch:birth_family:write',
        'Robin Lee:child:read',
      ],
    ]);
    const history = await chat.listMessages(f.groupId, first!.id, { limit: 10 });
    expect(history?.messages.map((m) => m.html)).toEqual(['<p>hi</p>']);
    expect(await chat.postMessage({ channelId: first!.id, userId: f.child._id, html: 'no' })).toEqual({
      refused: 'not-a-writer',
    });
  });

  it('answers the final list, reorders the places, and lets the unlisted leave (their channel closed)', async () => {
    const f = await wholeFamily();
    const response = await call(t.app, endpoints.families.syncUsers, {
      auth: token,
      body: {
        groupId: f.groupId,
        results: [
          { userId: f.child._id, userType: 'child' },
          { userId: f.parent2._id, userType: 'adoptive_parent' },
          { userId: f.parent1._id, userType: 'adoptive_parent' },
          { userId: f.birth2._id, userType: 'birth_family' },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().result.map((m) => [m.name, m.role, m.position])).toEqual([
      ['Robin Lee', 'child', 1],
      ['Andy Adams', 'adoptive_parent', 1],
      ['Alice Adams', 'adoptive_parent', 2],
      ['Ben Birch', 'birth_family', 1],
    ]);
    expect(channelShape(await chat.listChannels(f.groupId))).toEqual([
      {
        number: 1,
        disabled: true,
        members: ['Alice Adams:adoptive_parent:write', 'Andy Adams:adoptive_parent:write'],
      },
      {
        number: 2,
        disabled: false,
        members: [
          'Alice Adams:adoptive_parent:write',
          'Andy Adams:adoptive_parent:write',
          'Ben Birch:birth_family:write',
        ],
      },
    ]);
  });

  it('checks the rules of the list and refuses a person who is not in the family', async () => {
    const f = await wholeFamily();
    const noBirth = await call(t.app, endpoints.families.syncUsers, {
      auth: token,
      body: {
        groupId: f.groupId,
        results: [{ userId: f.parent1._id, userType: 'adoptive_parent' }],
      },
    });
    expect(noBirth.statusCode).toBe(400);
    expect(noBirth.error().message).toBe(MSG.validation.birthFamilyRequired);
    const noParent = await call(t.app, endpoints.families.syncUsers, {
      auth: token,
      body: {
        groupId: f.groupId,
        results: [{ userId: f.birth1._id, userType: 'birth_family' }],
      },
    });
    expect(noParent.error().message).toBe(MSG.validation.adoptiveParentRequired);

    const stranger = await addFamilyMember(t.db(), {
      groupId: (await createFamily(t.db(), { entityId: entity.entityId })).groupId,
      role: 'birth_family',
    });
    const foreignPerson = await call(t.app, endpoints.families.syncUsers, {
      auth: token,
      body: {
        groupId: f.groupId,
        results: [
          { userId: f.parent1._id, userType: 'adoptive_parent' },
          { userId: stranger.memberId, userType: 'birth_family' },
        ],
      },
    });
    expect(foreignPerson.statusCode).toBe(422);
    expect(foreignPerson.error().message).toBe(MSG.families.memberNotInFamily);
    expect(await members(f.groupId)).toHaveLength(5);
  });
});

describe('POST /api/group/user/sync: too many in a role', () => {
  it('refuses 3 adoptive parents or 2 children with the contract’s text, and changes nothing', async () => {
    const { groupId } = await createFamily(t.db(), { entityId: entity.entityId, name: 'Robin Lee' });
    // Before the final list a role may hold twice its places, so the extra people exist in the family.
    const child1 = await created(groupId, 'Robin One', 'child', null);
    const child2 = await created(groupId, 'Robin Two', 'child', null);
    const parents = [
      await created(groupId, 'Alice Adams', 'adoptive_parent', email('alice')),
      await created(groupId, 'Andy Adams', 'adoptive_parent', email('andy')),
      await created(groupId, 'Ann Adams', 'adoptive_parent', email('ann')),
    ];
    const birth = await created(groupId, 'Bella Birch', 'birth_family', email('bella'));
    const before = await members(groupId);

    const threeParents = await callLoose(t.app, endpoints.families.syncUsers, {
      auth: token,
      body: {
        groupId,
        results: [
          ...parents.map((p) => ({ userId: p._id, userType: 'adoptive_parent' })),
          { userId: birth._id, userType: 'birth_family' },
        ],
      },
    });
    expect(threeParents.statusCode).toBe(400);
    expect(threeParents.json()).toEqual({
      message: MSG.families.tooManyAdoptiveParents,
      fields: { results: MSG.families.tooManyAdoptiveParents },
    });

    const twoChildren = await call(t.app, endpoints.families.syncUsers, {
      auth: token,
      body: {
        groupId,
        results: [
          { userId: child1._id, userType: 'child' },
          { userId: child2._id, userType: 'child' },
          { userId: parents[0]!._id, userType: 'adoptive_parent' },
          { userId: birth._id, userType: 'birth_family' },
        ],
      },
    });
    expect(twoChildren.statusCode).toBe(400);
    expect(twoChildren.json()).toEqual({
      message: MSG.families.tooManyChildren,
      fields: { results: MSG.families.tooManyChildren },
    });

    expect(await members(groupId)).toEqual(before);
    expect(await chat.listChannels(groupId)).toEqual([]);
  });
});

describe('POST /api/group/member/manager/{groupId}/{userId}', () => {
  it('a deactivated member reads but cannot post; activated again, they can', async () => {
    const f = await wholeFamily();
    const [channel] = await chat.listChannels(f.groupId);
    const off = await call(t.app, endpoints.families.memberStatus, {
      params: { groupId: f.groupId, userId: f.birth1._id },
      auth: token,
      body: {
        active: false,
      },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ message: MSG.families.memberStatusUpdated });
    expect((await members(f.groupId)).find((m) => m._id === f.birth1._id)?.active).toBe(false);
    expect(await chat.postMessage({ channelId: channel!.id, userId: f.birth1._id, html: 'x' })).toEqual({
      refused: 'not-a-writer',
    });
    const permissions = await t
      .db()
      .select({ permission: chatChannelMembers.permission })
      .from(chatChannelMembers)
      .where(eq(chatChannelMembers.userId, f.birth1._id));
    expect(permissions).toEqual([{ permission: 'read' }]);

    const on = await call(t.app, endpoints.families.memberStatus, {
      params: { groupId: f.groupId, userId: f.birth1._id },
      auth: token,
      body: { active: true },
    });
    expect(on.statusCode).toBe(200);
    expect(
      await chat.postMessage({ channelId: channel!.id, userId: f.birth1._id, html: 'back' }),
    ).toHaveProperty('id');
  });

  it('a person deactivated in one family still posts in another family where they are active', async () => {
    const f = await wholeFamily();
    const second = await createFamily(t.db(), { entityId: entity.entityId, name: 'Casey Lee' });
    await call(t.app, endpoints.families.addMember, {
      auth: token,
      body: {
        groupId: second.groupId,
        role: 'birth_family',
        userId: f.birth1._id,
      },
    });
    await call(t.app, endpoints.families.addMember, {
      auth: token,
      body: {
        groupId: second.groupId,
        role: 'adoptive_parent',
        userId: f.parent1._id,
      },
    });
    const synced = await call(t.app, endpoints.families.syncUsers, {
      auth: token,
      body: {
        groupId: second.groupId,
        results: [
          { userId: f.parent1._id, userType: 'adoptive_parent' },
          { userId: f.birth1._id, userType: 'birth_family' },
        ],
      },
    });
    expect(synced.statusCode).toBe(200);
    await call(t.app, endpoints.families.memberStatus, {
      params: { groupId: f.groupId, userId: f.birth1._id },
      auth: token,
      body: { active: false },
    });
    const [here] = await chat.listChannels(f.groupId);
    const [there] = await chat.listChannels(second.groupId);
    expect(await chat.postMessage({ channelId: here!.id, userId: f.birth1._id, html: 'x' })).toEqual({
      refused: 'not-a-writer',
    });
    expect(await chat.postMessage({ channelId: there!.id, userId: f.birth1._id, html: 'y' })).toHaveProperty(
      'id',
    );
  });

  it('a disabled channel accepts no messages', async () => {
    const f = await wholeFamily();
    const [channel] = await chat.listChannels(f.groupId);
    await chat.setChannelDisabled(f.groupId, channel!.id, true);
    expect(await chat.postMessage({ channelId: channel!.id, userId: f.parent1._id, html: 'x' })).toEqual({
      refused: 'channel-disabled',
    });
  });

  it('answers 404 for a person who is not in the family', async () => {
    const f = await wholeFamily();
    const response = await call(t.app, endpoints.families.memberStatus, {
      params: { groupId: f.groupId, userId: '6f0f7f6e-3b7a-4c55-9a8e-2f3f4b5c6d7e' },
      auth: token,
      body: {
        active: false,
      },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('a person in families of two entities', () => {
  let other: Awaited<ReturnType<typeof createEntityUser>>;
  let otherToken: string;
  beforeAll(async () => {
    other = await createEntityUser(t.db());
    otherToken = (await signIn(t.app, { email: other.email, password: other.password!, role: 'entity' }))
      .authorization;
  });

  /** A person the other entity created in a family of its own (a synced family, with its channels). */
  async function theirs(name: string) {
    const { groupId } = await createFamily(t.db(), { entityId: other.entityId, name: 'Casey Lee' });
    const address = email('theirs');
    const parent = await call(t.app, endpoints.families.createUser, {
      auth: otherToken,
      body: {
        groupId,
        name: 'Olive Other',
        email: email('olive'),
        subtype: 'adoptive_parent',
      },
    });
    const person = await call(t.app, endpoints.families.createUser, {
      auth: otherToken,
      body: {
        groupId,
        name,
        email: address,
        subtype: 'birth_family',
      },
    });
    expect(person.statusCode, person.body).toBe(201);
    const sync = await call(t.app, endpoints.families.syncUsers, {
      auth: otherToken,
      body: {
        groupId,
        results: [
          { userId: parent.json()._id, userType: 'adoptive_parent' },
          { userId: person.json()._id, userType: 'birth_family' },
        ],
      },
    });
    expect(sync.statusCode, sync.body).toBe(200);
    return { groupId, address, id: person.json()._id as string };
  }

  async function theirMembers(groupId: string): Promise<FamilyMember[]> {
    const response = await call(t.app, endpoints.families.members, {
      params: { id: groupId },
      auth: otherToken,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().result;
  }

  it('user/check answers a person of another entity’s family exactly as an unknown e-mail, and audits every look-up', async () => {
    const person = await theirs('Kim Known');
    const unknown = await call(t.app, endpoints.families.checkUser, {
      auth: token,
      body: { email: email('nobody') },
    });
    const foreign = await call(t.app, endpoints.families.checkUser, {
      auth: token,
      body: { email: person.address.toUpperCase() },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: MSG.extra.notFound });
    expect(foreign.body).toBe(unknown.body);
    expect(foreign.body).not.toContain(person.id);

    const looked = await t
      .db()
      .select({
        actor: auditEvents.actorUserId,
        entityId: auditEvents.entityId,
        subject: auditEvents.subject,
      })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'member.looked_up'), eq(auditEvents.subject, person.address)));
    expect(looked).toEqual([{ actor: entity.userId, entityId: entity.entityId, subject: person.address }]);
  });

  it('links a person known elsewhere by e-mail when the family is saved, without their name or id', async () => {
    const person = await theirs('Kim Known');
    const { groupId } = await createFamily(t.db(), { entityId: entity.entityId });
    const linked = await created(groupId, 'Kimberly Known', 'birth_family', person.address);
    // The answer of a new person: the name typed here, the address, an id of the caller's new member.
    expect(linked).toEqual({ _id: expect.any(String), name: 'Kimberly Known', email: person.address });
    expect(await members(groupId)).toEqual([
      expect.objectContaining({ firstName: 'Kimberly', lastName: 'Known', email: person.address }),
    ]);
    // One person, in both families, each showing the name its own entity gave.
    const rows = await t
      .db()
      .select({ id: familyMembers.id })
      .from(familyMembers)
      .where(eq(familyMembers.email, person.address));
    expect(rows).toEqual([{ id: person.id }]);
    expect(linked._id).toBe(person.id);
    expect((await theirMembers(person.groupId))[1]).toMatchObject({ _id: person.id, name: 'Kim Known' });
    // Now a person of the caller's families: the look-up answers with the caller's name for them.
    const check = await call(t.app, endpoints.families.checkUser, {
      auth: token,
      body: { email: person.address },
    });
    expect(check.json()).toEqual({
      _id: person.id,
      name: 'Kimberly Known',
      firstName: 'Kimberly',
      lastName: 'Known',
    });
    // Told of the family with the name typed here (the mail job is one at a time: wait).
    await eventually(
      async () =>
        smtp.messages.find(
          (m) => m.text?.includes(person.address) && m.text.includes('Hello Kimberly Known,'),
        ),
      25_000,
    );
  }, 40_000);

  it('lets an entity edit its own member whom another entity’s family also has (it answered 409)', async () => {
    const { groupId } = await createFamily(t.db(), { entityId: entity.entityId });
    const person = await created(groupId, 'Sam Shared', 'birth_family', email('shared'));
    const foreign = await createFamily(t.db(), { entityId: other.entityId });
    await t.db().insert(groupMembers).values({
      groupId: foreign.groupId,
      memberId: person._id,
      role: 'birth_family',
      position: 1,
    });
    const response = await call(t.app, endpoints.families.editUser, {
      params: { userId: person._id },
      auth: token,
      body: {
        groupId,
        name: 'Renamed Person',
        email: person.email,
        subtype: 'adoptive_parent',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await members(groupId))[0]).toMatchObject({ name: 'Renamed Person', role: 'adoptive_parent' });
  });

  it('lets each entity rename the person in its own families after the other linked them', async () => {
    const person = await theirs('Sam Shared');
    const { groupId } = await createFamily(t.db(), { entityId: entity.entityId });
    await created(groupId, 'Samuel Shared', 'birth_family', person.address);

    const renamed = await call(t.app, endpoints.families.editUser, {
      params: { userId: person.id },
      auth: otherToken,
      body: {
        groupId: person.groupId,
        name: 'Renamed Person',
        email: person.address,
        subtype: 'birth_family',
      },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toEqual({ _id: person.id, name: 'Renamed Person', email: person.address });
    expect((await theirMembers(person.groupId))[1]).toMatchObject({ _id: person.id, name: 'Renamed Person' });
    expect((await members(groupId))[0]).toMatchObject({ _id: person.id, name: 'Samuel Shared' });

    const ours = await call(t.app, endpoints.families.editUser, {
      params: { userId: person.id },
      auth: token,
      body: {
        groupId,
        name: 'Sam Ours',
        email: person.address,
        subtype: 'birth_family',
      },
    });
    expect(ours.statusCode, ours.body).toBe(200);
    expect((await members(groupId))[0]).toMatchObject({ name: 'Sam Ours' });
    expect((await theirMembers(person.groupId))[1]).toMatchObject({ name: 'Renamed Person' });
  });

  it('gives an entity that changes the shared person’s e-mail a person of its own; the other keeps theirs', async () => {
    const person = await theirs('Pat Shared');
    const { groupId } = await createFamily(t.db(), { entityId: entity.entityId });
    await created(groupId, 'Pat Shared', 'birth_family', person.address);
    const newAddress = email('moved');

    const moved = await call(t.app, endpoints.families.editUser, {
      params: { userId: person.id },
      auth: otherToken,
      body: {
        groupId: person.groupId,
        name: 'Pat Moved',
        email: newAddress,
        subtype: 'birth_family',
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const movedId = moved.json()._id as string;
    expect(movedId).not.toBe(person.id);
    expect(moved.json()).toEqual({ _id: movedId, name: 'Pat Moved', email: newAddress });
    expect((await theirMembers(person.groupId))[1]).toMatchObject({
      _id: movedId,
      name: 'Pat Moved',
      email: newAddress,
    });
    expect((await members(groupId))[0]).toMatchObject({
      _id: person.id,
      name: 'Pat Shared',
      email: person.address,
    });
    // In the other entity's family chat the new person replaced the one who kept the old address.
    const channelMembers = (await chat.listChannels(person.groupId)).flatMap((c) =>
      c.disabled ? [] : c.members.map((m) => m.userId),
    );
    expect(channelMembers).toContain(movedId);
    expect(channelMembers).not.toContain(person.id);
  });

  it('links, in an edit, the person of another entity who has the new e-mail, instead of saying it is in use', async () => {
    const person = await theirs('Lee Elsewhere');
    const { groupId } = await createFamily(t.db(), { entityId: entity.entityId });
    const mine = await created(groupId, 'Lee Mine', 'birth_family', email('mine'));
    const edited = await call(t.app, endpoints.families.editUser, {
      params: { userId: mine._id },
      auth: token,
      body: {
        groupId,
        name: 'Lee Mine',
        email: person.address,
        subtype: 'birth_family',
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toEqual({ _id: person.id, name: 'Lee Mine', email: person.address });
    expect(await members(groupId)).toEqual([
      expect.objectContaining({ _id: person.id, name: 'Lee Mine', email: person.address }),
    ]);
    expect((await theirMembers(person.groupId))[1]).toMatchObject({ _id: person.id, name: 'Lee Elsewhere' });
  });

  it('does not link a person of another entity’s family by their id', async () => {
    const person = await theirs('Ida Hidden');
    const { groupId } = await createFamily(t.db(), { entityId: entity.entityId });
    const response = await call(t.app, endpoints.families.addMember, {
      auth: token,
      body: {
        groupId,
        role: 'birth_family',
        userId: person.id,
      },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: MSG.extra.notFound });
    expect(await members(groupId)).toEqual([]);
  });
});

describe('POST /api/group/user/check: rate limit', () => {
  it('allows 6 × RATE_LIMIT_AUTH_MAX look-ups per person in the window, wherever they call from', async () => {
    const limited = await createTestApp({ RATE_LIMIT_AUTH_MAX: '2' }, { startWorkers: false });
    try {
      const signInAs = async () => {
        const user = await createEntityUser(limited.db());
        return (await signIn(limited.app, { email: user.email, password: user.password!, role: 'entity' }))
          .authorization;
      };
      const [first, second] = [await signInAs(), await signInAs()];
      const check = (authorization: string, from: string) =>
        call(limited.app, endpoints.families.checkUser, {
          remoteAddress: from,
          auth: authorization,
          body: { email: email('sweep') },
        });
      for (let i = 1; i <= 12; i++) expect((await check(first, `10.3.0.${i}`)).statusCode).toBe(404);
      const refused = await check(first, '10.3.1.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: MSG.extra.tooManyAttempts });
      expect((await check(second, '10.3.0.1')).statusCode).toBe(404);
    } finally {
      await limited.close();
    }
  });
});

describe('PUT /api/group/member/save/{groupId}: the places saved at once', () => {
  type Slot = { userId: string | null; email: string; firstName: string; lastName: string };
  const none: Slot = { userId: null, email: '', firstName: '', lastName: '' };
  const place = (
    address: string,
    firstName: string,
    lastName: string,
    userId: string | null = null,
  ): Slot => ({
    userId,
    email: address,
    firstName,
    lastName,
  });
  const save = (groupId: string, places: { child?: Slot; adoptive: Slot[]; birth: Slot[] }) =>
    call(t.app, endpoints.families.saveMembers, {
      params: { groupId },
      auth: token,
      body: {
        child: places.child ?? none,
        adoptive: [places.adoptive[0] ?? none, places.adoptive[1] ?? none],
        birth: [places.birth[0] ?? none, places.birth[1] ?? none],
      },
    });
  const peopleWith = async (address: string) =>
    t.db().select().from(familyMembers).where(eq(familyMembers.email, address));
  const mailsTo = (address: string, subject: RegExp) =>
    smtp.messages.filter(
      (m) =>
        subject.test(m.subject ?? '') &&
        (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.value.some((v) => v.address === address)),
    );

  it('creates a family’s people as typed, places them, makes the channels and invites each', async () => {
    const { groupId } = await createFamily(t.db(), { entityId: entity.entityId, name: 'Robin Lee' });
    const parent = email('maria');
    const birth = email('bo');
    const response = await save(groupId, {
      child: place('', 'Robin', 'Lee'),
      adoptive: [place(parent.toUpperCase(), 'Maria del Carmen', 'García')],
      birth: [place(birth, 'Bo', 'Li')],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result).toEqual([
      expect.objectContaining({
        role: 'child',
        position: 1,
        firstName: 'Robin',
        lastName: 'Lee',
        email: null,
      }),
      expect.objectContaining({
        role: 'adoptive_parent',
        position: 1,
        name: 'Maria del Carmen García',
        firstName: 'Maria del Carmen',
        lastName: 'García',
        email: parent,
      }),
      expect.objectContaining({ role: 'birth_family', position: 1, firstName: 'Bo', lastName: 'Li' }),
    ]);
    expect(channelShape(await chat.listChannels(groupId))).toEqual([
      {
        number: 1,
        disabled: false,
        members: ['Bo Li:birth_family:write', 'Maria del Carmen García:adoptive_parent:write'],
      },
    ]);
    const mail = await waitForMessage(smtp, birth, /You are invited to Bridge Talk/);
    expect(mail.text).toContain('Hello Bo Li,');
    const added = await t
      .db()
      .select({ subject: auditEvents.subject })
      .from(auditEvents)
      .where(and(eq(auditEvents.groupId, groupId), eq(auditEvents.action, 'member.added')));
    expect(added.map((a) => a.subject).sort()).toEqual(['Bo Li', 'Maria del Carmen García', 'Robin Lee']);
  });

  it('refuses a found person whose e-mail is no longer the place’s, and adds nobody', async () => {
    // Grace is a birth parent of another family of the entity: the form found her, then the e-mail changed.
    const { groupId: theirs } = await createFamily(t.db(), { entityId: entity.entityId });
    const grace = await created(theirs, 'Grace Hope', 'birth_family', email('grace'));
    const { groupId } = await createFamily(t.db(), { entityId: entity.entityId, name: 'Kai Lee' });
    const stranger = email('totally.new.person');
    const response = await save(groupId, {
      adoptive: [place(stranger, 'Grace', 'Hope', grace._id)],
      birth: [place(email('ben'), 'Ben', 'Birch')],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: MSG.families.foundPersonChanged,
      fields: { 'adoptive.0.email': MSG.families.foundPersonChanged },
    });
    expect(await members(groupId)).toEqual([]);
    expect(await peopleWith(stranger)).toEqual([]);
  });

  it('is all or nothing: a refusal at the last place leaves no one created or invited before it', async () => {
    const { groupId: other } = await createFamily(t.db(), { entityId: entity.entityId });
    const taken = email('taken');
    await created(other, 'Tess Taken', 'birth_family', taken);
    const { groupId } = await createFamily(t.db(), { entityId: entity.entityId, name: 'Robin Lee' });
    const first = email('first');
    const original = await created(groupId, 'Bella Birch', 'birth_family', email('bella'));
    // Bella's place is given the e-mail of the entity's other person: in use, said on her field.
    const response = await save(groupId, {
      adoptive: [place(first, 'Alice', 'Adams')],
      birth: [place(taken, 'Bella', 'Birch', original._id)],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: MSG.families.emailInUse,
      fields: { 'birth.0.email': MSG.families.emailInUse },
    });
    expect(await peopleWith(first)).toEqual([]);
    expect((await members(groupId)).map((m) => m.name)).toEqual(['Bella Birch']);
    // The mail job of a person made before the refusal would have gone out with the next one.
    const later = email('later');
    await created(groupId, 'Lara Later', 'adoptive_parent', later);
    await waitForMessage(smtp, later, /You are invited to Bridge Talk/);
    expect(mailsTo(first, /./)).toEqual([]);
  });

  it('refuses the same e-mail for two places with the form’s field message, and changes nothing', async () => {
    const { groupId } = await createFamily(t.db(), { entityId: entity.entityId });
    const same = email('same');
    const response = await save(groupId, {
      adoptive: [place(same, 'Sam', 'Smith')],
      birth: [place(same.toUpperCase(), 'Sam', 'Smith')],
    });
    expect(response.statusCode).toBe(400);
    expect(response.error().fields).toEqual({ 'birth.0.email': MSG.validation.emailTwiceInFamily });
    expect(await peopleWith(same)).toEqual([]);
  });

  it('tells a person already in a family that they were added, instead of inviting them again', async () => {
    const { groupId: first } = await createFamily(t.db(), { entityId: entity.entityId });
    const address = email('again');
    const person = await created(first, 'Ava Again', 'adoptive_parent', address);
    await waitForMessage(smtp, address, /You are invited to Bridge Talk/);
    const { groupId } = await createFamily(t.db(), { entityId: entity.entityId, name: 'Second Family' });
    const response = await save(groupId, {
      adoptive: [place(address, 'Ava', 'Again', person._id)],
      birth: [place(email('bea'), 'Bea', 'Birch')],
    });
    expect(response.statusCode, response.body).toBe(200);
    const mail = await waitForMessage(smtp, address, /You were added to a family on Bridge Talk/);
    expect(mail.text).toContain(`${entity.entityName} has added you to the family of Second on Bridge Talk.`);
    expect(mailsTo(address, /You are invited/)).toHaveLength(1);
  });

  it('renames, re-roles and removes in one save, each change in the family’s activity', async () => {
    const family = await wholeFamily();
    const response = await save(family.groupId, {
      child: place('', 'Robin', 'Lee', family.child._id),
      adoptive: [place(family.parent1.email!, 'Alicia', 'Adams', family.parent1._id)],
      birth: [
        place(family.birth1.email!, 'Bella', 'Birch', family.birth1._id),
        place(family.parent2.email!, 'Andy', 'Adams', family.parent2._id),
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result.map((m: FamilyMember) => `${m.role}:${m.position}:${m.name}`)).toEqual([
      'child:1:Robin Lee',
      'adoptive_parent:1:Alicia Adams',
      'birth_family:1:Bella Birch',
      'birth_family:2:Andy Adams',
    ]);
    const activity = await call(t.app, endpoints.activity.family, {
      params: { groupId: family.groupId },
      auth: token,
    });
    expect(activity.statusCode, activity.body).toBe(200);
    const events = activity
      .json()
      .events.filter((e) => e.action.startsWith('member.') && e.action !== 'member.looked_up')
      .map((e) => `${e.action} ${e.subject} ${e.detail ?? ''}`.trim())
      .sort();
    expect(events).toEqual([
      'member.edited Alicia Adams Name: Alice Adams → Alicia Adams',
      'member.edited Andy Adams Role: Adoptive parent → Birth family',
      'member.removed Ben Birch',
    ]);
  });
});
