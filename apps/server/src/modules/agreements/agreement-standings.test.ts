// Where each family stands with its agreement, kept so that the families list can show and filter it
// and the desk can list it: worked out again on a save, a mark, a member's message and by the sweep;
// the reminders to the giving members and the agency's overdue alerts, each sent once; and the test
// clock that lets a journey move past a due date.
import {
  AGREEMENT_MSG,
  type AgreementResponse,
  endpoints,
  type FamilyListQuery,
  formatDate,
  MAIL_TEXTS,
  MSG,
  type SaveAgreementRequest,
} from '@bridge-talk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/api-client.js';
import {
  type ConversationApp,
  createConversationApp,
  familyWithChannel,
  signedInEntity,
} from '../../../test/conversations.js';
import { postPictureAsMember, signedMemberAuthorization } from '../../../test/member-chat.js';
import { eventually, signIn, TEST_ADMIN } from '../../../test/test-app.js';
import { findSentMailTo } from '../mail/mail.repository.js';
import { sendAgreementAlerts, sweepStandings } from './agreement-jobs.js';
import { addDays } from './agreement-windows.js';
import { createAgreementsService } from './agreements.service.js';

type Entity = Awaited<ReturnType<typeof signedInEntity>>;
type Family = Awaited<ReturnType<typeof familyWithChannel>>;

const today = () => new Date().toISOString().slice(0, 10);
const daysFromToday = (n: number) => addDays(today(), n);

/** Photos every `months` months from `from`, from the birth family to the adoptive parents. */
const photos = (from: string, months = 1): SaveAgreementRequest => ({
  effectiveFrom: from,
  timeZone: 'UTC',
  items: [
    {
      kind: 'photos',
      giver: 'birth',
      receiver: 'adoptive',
      frequency: { type: 'everyMonths', months, start: from },
    },
  ],
});

describe('agreement standings, reminders and alerts', () => {
  let c: ConversationApp;
  beforeAll(async () => {
    c = await createConversationApp('local', { TEST_CLOCK: 'true' });
  }, 60_000);
  afterAll(() => c.close());

  const save = async (entity: Entity, f: Family, body: SaveAgreementRequest): Promise<AgreementResponse> => {
    const answer = await call(c.t.app, endpoints.agreements.save, {
      auth: entity.authorization,
      params: { groupId: f.groupId },
      body,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  };
  const list = async (entity: Entity, query: FamilyListQuery = {}) => {
    const answer = await call(c.t.app, endpoints.families.list, { auth: entity.authorization, query });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  };
  const lastDue = (answer: AgreementResponse) => answer.agreement!.items[0]!.windows.at(-1)!.due;

  /** An entity with four families: one overdue, one due within a week, one on track, one without agreement. */
  async function fourFamilies() {
    const entity = await signedInEntity(c.t);
    const overdue = await familyWithChannel(c, entity.entityId, 'Ada Overdue');
    const soon = await familyWithChannel(c, entity.entityId, 'Ada Soon');
    const onTrack = await familyWithChannel(c, entity.entityId, 'Ada Track');
    const none = await familyWithChannel(c, entity.entityId, 'Ada None');
    // Monthly from 35 days back: the first month fell due some 5 days ago with nothing given.
    const overdueAnswer = await save(entity, overdue, photos(daysFromToday(-35)));
    const owedDue = overdueAnswer.agreement!.items[0]!.windows[0]!.due;
    // Monthly from 25 days back: due in 3 to 6 days, within the reminder's 7.
    const soonDue = lastDue(await save(entity, soon, photos(daysFromToday(-25))));
    // Every three months from today.
    const trackDue = lastDue(await save(entity, onTrack, photos(today(), 3)));
    return { entity, overdue, soon, onTrack, none, owedDue, soonDue, trackDue };
  }

  it('the families list shows each family’s standing and filters on it, searched or not, for its own entity only', async () => {
    const { entity, overdue, soon, onTrack, none, owedDue, soonDue, trackDue } = await fourFamilies();
    expect(overdue && owedDue < today()).toBeTruthy();
    const rows = (await list(entity)).result;
    const standingOf = (f: Family) => rows.find((row) => row._id === f.groupId)!.agreement;
    expect(standingOf(overdue)).toEqual({ standing: 'overdue', date: owedDue });
    expect(standingOf(soon)).toEqual({ standing: 'dueSoon', date: soonDue });
    expect(standingOf(onTrack)).toEqual({ standing: 'ok', date: trackDue });
    expect(standingOf(none)).toBeNull();

    const ids = (answer: { result: { _id: string }[] }) => answer.result.map((row) => row._id);
    const overdueOnly = await list(entity, { agreement: 'overdue' });
    expect(ids(overdueOnly)).toEqual([overdue.groupId]);
    expect(overdueOnly.total).toBe(1);
    expect(ids(await list(entity, { agreement: 'dueSoon' }))).toEqual([soon.groupId]);
    const without = await list(entity, { agreement: 'none' });
    expect(ids(without)).toEqual([none.groupId]);
    expect(without.total).toBe(1);
    // With a search: within the standing, and within the families without one.
    expect(ids(await list(entity, { agreement: 'overdue', search: 'ada overdue' }))).toEqual([
      overdue.groupId,
    ]);
    expect((await list(entity, { agreement: 'overdue', search: 'ada soon' })).total).toBe(0);
    expect(ids(await list(entity, { agreement: 'none', search: 'ada' }))).toEqual([none.groupId]);
    // Sorted by status, the filter holds.
    expect(ids(await list(entity, { agreement: 'dueSoon', sort: 'asc' }))).toEqual([soon.groupId]);

    const stranger = await signedInEntity(c.t);
    expect((await list(stranger, { agreement: 'overdue' })).total).toBe(0);
    expect((await list(stranger, { agreement: 'none' })).total).toBe(0);

    // The count of families with an agreement is kept by triggers: a family removed takes its own away.
    const counted = async () =>
      (
        (await c.t.sql(`select agreement_count from entities where id = '${entity.entityId}'`)) as {
          rows: { agreement_count: number }[];
        }
      ).rows[0]!.agreement_count;
    expect(await counted()).toBe(3);
    await c.t.sql(`delete from agreement_states where group_id = '${soon.groupId}'`);
    expect(await counted()).toBe(2);
    expect((await list(entity, { agreement: 'none' })).total).toBe(2);
  });

  it('a filter the list does not know is refused with a message, not ignored', async () => {
    const entity = await signedInEntity(c.t);
    const answer = await c.t.app.inject({
      method: 'GET',
      url: '/api/group/list?agreement=late',
      headers: { authorization: entity.authorization },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      message: AGREEMENT_MSG.filterUnknown,
      fields: { agreement: AGREEMENT_MSG.filterUnknown },
    });
  });

  it('the desk lists the families overdue first with what is owed, counts them, and is the entity’s own', async () => {
    const { entity, overdue, soon, owedDue, soonDue } = await fourFamilies();
    const due = await call(c.t.app, endpoints.agreements.due, { auth: entity.authorization });
    expect(due.statusCode).toBe(200);
    expect(due.json()).toEqual({
      result: [
        {
          groupId: overdue.groupId,
          familyName: 'Ada Overdue',
          standing: 'overdue',
          date: owedDue,
          items: [{ kind: 'photos', giver: 'birth', due: owedDue }],
        },
        {
          groupId: soon.groupId,
          familyName: 'Ada Soon',
          standing: 'dueSoon',
          date: soonDue,
          items: [{ kind: 'photos', giver: 'birth', due: soonDue }],
        },
      ],
      total: 2,
      page: 1,
      pageSize: 20,
    });
    const secondPage = await call(c.t.app, endpoints.agreements.due, {
      auth: entity.authorization,
      query: { page: 2, pageSize: 1 },
    });
    expect(secondPage.json().result.map((row: { groupId: string }) => row.groupId)).toEqual([soon.groupId]);
    expect(
      (await call(c.t.app, endpoints.agreements.dueCount, { auth: entity.authorization })).json(),
    ).toEqual({
      overdue: 1,
      dueSoon: 1,
    });

    const stranger = await signedInEntity(c.t);
    expect(
      (await call(c.t.app, endpoints.agreements.due, { auth: stranger.authorization })).json().total,
    ).toBe(0);
    const admin = await signIn(c.t.app, { ...TEST_ADMIN, role: 'admin' });
    expect((await call(c.t.app, endpoints.agreements.due, { auth: admin.authorization })).statusCode).toBe(
      403,
    );
    expect((await call(c.t.app, endpoints.agreements.dueCount, {})).statusCode).toBe(401);
  });

  it('reminds the giving members once before a due date, whatever refreshes, sweeps and processes follow', async () => {
    const entity = await signedInEntity(c.t);
    const f = await familyWithChannel(c, entity.entityId, 'Ada Reminded');
    const due = lastDue(await save(entity, f, photos(daysFromToday(-25))));
    const birthEmail = await emailOf(f.birth.memberId);
    const parentEmail = await emailOf(f.parent.memberId);
    const [reminder] = await eventually(async () => {
      const sent = await findSentMailTo(c.t.db(), birthEmail);
      return sent.length > 0 ? sent : null;
    });
    expect(reminder!.subject).toBe(MAIL_TEXTS.agreementReminder.subject('Photos', formatDate(due)));
    expect(reminder!.text).toContain(MAIL_TEXTS.agreementReminder.greeting('Bea'));
    expect(reminder!.text).toContain(
      MAIL_TEXTS.agreementReminder.body('photos', formatDate(due), 'Ada Reminded'),
    );
    // Where to share it: the families' app, signed in with this address.
    expect(reminder!.text).toContain(`/family/sign-in?email=${encodeURIComponent(birthEmail)}`);

    // Again and again, and at once from two services (two processes): no second reminder.
    const service = createAgreementsService(c.t.app.ctx);
    const other = createAgreementsService(c.t.app.ctx);
    await Promise.all([service.refresh(f.groupId), other.refresh(f.groupId), service.refresh(f.groupId)]);
    await c.t.sql(`update agreement_states set check_at = '-infinity' where group_id = '${f.groupId}'`);
    await sweepStandings(c.t.app.ctx);
    await drainMail();
    expect(await findSentMailTo(c.t.db(), birthEmail)).toHaveLength(1);
    // The photos are the birth family's to give: the adoptive parents hear nothing.
    expect(await findSentMailTo(c.t.db(), parentEmail)).toEqual([]);
  });

  it('alerts the agency once when an item becomes overdue, at once or in the daily digest as it chose', async () => {
    const entity = await signedInEntity(c.t);
    const f = await familyWithChannel(c, entity.entityId, 'Ada Alerted');
    const owed = (await save(entity, f, photos(daysFromToday(-35)))).agreement!.items[0]!.windows[0]!.due;
    const [alert] = await eventually(async () => {
      const sent = await findSentMailTo(c.t.db(), entity.email);
      return sent.length > 0 ? sent : null;
    });
    expect(alert!.subject).toBe(MAIL_TEXTS.agreementAlerts.subjectOne('Ada Alerted'));
    expect(alert!.text).toContain(MAIL_TEXTS.agreementAlerts.line('Ada Alerted', 'Photos', formatDate(owed)));
    expect(alert!.text).toContain(`/manage-families/${f.groupId}/agreement`);
    await createAgreementsService(c.t.app.ctx).refresh(f.groupId);
    await sendAgreementAlerts(c.t.app.ctx, 'immediate');
    await drainMail();
    expect(await findSentMailTo(c.t.db(), entity.email)).toHaveLength(1);

    // An entity that chose the digest hears of it in the daily run only.
    const daily = await signedInEntity(c.t);
    const set = await call(c.t.app, endpoints.reports.setAlerts, {
      auth: daily.authorization,
      body: { mode: 'daily' },
    });
    expect(set.statusCode).toBe(200);
    const g = await familyWithChannel(c, daily.entityId, 'Ada Digest');
    await save(daily, g, photos(daysFromToday(-35)));
    expect(await sendAgreementAlerts(c.t.app.ctx, 'immediate')).toBe(0);
    expect(await sendAgreementAlerts(c.t.app.ctx, 'daily')).toBe(1);
    const [digest] = await eventually(async () => {
      const sent = await findSentMailTo(c.t.db(), daily.email);
      return sent.length > 0 ? sent : null;
    });
    expect(digest!.subject).toBe(MAIL_TEXTS.agreementAlerts.subjectDigest(1));
  });

  it('a member’s picture through the member API turns an overdue family on track, by the job after the post', async () => {
    const entity = await signedInEntity(c.t);
    const f = await familyWithChannel(c, entity.entityId, 'Ada Posted');
    // Monthly from 40 days back: the first window is overdue; today's picture is late for it (in its grace).
    await save(entity, f, photos(daysFromToday(-40)));
    expect((await list(entity, { agreement: 'overdue' })).total).toBe(1);
    await postPictureAsMember(
      c.t.app,
      await signedMemberAuthorization(c.t.app, f.birth.memberId),
      f.channelId,
    );
    const row = await eventually(async () => {
      const found = (await list(entity)).result.find((r) => r._id === f.groupId)!;
      return found.agreement?.standing === 'overdue' ? null : found;
    });
    expect(row.agreement?.standing).not.toBe('overdue');
    expect((await list(entity, { agreement: 'overdue' })).total).toBe(0);
  });

  it('excusing the owed window takes the family off the overdue list', async () => {
    const entity = await signedInEntity(c.t);
    const f = await familyWithChannel(c, entity.entityId, 'Ada Excused');
    const owed = (await save(entity, f, photos(daysFromToday(-35)))).agreement!.items[0]!;
    const marked = await call(c.t.app, endpoints.agreements.mark, {
      auth: entity.authorization,
      params: { groupId: f.groupId },
      body: { itemId: owed.id, due: owed.windows[0]!.due, type: 'excused', note: 'Moved house.' },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const row = (await list(entity)).result.find((r) => r._id === f.groupId)!;
    expect(row.agreement?.standing).toBe('ok');
    expect(
      (await call(c.t.app, endpoints.agreements.dueCount, { auth: entity.authorization })).json(),
    ).toEqual({
      overdue: 0,
      dueSoon: 0,
    });
  });

  it('the test clock moves the agreements past a due date: the sweep finds the family overdue and alerts', async () => {
    const entity = await signedInEntity(c.t);
    const f = await familyWithChannel(c, entity.entityId, 'Ada Later');
    const due = lastDue(await save(entity, f, photos(today(), 3)));
    expect((await list(entity, { agreement: 'overdue' })).total).toBe(0);
    const later = `${addDays(due, 2)}T12:00:00.000Z`;
    try {
      const moved = await call(c.t.app, endpoints.agreements.testClock, { body: { now: later } });
      expect(moved.statusCode).toBe(200);
      expect(Date.parse(moved.json().now) - Date.parse(later)).toBeLessThan(60_000);
      await eventually(async () =>
        (await list(entity, { agreement: 'overdue' })).total === 1 ? true : null,
      );
      const [alert] = await eventually(async () => {
        const sent = await findSentMailTo(c.t.db(), entity.email);
        return sent.length > 0 ? sent : null;
      });
      expect(alert!.subject).toBe(MAIL_TEXTS.agreementAlerts.subjectOne('Ada Later'));
      const page = await call(c.t.app, endpoints.agreements.get, {
        auth: entity.authorization,
        params: { groupId: f.groupId },
      });
      expect(page.json().agreement?.today).toBe(addDays(due, 2));
    } finally {
      await call(c.t.app, endpoints.agreements.testClock, { body: { now: null } });
    }
    expect(c.t.app.ctx.clock.now().getTime() - Date.now()).toBeLessThan(1000);
  });

  async function emailOf(memberId: string): Promise<string> {
    const rows = (await c.t.sql(`select email from family_members where id = '${memberId}'`)) as {
      rows: { email: string }[];
    };
    return rows.rows[0]!.email;
  }

  /** Waits until no mail job is waiting or running: what was queued has been sent. */
  async function drainMail(): Promise<void> {
    await eventually(async () => {
      const depths = await c.t.app.ctx.queue.depths();
      return depths.find((d) => d.name === 'mail.send')!.queued === 0 ? true : null;
    });
  }
});

describe('the test clock, on a server without TEST_CLOCK', () => {
  it('is not there', async () => {
    const c = await createConversationApp('local');
    try {
      const answer = await call(c.t.app, endpoints.agreements.testClock, {
        body: { now: new Date().toISOString() },
      });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ message: MSG.extra.notFound });
      expect(Math.abs(c.t.app.ctx.clock.now().getTime() - Date.now())).toBeLessThan(1000);
    } finally {
      await c.close();
    }
  });
});
