// The families list searches `groups.search_text`, which triggers keep: every way a family's name, its
// payment e-mail or a member's e-mail changes is found by the next search, and the old text no longer is.
// The scale seed fills the same column in bulk, with the same text the triggers would have written.

import { endpoints } from '@bridge-talk/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/api-client.js';
import { addFamilyMember, createEntityUser, createFamily } from '../../../test/factories.js';
import { createTestApp, signIn, type TestApp } from '../../../test/test-app.js';
import { billingInformation, groups } from '../../db/schema.js';
import { familyMembers, groupMembers } from '../../db/schema-families.js';
import { seedScale } from '../../seeds/scale/seed-scale.js';

let t: TestApp;
let entity: Awaited<ReturnType<typeof createEntityUser>>;
let auth: string;

beforeAll(async () => {
  t = await createTestApp({}, { startWorkers: false });
  entity = await createEntityUser(t.db());
  auth = (await signIn(t.app, { email: entity.email, password: entity.password!, role: 'entity' }))
    .authorization;
});
afterAll(() => t.close());

async function search(text: string, authorization = auth): Promise<string[]> {
  const response = await call(t.app, endpoints.families.list, {
    query: { search: text, pageSize: '100' },
    auth: authorization,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.map((g) => g._id);
}

describe('the families search follows every change of what it searches', () => {
  it('a rename', async () => {
    const { groupId } = await createFamily(t.db(), { entityId: entity.entityId, name: 'Quentin Oldname' });
    expect(await search('quentin old')).toEqual([groupId]);
    await t.db().update(groups).set({ name: 'Quentin Newname' }).where(eq(groups.id, groupId));
    expect(await search('oldname')).toEqual([]);
    expect(await search('NEWNAME')).toEqual([groupId]);
  });

  it('the payment e-mail, set, changed and removed', async () => {
    const { groupId } = await createFamily(t.db(), {
      entityId: entity.entityId,
      name: 'Payer Family',
      paymentEmail: 'first.payer@pay.test',
    });
    expect(await search('first.payer@')).toEqual([groupId]);
    await t
      .db()
      .update(billingInformation)
      .set({ email: 'Second.Payer@pay.test' })
      .where(eq(billingInformation.groupId, groupId));
    expect(await search('first.payer@')).toEqual([]);
    expect(await search('second.payer@')).toEqual([groupId]);
    await t.db().delete(billingInformation).where(eq(billingInformation.groupId, groupId));
    expect(await search('second.payer@')).toEqual([]);
  });

  it("a member joining, changing e-mail and leaving; another family's member is not this family's", async () => {
    const { groupId } = await createFamily(t.db(), { entityId: entity.entityId, name: 'Member Family' });
    const { groupId: otherId } = await createFamily(t.db(), {
      entityId: entity.entityId,
      name: 'Other Family',
    });
    const parent = await addFamilyMember(t.db(), {
      groupId,
      role: 'adoptive_parent',
      email: 'zelda.joins@family.test',
    });
    expect(await search('zelda.joins')).toEqual([groupId]);
    await t
      .db()
      .update(familyMembers)
      .set({ email: 'zelda.moved@family.test' })
      .where(eq(familyMembers.id, parent.memberId));
    expect(await search('zelda.joins')).toEqual([]);
    expect(await search('zelda.moved')).toEqual([groupId]);
    // The same person in a second family is found through both.
    await t
      .db()
      .insert(groupMembers)
      .values({ groupId: otherId, memberId: parent.memberId, role: 'birth_family', position: 1 });
    expect((await search('zelda.moved')).sort()).toEqual([groupId, otherId].sort());
    await t.db().delete(groupMembers).where(eq(groupMembers.groupId, groupId));
    expect(await search('zelda.moved')).toEqual([otherId]);
  });

  it("never finds another entity's family, whatever matches", async () => {
    const other = await createEntityUser(t.db());
    await createFamily(t.db(), {
      entityId: other.entityId,
      name: 'Ursula Elsewhere',
      paymentEmail: 'ursula@elsewhere.test',
    });
    expect(await search('ursula')).toEqual([]);
  });

  it('finds a name whatever its accents or capitals, both ways', async () => {
    const { groupId } = await createFamily(t.db(), { entityId: entity.entityId, name: 'Sofía Núñez Ørsted' });
    expect(await search('sofia nunez')).toEqual([groupId]);
    expect(await search('SOFÍA')).toEqual([groupId]);
    expect(await search('orsted')).toEqual([groupId]);
    const { groupId: plain } = await createFamily(t.db(), {
      entityId: entity.entityId,
      name: 'Zoe Hernandez',
    });
    expect(await search('Zoë Hernández')).toEqual([plain]);
  });

  it('treats % and _ as the characters they are', async () => {
    const { groupId } = await createFamily(t.db(), {
      entityId: entity.entityId,
      name: 'Percy Literal',
      paymentEmail: 'percy_100%@pay.test',
    });
    expect(await search('percy_100%')).toEqual([groupId]);
    expect(await search('percy%100')).toEqual([]);
  });
});

describe('the scale seed', () => {
  it('writes the same search text the triggers keep; the bench finds the bench family and reads deep in its data', async () => {
    const options = { families: 40, messages: 10_200, entities: 4, channelMessages: 10_000 };
    const summary = await seedScale(t.db(), options);
    expect(summary.alreadySeeded).toBe(false);
    expect(summary.counts.groups).toBeGreaterThanOrEqual(40);
    const rows = (await t.db().execute(sql`
      select count(*)::int as n from groups where search_text is distinct from group_search_text(id, name)`)) as unknown as {
      rows: { n: number }[];
    };
    expect(rows.rows[0]!.n).toBe(0);
    // The counts the triggers keep, as the seed writes them in bulk.
    const counts = (await t.db().execute(sql`
      select (select n from entity_count) = (select count(*)::int from entities) as entities,
        not exists (select 1 from entities e
          where e.family_count <> (select count(*) from groups g where g.entity_id = e.id)) as families`)) as unknown as {
      rows: { entities: boolean; families: boolean }[];
    };
    expect(counts.rows[0]).toEqual({ entities: true, families: true });
    // No monthly renewal is due the day the data is made: a server started on fresh bench data would
    // otherwise begin by charging a thirtieth of the families, and a benchmark would measure that.
    const due = (await t.db().execute(sql`
      select count(*)::int as monthly,
        count(*) filter (where current_period_end < now() + interval '12 hours')::int as due
      from subscriptions where provider_subscription_id like 'sub_scale_%'`)) as unknown as {
      rows: { monthly: number; due: number }[];
    };
    expect(due.rows[0]!.monthly).toBeGreaterThan(20);
    expect(due.rows[0]!.due).toBe(0);

    // A second run adds nothing.
    const again = await seedScale(t.db(), options);
    expect(again.alreadySeeded).toBe(true);
    expect(again.counts).toEqual(summary.counts);

    const login = summary.logins.find((l) => l.role === 'entity')!;
    const bench = (await signIn(t.app, { email: login.email, password: login.password, role: 'entity' }))
      .authorization;
    expect(await search(summary.bench.childName, bench)).toContain(summary.bench.groupId);
    expect(await search(summary.bench.memberEmail, bench)).toEqual([summary.bench.groupId]);

    // What the bench reads deep in the data: a message far back in the channel, the rare word's one
    // message there, the bench family's long activity and the platform's.
    const { groupId, channelId, deepMessageId, rareWord } = summary.bench;
    const activity = await call(t.app, endpoints.activity.family, { params: { groupId }, auth: bench });
    expect(activity.json().total).toBe(1003);
    const around = await call(t.app, endpoints.conversations.around, {
      params: { groupId, channelId, messageId: deepMessageId },
      auth: bench,
    });
    expect(around.statusCode, around.body).toBe(200);
    expect(around.json().messages.map((m) => m.id)).toContain(deepMessageId);
    const rare = await call(t.app, endpoints.conversations.search, {
      params: { groupId, channelId },
      query: { q: rareWord },
      auth: bench,
    });
    expect(rare.json().total).toBe(1);
    const adminLogin = summary.logins.find((l) => l.role === 'admin')!;
    const admin = await signIn(t.app, {
      email: adminLogin.email,
      password: adminLogin.password,
      role: 'admin',
    });
    const platform = await call(t.app, endpoints.activity.platform, {
      query: { actor: adminLogin.email },
      auth: admin,
    });
    expect(platform.json().total).toBe(4);
  });
});
