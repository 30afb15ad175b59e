// Demo data (`npm run seed:demo`): a few agencies and lawyers, families in every state — monthly and
// one-time plans, an unnamed family the wizard resumes at step 2, an inactive family, inactive
// members, a disabled channel — coupons of every kind, conversations with pictures, a video,
// reported messages and one channel of 10 000 messages, and contact agreements with a window in each
// state. Idempotent: what exists (by e-mail, by family name, by coupon code) is left as it is, a
// channel that already has messages gets none, and a family with an agreement gets no other.
//
// Accounts, families and payment records are written straight to the tables (the services would
// e-mail invitations to made-up addresses); channels are made by the families area's own sync through
// the chat provider, and messages are posted through the local provider's member actions. The long
// channel is inserted in batches, which is what makes 10 000 messages take seconds. Agreements and
// their marks go through the agreements service, as the entity's account.

import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { MSG, todayIsoDate, ZMarkAgreementWindowRequest, ZSaveAgreementRequest } from '@bridge-talk/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Actor, AppContext } from '../../app-context.js';
import { billingInformation, entities, groups, users } from '../../db/schema.js';
import {
  paymentCoupons,
  paymentCustomers,
  paymentMethods,
  paymentPlans,
  subscriptions,
} from '../../db/schema-billing.js';
import { chatMessages } from '../../db/schema-chat.js';
import { familyMembers, groupMembers } from '../../db/schema-families.js';
import { hashPassword } from '../../lib/passwords.js';
import { createAgreementsService } from '../../modules/agreements/agreements.service.js';
import { createAttachmentsService } from '../../modules/attachments/attachments.service.js';
import { syncFamilyChannels } from '../../modules/families/family-channels.js';
import { recordReports } from '../../modules/reports/reports.service.js';
import { localActionsOf } from '../../providers/chat/index.js';
import type { LocalChatActions } from '../../providers/chat/local-chat-provider.js';
import { localReportOf } from '../../providers/chat/local-chat-reports.js';
import {
  brooksAgreement,
  chenAgreement,
  DEMO_AGREEMENT_ZONE,
  type DemoAgreementVersion,
  smithAgreement,
} from './demo-agreements.js';
import {
  BROOKS_CONVERSATION,
  CHEN_FATHER_CONVERSATION,
  CHEN_MOTHER_CONVERSATION,
  DEMO_PICTURES,
  type DemoLine,
  longConversationLine,
  SMITH_CONVERSATION,
  type Speaker,
} from './demo-content.js';

export const DEMO_PASSWORD_DEFAULT = 'Demo-Pass-1';
export const LONG_CHANNEL_MESSAGES = 10_000;

type Status = 'active' | 'pending' | 'disabled' | 'inactive';
type Role = 'child' | 'adoptive_parent' | 'birth_family';

interface DemoPerson {
  key: string;
  role: Role;
  firstName: string;
  lastName: string;
  email: string | null;
  active?: boolean;
}

interface DemoFamily {
  name: string | null;
  /** Billing e-mail: also how the unnamed family is found again. */
  paymentEmail: string;
  plan: 'one_time' | 'recurring' | null;
  active?: boolean;
  people: DemoPerson[];
}

interface DemoLogin {
  role: 'admin' | 'entity';
  name: string;
  email: string;
  password: string;
}

export interface DemoSummary {
  logins: DemoLogin[];
  /** The coupon codes people can type, each with what it does. */
  coupons: { code: string; description: string }[];
  families: { entity: string; name: string; groupId: string; channels: number }[];
  /** The families with a contact agreement. */
  agreements: string[];
  /** The member whose code-based sign-in the member chat API demonstrates. */
  memberEmail: string;
  messagesPosted: number;
  chat: 'local' | 'stream';
}

const d = (dayOffset: number, minute = 0) =>
  new Date(Date.UTC(2025, 2, 3, 15, minute) + dayOffset * 86_400_000);

async function findOrCreateEntity(
  ctx: AppContext,
  input: {
    name: string;
    email: string;
    subtype: 'agency' | 'lawyer';
    status: Status;
    person: [string, string];
  },
  password: string,
): Promise<{ entityId: string; created: boolean }> {
  const [existing] = await ctx.db
    .select({ id: entities.id })
    .from(entities)
    .where(sql`lower(${entities.email}) = ${input.email.toLowerCase()}`);
  if (existing) return { entityId: existing.id, created: false };
  // A pending access request holds what the request form asks, as a real one does: the admin fills
  // in the address and the contract when enabling it.
  const request = input.status === 'pending';
  const [entity] = await ctx.db
    .insert(entities)
    .values({
      name: input.name,
      email: input.email,
      phone: '(555) 010-2030',
      address: request ? '' : '200 Harbor Street, Portland, OR',
      subtype: input.subtype,
      status: input.status,
      startContract: request ? null : '2025-01-01',
      endContract: request ? null : '2027-12-31',
    })
    .returning({ id: entities.id });
  await ctx.db.insert(users).values({
    email: input.email,
    firstName: input.person[0],
    lastName: input.person[1],
    role: 'entity',
    subtype: input.subtype,
    entityId: entity!.id,
    // A pending access request has no password yet; the others sign in with the demo password.
    passwordHash: input.status === 'pending' ? null : await hashPassword(password),
    status: input.status,
  });
  return { entityId: entity!.id, created: true };
}

async function planId(
  ctx: AppContext,
  type: 'one_time' | 'recurring',
): Promise<{ id: string; amount: number }> {
  const [plan] = await ctx.db
    .select({ id: paymentPlans.id, amount: paymentPlans.unitAmount })
    .from(paymentPlans)
    .where(and(eq(paymentPlans.type, type), eq(paymentPlans.active, true)))
    .limit(1);
  if (plan) return plan;
  const id = `price_demo_${type}`;
  const amount = type === 'one_time' ? 19_900 : 1_999;
  await ctx.db
    .insert(paymentPlans)
    .values({ id, name: type === 'one_time' ? 'Lifetime' : 'Monthly', type, unitAmount: amount })
    .onConflictDoNothing();
  return { id, amount };
}

/**
 * The local payment provider's coupons (with Stripe, coupons are made at Stripe): a percentage and an
 * amount off every plan, one for the monthly plan only, and one used up — whose refusal is the spec's
 * 'Coupon Free is used up and cannot be applied.'
 */
async function seedCoupons(ctx: AppContext): Promise<DemoSummary['coupons']> {
  if (ctx.config.payments.provider !== 'local') return [];
  const monthly = (await planId(ctx, 'recurring')).id;
  const every = [monthly, (await planId(ctx, 'one_time')).id].join(',');
  const coupons = [
    { id: 'DEMO10', name: '10% off', percentOff: 10, products: every, description: '10% off every plan' },
    { id: 'DEMO5OFF', name: '$5 off', amountOff: 500, products: every, description: '$5 off every plan' },
    {
      id: 'MONTHLY20',
      name: '20% off monthly',
      percentOff: 20,
      products: monthly,
      description: '20% off the monthly plan only',
    },
    {
      id: 'FREE',
      name: 'Free',
      percentOff: 100,
      maxRedemptions: 1,
      timesRedeemed: 1,
      products: every,
      description: 'used up (redeemed 1 of 1)',
    },
  ];
  await ctx.db
    .insert(paymentCoupons)
    .values(coupons.map(({ description: _, ...coupon }) => coupon))
    .onConflictDoNothing();
  return coupons.map((c) => ({ code: c.id, description: c.description }));
}

async function findOrCreateFamily(ctx: AppContext, entityId: string, family: DemoFamily): Promise<string> {
  const [existing] = await ctx.db
    .select({ id: groups.id })
    .from(groups)
    .innerJoin(billingInformation, eq(billingInformation.groupId, groups.id))
    .where(
      and(
        eq(groups.entityId, entityId),
        family.name === null ? isNull(groups.name) : eq(groups.name, family.name),
        eq(billingInformation.email, family.paymentEmail),
      ),
    );
  if (existing) return existing.id;
  const [first, ...rest] = (family.name ?? '').split(' ');
  const [group] = await ctx.db
    .insert(groups)
    .values({
      entityId,
      name: family.name,
      childFirstName: family.name ? (first ?? null) : null,
      childLastName: family.name ? rest.join(' ') : null,
      active: family.active ?? true,
    })
    .returning({ id: groups.id });
  const groupId = group!.id;
  const suffix = randomBytes(6).toString('hex');
  // The local payment provider's customer and card (brand, last 4 and expiry only).
  const customerId = `cus_demo_${suffix}`;
  const paymentMethodId = `pm_demo_${suffix}`;
  await ctx.db
    .insert(paymentCustomers)
    .values({ id: customerId, email: family.paymentEmail, name: 'Demo Payer' });
  await ctx.db
    .insert(paymentMethods)
    .values({ id: paymentMethodId, customerId, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 });
  await ctx.db.insert(billingInformation).values({
    groupId,
    cardName: 'Demo Payer',
    address: '12 Orchard Lane',
    city: 'Portland',
    state: 'OR',
    zip: '97201',
    email: family.paymentEmail,
    phone: '(555) 010-4477',
    cardBrand: 'visa',
    cardLast4: '4242',
    cardExpMonth: 12,
    cardExpYear: 2030,
    providerCustomerId: customerId,
    providerPaymentMethodId: paymentMethodId,
  });
  if (family.plan) {
    const plan = await planId(ctx, family.plan);
    const monthly = family.plan === 'recurring';
    await ctx.db.insert(subscriptions).values({
      groupId,
      provider: 'local',
      planId: plan.id,
      planType: family.plan,
      amount: plan.amount,
      status: 'active',
      currentPeriodEnd: monthly ? new Date(Date.now() + 30 * 86_400_000) : null,
      providerSubscriptionId: monthly ? `sub_demo_${suffix}` : null,
      providerPaymentId: monthly ? null : `pay_demo_${suffix}`,
    });
  }
  return groupId;
}

/** Adds the people to the family (a person is found again by e-mail); answers their ids by key. */
async function addPeople(
  ctx: AppContext,
  groupId: string,
  people: DemoPerson[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const positions: Record<Role, number> = { child: 0, adoptive_parent: 0, birth_family: 0 };
  for (const person of people) {
    positions[person.role] += 1;
    const [found] = person.email
      ? await ctx.db
          .select({ id: familyMembers.id })
          .from(familyMembers)
          .where(sql`lower(${familyMembers.email}) = ${person.email.toLowerCase()}`)
      : await ctx.db
          .select({ id: familyMembers.id })
          .from(familyMembers)
          .innerJoin(groupMembers, eq(groupMembers.memberId, familyMembers.id))
          .where(
            and(
              eq(groupMembers.groupId, groupId),
              eq(familyMembers.firstName, person.firstName),
              isNull(familyMembers.email),
            ),
          );
    const memberId =
      found?.id ??
      (
        await ctx.db
          .insert(familyMembers)
          .values({ email: person.email, firstName: person.firstName, lastName: person.lastName })
          .returning({ id: familyMembers.id })
      )[0]!.id;
    await ctx.db
      .insert(groupMembers)
      .values({
        groupId,
        memberId,
        role: person.role,
        position: positions[person.role],
        active: person.active ?? true,
        invitedAt: person.email ? new Date() : null,
      })
      .onConflictDoNothing();
    ids.set(person.key, memberId);
  }
  return ids;
}

async function channelIds(ctx: AppContext, groupId: string) {
  return (await ctx.chat.listChannels(groupId)).map((c) => ({
    id: c.id,
    number: c.number,
    members: c.members.map((m) => m.userId),
  }));
}

async function isEmpty(ctx: AppContext, groupId: string, channelId: string): Promise<boolean> {
  const page = await ctx.chat.listMessages(groupId, channelId, { limit: 1 });
  return (page?.messages.length ?? 0) === 0;
}

const renderedPictures = new Map<keyof typeof DEMO_PICTURES, Buffer>();

/** A demo drawing as the PNG file a member's phone would upload. */
async function demoPicture(key: keyof typeof DEMO_PICTURES): Promise<Buffer> {
  let png = renderedPictures.get(key);
  if (!png) {
    const { default: sharp } = await import('sharp');
    png = await sharp(Buffer.from(DEMO_PICTURES[key])).png().toBuffer();
    renderedPictures.set(key, png);
  }
  return png;
}

/** A demo message as a member posts it: its picture or video uploaded first, as the family app does. */
async function postDemoMessage(
  ctx: AppContext,
  local: LocalChatActions,
  message: {
    channelId: string;
    userId: string;
    html: string;
    picture?: keyof typeof DEMO_PICTURES;
    video?: URL;
    createdAt: Date;
  },
): Promise<{ id: string } | null> {
  const { channelId, userId } = message;
  const attachments = createAttachmentsService(ctx);
  const files: { fileId: string; title: string | null }[] = [];
  if (message.picture) {
    const png = await demoPicture(message.picture);
    const file = await attachments.upload({
      channelId,
      memberId: userId,
      body: png,
      fileName: `${message.picture}.png`,
    });
    files.push({ fileId: file.id, title: message.picture === 'cake' ? 'Birthday cake' : null });
  }
  if (message.video) {
    const body = await readFile(message.video);
    const file = await attachments.upload({ channelId, memberId: userId, body, fileName: 'garden.mp4' });
    files.push({ fileId: file.id, title: 'In the garden' });
  }
  const result = await local.postMessage({
    channelId,
    userId,
    html: message.html,
    files,
    createdAt: message.createdAt,
  });
  return 'id' in result ? result : null;
}

/** Posts a scripted conversation (skipped when the channel already has messages). */
async function converse(
  ctx: AppContext,
  groupId: string,
  channelId: string,
  speakers: Record<Speaker, string | undefined>,
  lines: DemoLine[],
): Promise<number> {
  const local = localActionsOf(ctx.chat);
  if (!local || !(await isEmpty(ctx, groupId, channelId))) return 0;
  let posted = 0;
  for (const [i, line] of lines.entries()) {
    const userId = speakers[line.from];
    if (!userId) continue;
    const result = await postDemoMessage(ctx, local, {
      channelId,
      userId,
      html: line.html,
      picture: line.picture,
      video: line.video,
      createdAt: d(line.day, i * 3),
    });
    if (!result) continue;
    posted += 1;
    const reporter = line.reportedBy ? speakers[line.reportedBy] : undefined;
    if (reporter) {
      await local.flagMessage({ messageId: result.id, userId: reporter, reason: line.reason ?? null });
      // Into the reports queue as well, without alerting the made-up addresses.
      await recordReports(ctx, await localReportOf(ctx.db, result.id, reporter), { alert: false });
    }
  }
  return posted;
}

/**
 * The entity's own account as the caller of its services, as a signed-in request carries it. The seed
 * signs no one in: it has no session, and the services it calls read none.
 */
async function entityActor(ctx: AppContext, entityId: string): Promise<Actor> {
  const [user] = await ctx.db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      subtype: users.subtype,
      entityName: entities.name,
      coupon: entities.coupon,
    })
    .from(users)
    .innerJoin(entities, eq(entities.id, users.entityId))
    .where(and(eq(users.entityId, entityId), eq(users.role, 'entity')))
    .orderBy(asc(users.createdAt))
    .limit(1);
  if (!user) throw new Error(`demo entity ${entityId} has no account`);
  return {
    userId: user.id,
    name: `${user.firstName} ${user.lastName}`.trim(),
    email: user.email,
    role: 'entity',
    subtype: user.subtype,
    entityName: user.entityName,
    coupon: user.coupon,
    sessionId: '',
    entityId,
  };
}

/**
 * A family's contact agreement, written as the caseworker does through the agreements service: each
 * version saved in turn, the members' messages under it posted on their dates, then the caseworker's
 * marks. Skipped when the family has an agreement already; answers how many messages it posted.
 */
async function seedAgreement(
  ctx: AppContext,
  local: LocalChatActions,
  actor: Actor,
  family: { groupId: string; channelId: string; speakers: Record<Speaker, string | undefined> },
  versions: DemoAgreementVersion[],
): Promise<number> {
  const { groupId, channelId } = family;
  const agreements = createAgreementsService(ctx);
  const existing = await agreements.get({ actor, groupId, input: {} });
  if (existing.versions.length > 0) return 0;
  let posted = 0;
  for (const version of versions) {
    const saved = await agreements.save({
      actor,
      groupId,
      input: ZSaveAgreementRequest.parse(version.agreement),
    });
    for (const message of version.messages) {
      const userId = family.speakers[message.from];
      if (!userId) throw new Error(`no ${message.from} in the demo family ${groupId}`);
      const result = await postDemoMessage(ctx, local, {
        channelId,
        userId,
        html: message.html,
        picture: message.picture,
        // Midday there: the same date in the agreement's zone, whatever its offset that day.
        createdAt: new Date(`${message.on}T17:00:00Z`),
      });
      if (result) posted += 1;
    }
    for (const { item, ...mark } of version.marks) {
      const itemId = saved.agreement!.items[item]!.id;
      await agreements.mark({
        actor,
        groupId,
        input: ZMarkAgreementWindowRequest.parse({ ...mark, itemId }),
      });
    }
  }
  return posted;
}

/** The very long channel: inserted in batches straight into the local provider's table. */
async function longConversation(
  ctx: AppContext,
  groupId: string,
  channelId: string,
  speakers: Record<'parent' | 'birth', string>,
): Promise<number> {
  if (ctx.chat.kind !== 'local' || !(await isEmpty(ctx, groupId, channelId))) return 0;
  const start = Date.UTC(2024, 0, 1, 8, 0);
  const BATCH = 1000;
  for (let offset = 0; offset < LONG_CHANNEL_MESSAGES; offset += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, LONG_CHANNEL_MESSAGES - offset) }, (_, j) => {
      const i = offset + j;
      const line = longConversationLine(i);
      return {
        channelId,
        userId: line.from === 'birth' ? speakers.birth : speakers.parent,
        html: line.html,
        // About one message an hour, from January 2024.
        createdAt: new Date(start + i * 53 * 60_000),
      };
    });
    await ctx.db.insert(chatMessages).values(rows);
  }
  return LONG_CHANNEL_MESSAGES;
}

export async function seedDemo(ctx: AppContext, options: { password?: string } = {}): Promise<DemoSummary> {
  const password = options.password ?? DEMO_PASSWORD_DEFAULT;
  const summary: DemoSummary = {
    logins: [
      {
        role: 'admin',
        name: MSG.nav.bridgeTalkAdmin,
        email: ctx.config.bootstrapAdmin.email,
        password:
          ctx.config.bootstrapAdmin.password ?? '(ADMIN_PASSWORD, or the one printed at the first start)',
      },
    ],
    coupons: await seedCoupons(ctx),
    families: [],
    agreements: [],
    memberEmail: 'beatrice.lane@demo.bridgetalk.local',
    messagesPosted: 0,
    chat: ctx.chat.kind,
  };

  const agency = await findOrCreateEntity(
    ctx,
    {
      name: 'Open Arms Adoption Agency',
      email: 'demo.agency@bridgetalk.local',
      subtype: 'agency',
      status: 'active',
      person: ['Erin', 'Walsh'],
    },
    password,
  );
  const lawyer = await findOrCreateEntity(
    ctx,
    {
      name: 'Hartley Family Law',
      email: 'demo.lawyer@bridgetalk.local',
      subtype: 'lawyer',
      status: 'active',
      person: ['Morgan', 'Hartley'],
    },
    password,
  );
  await findOrCreateEntity(
    ctx,
    {
      name: 'Sunrise Adoptions',
      email: 'requests@sunrise-adoptions.demo',
      subtype: 'agency',
      status: 'pending',
      person: ['Casey', 'Morgan'],
    },
    password,
  );
  await findOrCreateEntity(
    ctx,
    {
      name: 'Maple Grove Agency',
      email: 'office@maplegrove.demo',
      subtype: 'agency',
      status: 'disabled',
      person: ['Riley', 'Stone'],
    },
    password,
  );
  summary.logins.push(
    {
      role: 'entity',
      name: 'Erin Walsh (Open Arms Adoption Agency)',
      email: 'demo.agency@bridgetalk.local',
      password,
    },
    {
      role: 'entity',
      name: 'Morgan Hartley (Hartley Family Law)',
      email: 'demo.lawyer@bridgetalk.local',
      password,
    },
  );

  const record = async (entity: string, groupId: string, name: string) => {
    const channels = await ctx.chat.listChannels(groupId);
    summary.families.push({ entity, name, groupId, channels: channels.length });
  };
  // Agreements are dated from today where the agency is (demo-agreements.ts). Their windows are
  // counted from the local chat provider's messages: with Stream the demo has none to count.
  const today = todayIsoDate(DEMO_AGREEMENT_ZONE);
  const local = localActionsOf(ctx.chat);
  const agree = async (
    entityId: string,
    name: string,
    family: Parameters<typeof seedAgreement>[3],
    versions: DemoAgreementVersion[],
  ) => {
    if (!local) return;
    const actor = await entityActor(ctx, entityId);
    summary.messagesPosted += await seedAgreement(ctx, local, actor, family, versions);
    summary.agreements.push(name);
  };

  // ── Open Arms: the Smiths (monthly) and their year-long conversation with Robin's birth mother.
  const smithPeople: DemoPerson[] = [
    {
      key: 'child',
      role: 'child',
      firstName: 'Robin',
      lastName: 'Smith',
      email: 'robin.smith@demo.bridgetalk.local',
    },
    {
      key: 'parent',
      role: 'adoptive_parent',
      firstName: 'Pat',
      lastName: 'Smith',
      email: 'pat.smith@demo.bridgetalk.local',
    },
    {
      key: 'parent2',
      role: 'adoptive_parent',
      firstName: 'Jordan',
      lastName: 'Smith',
      email: 'jordan.smith@demo.bridgetalk.local',
    },
    {
      key: 'birth',
      role: 'birth_family',
      firstName: 'Beatrice',
      lastName: 'Lane',
      email: summary.memberEmail,
    },
  ];
  const smithId = await findOrCreateFamily(ctx, agency.entityId, {
    name: 'Robin Smith',
    paymentEmail: 'pat.smith@demo.bridgetalk.local',
    plan: 'recurring',
    people: smithPeople,
  });
  const smith = { groupId: smithId, ids: await addPeople(ctx, smithId, smithPeople) };
  await syncFamilyChannels(ctx, agency.entityId, smith.groupId);
  const [smithChannel] = await channelIds(ctx, smith.groupId);
  if (smithChannel) {
    const speakers = {
      parent: smith.ids.get('parent'),
      parent2: smith.ids.get('parent2'),
      birth: smith.ids.get('birth'),
      birth2: undefined,
    };
    summary.messagesPosted += await converse(
      ctx,
      smith.groupId,
      smithChannel.id,
      speakers,
      SMITH_CONVERSATION,
    );
    await agree(
      agency.entityId,
      'Robin Smith',
      { groupId: smith.groupId, channelId: smithChannel.id, speakers },
      smithAgreement(today),
    );
  }
  await record('Open Arms Adoption Agency', smith.groupId, 'Robin Smith');

  // ── Open Arms: the Chens (one-time plan), two birth parents; the birth father stepped back: he is
  // inactive and his channel disabled.
  const chenPeople: DemoPerson[] = [
    { key: 'child', role: 'child', firstName: 'Lily', lastName: 'Chen', email: null },
    {
      key: 'parent',
      role: 'adoptive_parent',
      firstName: 'Alex',
      lastName: 'Chen',
      email: 'alex.chen@demo.bridgetalk.local',
    },
    {
      key: 'parent2',
      role: 'adoptive_parent',
      firstName: 'Sam',
      lastName: 'Chen',
      email: 'sam.chen@demo.bridgetalk.local',
    },
    {
      key: 'birth',
      role: 'birth_family',
      firstName: 'Mei',
      lastName: 'Wong',
      email: 'mei.wong@demo.bridgetalk.local',
    },
    {
      key: 'birth2',
      role: 'birth_family',
      firstName: 'Marcus',
      lastName: 'Reed',
      email: 'marcus.reed@demo.bridgetalk.local',
    },
  ];
  const chenId = await findOrCreateFamily(ctx, agency.entityId, {
    name: 'Lily Chen',
    paymentEmail: 'alex.chen@demo.bridgetalk.local',
    plan: 'one_time',
    people: chenPeople,
  });
  const chen = await addPeople(ctx, chenId, chenPeople);
  await syncFamilyChannels(ctx, agency.entityId, chenId);
  const chenChannels = await channelIds(ctx, chenId);
  const motherChannel = chenChannels.find((c) => c.members.includes(chen.get('birth')!));
  const fatherChannel = chenChannels.find((c) => c.members.includes(chen.get('birth2')!));
  const chenSpeakers = { parent: chen.get('parent'), parent2: chen.get('parent2'), birth2: undefined };
  if (motherChannel) {
    const speakers = { ...chenSpeakers, birth: chen.get('birth') };
    summary.messagesPosted += await converse(
      ctx,
      chenId,
      motherChannel.id,
      speakers,
      CHEN_MOTHER_CONVERSATION,
    );
    await agree(
      agency.entityId,
      'Lily Chen',
      { groupId: chenId, channelId: motherChannel.id, speakers },
      chenAgreement(today),
    );
  }
  if (fatherChannel) {
    summary.messagesPosted += await converse(
      ctx,
      chenId,
      fatherChannel.id,
      { ...chenSpeakers, birth: chen.get('birth2') },
      CHEN_FATHER_CONVERSATION,
    );
    await ctx.chat.setChannelDisabled(chenId, fatherChannel.id, true);
  }
  // Marcus is inactive in this family: he keeps reading his channel, but can no longer write.
  await ctx.db
    .update(groupMembers)
    .set({ active: false })
    .where(and(eq(groupMembers.groupId, chenId), eq(groupMembers.memberId, chen.get('birth2')!)));
  await syncFamilyChannels(ctx, agency.entityId, chenId);
  await record('Open Arms Adoption Agency', chenId, 'Lily Chen');

  // ── Open Arms: the Garcias (monthly), whose channel holds 10 000 messages.
  const garciaPeople: DemoPerson[] = [
    { key: 'child', role: 'child', firstName: 'Noah', lastName: 'Garcia', email: null },
    {
      key: 'parent',
      role: 'adoptive_parent',
      firstName: 'Maria',
      lastName: 'Garcia',
      email: 'maria.garcia@demo.bridgetalk.local',
    },
    {
      key: 'birth',
      role: 'birth_family',
      firstName: 'Tessa',
      lastName: 'Hill',
      email: 'tessa.hill@demo.bridgetalk.local',
    },
  ];
  const garciaId = await findOrCreateFamily(ctx, agency.entityId, {
    name: 'Noah Garcia',
    paymentEmail: 'maria.garcia@demo.bridgetalk.local',
    plan: 'recurring',
    people: garciaPeople,
  });
  const garcia = await addPeople(ctx, garciaId, garciaPeople);
  await syncFamilyChannels(ctx, agency.entityId, garciaId);
  const [garciaChannel] = await channelIds(ctx, garciaId);
  if (garciaChannel) {
    summary.messagesPosted += await longConversation(ctx, garciaId, garciaChannel.id, {
      parent: garcia.get('parent')!,
      birth: garcia.get('birth')!,
    });
  }
  await record('Open Arms Adoption Agency', garciaId, 'Noah Garcia');

  // ── Open Arms: a family whose payment details are saved but which is not named yet (the wizard
  // resumes it at step 2), and an inactive family.
  await findOrCreateFamily(ctx, agency.entityId, {
    name: null,
    paymentEmail: 'new.family@demo.bridgetalk.local',
    plan: null,
    people: [],
  });
  const inactivePeople: DemoPerson[] = [
    { key: 'child', role: 'child', firstName: 'Mia', lastName: 'Thompson', email: null },
    {
      key: 'parent',
      role: 'adoptive_parent',
      firstName: 'Chris',
      lastName: 'Thompson',
      email: 'chris.thompson@demo.bridgetalk.local',
    },
    {
      key: 'birth',
      role: 'birth_family',
      firstName: 'Jade',
      lastName: 'Moore',
      email: 'jade.moore@demo.bridgetalk.local',
      active: false,
    },
  ];
  const inactiveId = await findOrCreateFamily(ctx, agency.entityId, {
    name: 'Mia Thompson',
    paymentEmail: 'chris.thompson@demo.bridgetalk.local',
    plan: 'recurring',
    active: false,
    people: inactivePeople,
  });
  await addPeople(ctx, inactiveId, inactivePeople);
  await syncFamilyChannels(ctx, agency.entityId, inactiveId);
  await record('Open Arms Adoption Agency', inactiveId, 'Mia Thompson');

  // ── Hartley Family Law: the Brooks family (one-time plan).
  const brooksPeople: DemoPerson[] = [
    { key: 'child', role: 'child', firstName: 'Ethan', lastName: 'Brooks', email: null },
    {
      key: 'parent',
      role: 'adoptive_parent',
      firstName: 'Taylor',
      lastName: 'Brooks',
      email: 'taylor.brooks@demo.bridgetalk.local',
    },
    {
      key: 'birth',
      role: 'birth_family',
      firstName: 'Dana',
      lastName: 'Price',
      email: 'dana.price@demo.bridgetalk.local',
    },
  ];
  const brooksId = await findOrCreateFamily(ctx, lawyer.entityId, {
    name: 'Ethan Brooks',
    paymentEmail: 'taylor.brooks@demo.bridgetalk.local',
    plan: 'one_time',
    people: brooksPeople,
  });
  const brooks = await addPeople(ctx, brooksId, brooksPeople);
  await syncFamilyChannels(ctx, lawyer.entityId, brooksId);
  const [brooksChannel] = await channelIds(ctx, brooksId);
  if (brooksChannel) {
    const speakers = {
      parent: brooks.get('parent'),
      parent2: undefined,
      birth: brooks.get('birth'),
      birth2: undefined,
    };
    summary.messagesPosted += await converse(ctx, brooksId, brooksChannel.id, speakers, BROOKS_CONVERSATION);
    await agree(
      lawyer.entityId,
      'Ethan Brooks',
      { groupId: brooksId, channelId: brooksChannel.id, speakers },
      brooksAgreement(today),
    );
  }
  await record('Hartley Family Law', brooksId, 'Ethan Brooks');

  return summary;
}

/** `at`: the portal's address as a person opens it (PUBLIC_URL, else localhost and the port in use). */
export function describeDemo(summary: DemoSummary, at: (path: string) => string): string {
  const lines = [
    '',
    '  Bridge Talk demo data is ready.',
    '',
    `  Sign in at ${at('/login/entity')} (admins: ${at('/login/admin')}):`,
    ...summary.logins.map((l) => `    ${l.role.padEnd(6)}  ${l.email.padEnd(34)}  ${l.password}   ${l.name}`),
    '',
    '  Families:',
    ...summary.families.map(
      (f) =>
        `    ${f.name.padEnd(14)} ${String(f.channels).padStart(2)} channel(s)   ${f.entity}   ${at(`/manage-families/${f.groupId}/details`)}`,
    ),
    '    (and an unnamed family that resumes at step 2 of Add New Family)',
    '',
    ...(summary.agreements.length > 0
      ? [
          `  Contact agreements (dated from the day of the first run: kept, late, missed, overdue, due within the week, excused): ${summary.agreements.join(', ')}.`,
          '',
        ]
      : []),
    ...(summary.coupons.length > 0
      ? [
          "  Coupons (Add New Family, or an entity's coupon in Entity Management):",
          ...summary.coupons.map((c) => `    ${c.code.padEnd(10)} ${c.description}`),
          '',
        ]
      : []),
    summary.chat === 'local'
      ? `  ${summary.messagesPosted.toLocaleString('en-US')} messages added this run. A family member signs in to the member chat API with an e-mailed code, e.g. ${summary.memberEmail} (POST /api/chat/sessions/code).`
      : '  CHAT_PROVIDER=stream: the channels were made at Stream; their messages come from the family app.',
    '',
  ];
  return lines.join('\n');
}
