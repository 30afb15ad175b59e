// The activity record through the API: every recorded action of a family (on both chat providers) and
// of the platform appears with who, what and when, newest first and in pages; a family of another
// entity is 'not found', and the platform's activity is the administrator's only.

import { createHash } from 'node:crypto';
import { ACTIVITY_PAGE_SIZE, type ActivityEvent, endpoints, MSG } from '@bridge-talk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callLoose } from '../../../test/api-client.js';
import { billingEntity, createPlan } from '../../../test/billing.js';
import {
  type ChatKind,
  type ConversationApp,
  createConversationApp,
  familyWithChannel,
  signedInEntity,
} from '../../../test/conversations.js';
import { createAdminUser } from '../../../test/factories.js';
import { signIn, TEST_ADMIN } from '../../../test/test-app.js';
import { recordAudit } from '../../db/audit.js';
import { conversationExports } from '../../db/schema-families.js';

// Any UUID, so that a check for a card's digits is not fooled by a random id.
const UUID_PATTERN = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** A page of the activity (the first without `page`). */
const pageQuery = (page?: number) => (page ? { page } : {});

let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${++counter}@activity.test`;

describe.each<ChatKind>(['local', 'stream'])('activity (%s chat provider)', (kind) => {
  let c: ConversationApp;
  let owner: Awaited<ReturnType<typeof signedInEntity>>;
  let other: Awaited<ReturnType<typeof signedInEntity>>;
  let admin: string;
  let adminName: string;
  let ownerName: string;
  /** 'Name (e-mail)' of a signed-in account, as the activity names who did it. */
  const actorOf = async (authorization: string) => {
    const me = await call(c.t.app, endpoints.auth.me, { auth: authorization });
    return MSG.activity.actor(me.json().name, me.json().email);
  };
  beforeAll(async () => {
    // No workers: the export job is finished by hand, to show the fingerprint it leaves.
    c = await createConversationApp(kind, {}, { startWorkers: false });
    owner = await signedInEntity(c.t);
    other = await signedInEntity(c.t);
    const signedIn = await signIn(c.t.app, { ...TEST_ADMIN, role: 'admin' });
    admin = signedIn.authorization;
    adminName = await actorOf(admin);
    ownerName = await actorOf(owner.authorization);
  });
  afterAll(() => c.close());

  const family = (groupId: string, auth: string | null, page?: number) =>
    call(c.t.app, endpoints.activity.family, { params: { groupId }, query: pageQuery(page), auth });
  const platform = (auth: string | null, page?: number) =>
    call(c.t.app, endpoints.activity.platform, { query: pageQuery(page), auth });

  it('shows what was done in a family: who, what, which channel and when, newest first', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    const channel = kind === 'local' ? 1 : null;
    const started = Date.now();

    const opened = await call(c.t.app, endpoints.conversations.list, {
      params: { groupId: f.groupId },
      query: { channelId: f.channelId },
      auth: owner.authorization,
    });
    expect(opened.statusCode).toBe(200);
    const disabled = await call(c.t.app, endpoints.conversations.manager, {
      params: { groupId: f.groupId, channelId: f.channelId },
      auth: owner.authorization,
      body: { active: false },
    });
    expect(disabled.statusCode).toBe(200);
    const inactive = await call(c.t.app, endpoints.families.memberStatus, {
      params: { groupId: f.groupId, userId: f.birth.memberId },
      auth: owner.authorization,
      body: { active: false },
    });
    expect(inactive.statusCode).toBe(200);
    // The same status again changes nothing, and records nothing.
    await call(c.t.app, endpoints.families.memberStatus, {
      params: { groupId: f.groupId, userId: f.birth.memberId },
      auth: owner.authorization,
      body: { active: false },
    });
    const recipient = uniqueEmail('court');
    const exported = await call(c.t.app, endpoints.conversations.exportRequest, {
      params: { channelId: f.channelId },
      auth: owner.authorization,
      body: { email: recipient },
    });
    expect(exported.statusCode).toBe(200);
    const exportId: string = exported.json().exportId;

    const response = await family(f.groupId, owner.authorization);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ total: 4, page: 1, pageSize: ACTIVITY_PAGE_SIZE });
    expect(body.events.map((e: ActivityEvent) => e.action)).toEqual([
      'conversation.export_requested',
      'member.status_changed',
      'channel.status_changed',
      'conversation.viewed',
    ]);
    const [exportEvent, memberEvent, channelEvent, viewEvent] = body.events;
    expect(exportEvent).toEqual({
      id: expect.any(String),
      action: 'conversation.export_requested',
      at: expect.any(String),
      actor: ownerName,
      channelNumber: channel,
      subject: MSG.activity.exportRecipient(recipient),
      detail: MSG.activity.exportPending,
      target: null,
    });
    expect(memberEvent).toMatchObject({
      actor: ownerName,
      channelNumber: null,
      subject: 'Bea Birth',
      detail: MSG.activity.fromTo(MSG.families.statusActive, MSG.families.statusInactive),
    });
    expect(channelEvent).toMatchObject({
      actor: ownerName,
      channelNumber: channel,
      subject: null,
      detail: MSG.activity.channelDisabled,
    });
    expect(viewEvent).toMatchObject({
      actor: ownerName,
      channelNumber: channel,
      subject: null,
      detail: null,
    });
    for (const event of body.events) {
      expect(Date.parse(event.at)).toBeGreaterThanOrEqual(started - 1000);
      expect(Date.parse(event.at)).toBeLessThanOrEqual(Date.now());
    }

    // Once the job made the file, the activity shows its fingerprint.
    const sha256 = createHash('sha256').update(exportId).digest('hex');
    await c.t
      .db()
      .update(conversationExports)
      .set({ status: 'sent', sha256, completedAt: new Date() })
      .where(eq(conversationExports.id, exportId));
    const after = (await family(f.groupId, owner.authorization)).json();
    expect(after.events[0]!.detail).toBe(MSG.activity.exportFingerprint(sha256));
  });

  it('shows the family created, the plan chosen and changed with its price, the payment details saved, never a card number', async () => {
    const monthly = await createPlan(c.t.db(), {
      name: 'Monthly Care',
      type: 'recurring',
      unitAmount: 2_000,
    });
    const premium = await createPlan(c.t.db(), {
      name: 'Premium Care',
      type: 'recurring',
      unitAmount: 3_000,
    });
    const payer = await billingEntity(c.t);
    const groupId = await payer.groupWithCard();
    expect((await payer.assign(groupId, monthly.id)).statusCode).toBe(200);
    const changed = await payer.api(endpoints.billing.changeSubscription, {
      body: {
        groupId,
        priceId: premium.id,
        coupons: [],
      },
    });
    expect(changed.statusCode).toBe(200);

    const response = await payer.api(endpoints.activity.family, { params: { groupId } });
    expect(response.statusCode).toBe(200);
    const events = response.json().events;
    expect(events.map((e) => [e.action, e.subject, e.detail])).toEqual([
      [
        'billing.plan_changed',
        'Premium Care',
        `${MSG.activity.previousPlan('Monthly Care')} · ${MSG.activity.price('$30.00')}`,
      ],
      ['billing.plan_changed', 'Monthly Care', MSG.activity.price('$20.00')],
      ['billing.details_changed', null, null],
      ['family.created', null, null],
    ]);
    // The test card is 4242 4242 4242 4242: neither it nor its last four digits may show.
    // Ids are random and may hold '4242' by chance, so they are taken out first.
    expect(response.body.replace(UUID_PATTERN, '<id>')).not.toContain('4242');
  });

  it('pages through the events newest first, 25 to a page', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    const total = ACTIVITY_PAGE_SIZE + 5;
    for (let i = 0; i < total; i++) {
      await recordAudit(c.t.db(), {
        actorUserId: owner.userId,
        action: 'conversation.viewed',
        entityId: owner.entityId,
        groupId: f.groupId,
        channelId: f.channelId,
      });
    }
    const first = (await family(f.groupId, owner.authorization)).json();
    const second = (await family(f.groupId, owner.authorization, 2)).json();
    expect(first).toMatchObject({ total, page: 1, pageSize: ACTIVITY_PAGE_SIZE });
    expect(first.events).toHaveLength(ACTIVITY_PAGE_SIZE);
    expect(second).toMatchObject({ total, page: 2 });
    expect(second.events).toHaveLength(5);
    const all = [...first.events, ...second.events];
    expect(new Set(all.map((e) => e.id)).size).toBe(total);
    const times = all.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await family(f.groupId, owner.authorization, 3)).json().events).toEqual([]);
    expect(
      (
        await callLoose(c.t.app, endpoints.activity.family, {
          params: { groupId: f.groupId },
          query: { page: 0 },
          auth: owner.authorization,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('names a removed account as nobody, and shows the review of a report with its note', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    await recordAudit(c.t.db(), {
      actorUserId: null,
      action: 'report.reviewed',
      entityId: owner.entityId,
      groupId: f.groupId,
      channelId: f.channelId,
      subject: 'Pat Parent',
      details: { note: 'Talked to both parents.' },
    });
    const [event] = (await family(f.groupId, owner.authorization)).json().events;
    expect(event).toMatchObject({
      action: 'report.reviewed',
      actor: null,
      subject: 'Pat Parent',
      detail: 'Talked to both parents.',
    });
  });

  it("answers 404 for another entity's family and reveals nothing; 403 to an admin; 401 without a session", async () => {
    const f = await familyWithChannel(c, owner.entityId);
    const foreign = await family(f.groupId, other.authorization);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('events');
    const unknown = await family(crypto.randomUUID(), owner.authorization);
    expect(unknown.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
    expect((await family(f.groupId, admin)).statusCode).toBe(403);
    const anonymous = await family(f.groupId, null);
    expect(anonymous.statusCode).toBe(401);
  });

  it.runIf(kind === 'local')(
    "shows the platform's events to the administrator: entities, admin accounts, terms",
    async () => {
      const entityEmail = uniqueEmail('agency');
      const created = await call(c.t.app, endpoints.entities.create, {
        auth: admin,
        body: {
          name: 'Open Arms Agency',
          phone: '(555) 010-2000',
          address: '1 Main Street, Springfield',
          email: entityEmail,
          startContract: '2026-01-01',
          endContract: '2027-12-31',
          subtype: 'agency',
          coupon: '',
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const entityId: string = created.json()._id;
      const movedEmail = uniqueEmail('moved');
      const entityEdited = await call(c.t.app, endpoints.entities.edit, {
        params: { id: entityId },
        auth: admin,
        body: {
          name: 'Open Arms Agency',
          phone: '(555) 010-2000',
          email: movedEmail,
          address: '2 Side Street, Springfield',
          startContract: '2026-01-01',
          endContract: '2028-06-30',
          subtype: 'agency',
          coupon: '',
        },
      });
      expect(entityEdited.statusCode, entityEdited.body).toBe(200);
      const disabled = await call(c.t.app, endpoints.entities.edit, {
        params: { id: entityId },
        auth: admin,
        body: {
          status: 'inactive',
        },
      });
      expect(disabled.statusCode).toBe(200);
      // A save without a new status is no status change.
      await call(c.t.app, endpoints.entities.edit, {
        params: { id: entityId },
        auth: admin,
        body: { status: 'inactive' },
      });

      const adminEmail = uniqueEmail('admin');
      const madeAdmin = await call(c.t.app, endpoints.admins.create, {
        auth: admin,
        body: {
          name: 'Sam Second',
          email: adminEmail,
        },
      });
      expect(madeAdmin.statusCode, madeAdmin.body).toBe(201);
      const adminId: string = madeAdmin.json()._id;
      const edited = await call(c.t.app, endpoints.admins.edit, {
        params: { id: adminId },
        auth: admin,
        body: {
          name: 'Sam Seconded',
          email: adminEmail,
        },
      });
      expect(edited.statusCode).toBe(200);
      const removed = await call(c.t.app, endpoints.admins.remove, { params: { id: adminId }, auth: admin });
      expect(removed.statusCode).toBe(200);
      const published = await call(c.t.app, endpoints.terms.create, {
        auth: admin,
        body: {
          title: 'Terms of Use',
          content: '<p>Be kind.</p>',
        },
      });
      expect(published.statusCode, published.body).toBe(201);
      const version: number = published.json().version;

      const response = await platform(admin);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ total: 7, page: 1, pageSize: ACTIVITY_PAGE_SIZE });
      expect(body.events.map((e) => [e.action, e.actor, e.subject, e.detail])).toEqual([
        ['terms.published', adminName, 'Terms of Use', MSG.activity.termsVersion(version)],
        ['admin.removed', adminName, MSG.activity.actor('Sam Seconded', adminEmail), null],
        [
          'admin.edited',
          adminName,
          MSG.activity.actor('Sam Seconded', adminEmail),
          MSG.activity.fieldChange(MSG.fields.name, 'Sam Second', 'Sam Seconded'),
        ],
        ['admin.created', adminName, MSG.activity.actor('Sam Second', adminEmail), null],
        [
          'entity.status_changed',
          adminName,
          'Open Arms Agency',
          MSG.activity.fromTo(MSG.entities.statusActive, MSG.entities.statusDisabled),
        ],
        [
          'entity.edited',
          adminName,
          'Open Arms Agency',
          [
            MSG.activity.fieldChange(MSG.fields.email, entityEmail, movedEmail),
            MSG.activity.fieldChange(
              MSG.fields.address,
              '1 Main Street, Springfield',
              '2 Side Street, Springfield',
            ),
            MSG.activity.fieldChange(MSG.fields.endContract, '2027-12-31', '2028-06-30'),
          ].join(' · '),
        ],
        ['entity.created', adminName, 'Open Arms Agency', null],
      ]);
      // Each links to its item while it exists: the entity, not the removed admin, nor the terms.
      expect(body.events.map((e) => e.target)).toEqual([
        null,
        null,
        null,
        null,
        { kind: 'entity', id: entityId },
        { kind: 'entity', id: entityId },
        { kind: 'entity', id: entityId },
      ]);
      // The families' events are not the platform's.
      expect(body.events.every((e: ActivityEvent) => e.channelNumber === null)).toBe(true);
    },
  );

  it.runIf(kind === 'local')(
    'pages the platform activity and names a removed admin as they were',
    async () => {
      const gone = await createAdminUser(c.t.db());
      const before = (await platform(admin)).json().total;
      for (let i = 0; i < ACTIVITY_PAGE_SIZE; i++) {
        await recordAudit(c.t.db(), {
          actorUserId: gone.userId,
          action: 'terms.published',
          subject: `T${i}`,
        });
      }
      expect(
        (await call(c.t.app, endpoints.admins.remove, { params: { id: gone.userId }, auth: admin }))
          .statusCode,
      ).toBe(200);
      const total = before + ACTIVITY_PAGE_SIZE + 1;
      const first = (await platform(admin)).json();
      const last = (await platform(admin, Math.ceil(total / ACTIVITY_PAGE_SIZE))).json();
      expect(first.total).toBe(total);
      expect(first.events).toHaveLength(ACTIVITY_PAGE_SIZE);
      expect(first.events[0]).toMatchObject({ action: 'admin.removed', actor: adminName });
      // Recorded by the account removed since: it is named as it was when it acted.
      expect(first.events.slice(1).map((e: ActivityEvent) => [e.action, e.actor])).toEqual(
        Array.from({ length: ACTIVITY_PAGE_SIZE - 1 }, () => [
          'terms.published',
          MSG.activity.actor(gone.name, gone.email),
        ]),
      );
      expect(last.events.length).toBe(total - (last.page - 1) * ACTIVITY_PAGE_SIZE);
    },
  );

  it.runIf(kind === 'local')(
    'is the administrator’s only: 403 to an entity, 401 without a session',
    async () => {
      expect((await platform(owner.authorization)).statusCode).toBe(403);
      expect((await platform(null)).statusCode).toBe(401);
    },
  );
});
