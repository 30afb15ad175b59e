// Tenant isolation of the family routes: another entity calling any of them with a family (or a person
// of a family) that is not its own gets 404, and nothing of that family changes.
import { endpoints } from '@bridge-talk/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callLoose } from '../../../test/api-client.js';
import { createEntityUser, createFamily } from '../../../test/factories.js';
import { createTestApp, signIn, type TestApp } from '../../../test/test-app.js';
import { groups } from '../../db/schema.js';
import { chatChannelMembers, chatChannels, chatUsers } from '../../db/schema-chat.js';
import { familyMembers, groupMembers } from '../../db/schema-families.js';

let t: TestApp;
let owner: string;
let intruder: string;
let intruderGroupId: string;
let victim: { groupId: string; child: string; parent: string; birth: string };

async function session() {
  const e = await createEntityUser(t.db());
  const auth = (await signIn(t.app, { email: e.email, password: e.password!, role: 'entity' })).authorization;
  return { ...e, auth };
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await session();
  const b = await session();
  owner = a.auth;
  intruder = b.auth;
  intruderGroupId = (await createFamily(t.db(), { entityId: b.entityId, name: 'Intruder Family' })).groupId;
  const { groupId } = await createFamily(t.db(), { entityId: a.entityId, name: 'Victim Family' });
  const create = async (name: string, subtype: string, email: string | null) => {
    const response = await callLoose(t.app, endpoints.families.createUser, {
      auth: owner,
      body: { groupId, name, email, subtype },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json()._id as string;
  };
  victim = {
    groupId,
    child: await create('Vic Child', 'child', null),
    parent: await create('Val Parent', 'adoptive_parent', 'val.parent@isolation.test'),
    birth: await create('Bob Birth', 'birth_family', 'bob.birth@isolation.test'),
  };
  const synced = await call(t.app, endpoints.families.syncUsers, {
    auth: owner,
    body: {
      groupId,
      results: [
        { userId: victim.child, userType: 'child' },
        { userId: victim.parent, userType: 'adoptive_parent' },
        { userId: victim.birth, userType: 'birth_family' },
      ],
    },
  });
  expect(synced.statusCode).toBe(200);
});
afterAll(() => t.close());

/** Everything of the victim family that a call could change. */
async function snapshot() {
  const db = t.db();
  const ids = [victim.child, victim.parent, victim.birth];
  return {
    group: await db.select().from(groups).where(eq(groups.id, victim.groupId)),
    people: await db
      .select()
      .from(familyMembers)
      .where(inArray(familyMembers.id, ids))
      .orderBy(asc(familyMembers.id)),
    places: await db
      .select()
      .from(groupMembers)
      .where(eq(groupMembers.groupId, victim.groupId))
      .orderBy(asc(groupMembers.memberId)),
    channels: await db.select().from(chatChannels).where(eq(chatChannels.groupId, victim.groupId)),
    channelMembers: await db
      .select()
      .from(chatChannelMembers)
      .where(inArray(chatChannelMembers.userId, ids))
      .orderBy(asc(chatChannelMembers.userId)),
    chatUsers: await db.select().from(chatUsers).where(inArray(chatUsers.id, ids)).orderBy(asc(chatUsers.id)),
  };
}

describe('another entity', () => {
  const attempts: [string, () => Promise<{ statusCode: number; body: string }>][] = [
    [
      'reads the family',
      () => call(t.app, endpoints.families.byId, { auth: intruder, params: { id: victim.groupId } }),
    ],
    [
      'renames the family',
      () =>
        call(t.app, endpoints.families.edit, {
          auth: intruder,
          params: { groupId: victim.groupId },
          body: { name: 'Taken Over' },
        }),
    ],
    [
      'reads the members',
      () => call(t.app, endpoints.families.members, { auth: intruder, params: { id: victim.groupId } }),
    ],
    [
      'adds someone to the family',
      () =>
        call(t.app, endpoints.families.addMember, {
          auth: intruder,
          body: { groupId: victim.groupId, role: 'birth_family', userId: victim.parent },
        }),
    ],
    [
      'creates a person in the family',
      () =>
        call(t.app, endpoints.families.createUser, {
          auth: intruder,
          body: {
            groupId: victim.groupId,
            name: 'Eve Intruder',
            email: 'eve@isolation.test',
            subtype: 'birth_family',
          },
        }),
    ],
    [
      'edits a person through the family',
      () =>
        call(t.app, endpoints.families.editUser, {
          auth: intruder,
          params: { userId: victim.birth },
          body: {
            groupId: victim.groupId,
            name: 'Eve Intruder',
            email: 'eve@isolation.test',
            subtype: 'birth_family',
          },
        }),
    ],
    [
      'edits a person through its own family',
      () =>
        call(t.app, endpoints.families.editUser, {
          auth: intruder,
          params: { userId: victim.birth },
          body: {
            groupId: intruderGroupId,
            name: 'Eve Intruder',
            email: 'eve@isolation.test',
            subtype: 'birth_family',
          },
        }),
    ],
    [
      'sends the final list of the family',
      () =>
        call(t.app, endpoints.families.syncUsers, {
          auth: intruder,
          body: {
            groupId: victim.groupId,
            results: [
              { userId: victim.parent, userType: 'adoptive_parent' },
              { userId: victim.child, userType: 'birth_family' },
            ],
          },
        }),
    ],
    [
      'deactivates a member',
      () =>
        call(t.app, endpoints.families.memberStatus, {
          auth: intruder,
          params: { groupId: victim.groupId, userId: victim.birth },
          body: { active: false },
        }),
    ],
    [
      'deactivates a member through its own family',
      () =>
        call(t.app, endpoints.families.memberStatus, {
          auth: intruder,
          params: { groupId: intruderGroupId, userId: victim.birth },
          body: { active: false },
        }),
    ],
  ];

  it.each(attempts)('%s: 404, and nothing changes', async (_label, attempt) => {
    const before = await snapshot();
    const response = await attempt();
    expect(response.statusCode, response.body).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('does not see the family in its list, even searching for it', async () => {
    for (const search of ['', 'Victim', 'val.parent@isolation.test']) {
      const response = await call(t.app, endpoints.families.list, { query: { search }, auth: intruder });
      expect(response.json().result.map((g: { _id: string }) => g._id)).not.toContain(victim.groupId);
    }
  });

  it("is refused the family even when its request shares the look-up with the owner's", async () => {
    // Requests arriving together read their families in one statement: each answer is still its own.
    const asks = Array.from({ length: 12 }, (_, i) =>
      i % 3 === 0
        ? { auth: intruder, id: victim.groupId, status: 404 }
        : i % 3 === 1
          ? { auth: owner, id: victim.groupId, status: 200 }
          : { auth: intruder, id: intruderGroupId, status: 200 },
    );
    const answers = await Promise.all(
      asks.map((ask) => call(t.app, endpoints.families.byId, { params: { id: ask.id }, auth: ask.auth })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(asks.map((ask) => ask.status));
    for (const [i, answer] of answers.entries()) {
      if (asks[i]!.status === 200) expect(answer.json()._id).toBe(asks[i]!.id);
      else expect(answer.body).not.toContain('Victim');
    }
  });

  it('the owner still sees it all', async () => {
    const response = await call(t.app, endpoints.families.members, {
      params: { id: victim.groupId },
      auth: owner,
    });
    expect(response.json().result).toHaveLength(3);
    expect(
      (await call(t.app, endpoints.families.byId, { params: { id: victim.groupId }, auth: owner })).json()
        .name,
    ).toBe('Victim Family');
  });
});
