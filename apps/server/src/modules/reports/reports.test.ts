// The caseworker's desk on both databases and both chat providers: a member's report reaches the
// entity's queue (once), the alert e-mail names the family and the channel but never the message, a
// review needs a note and takes the '!' away while the history keeps the report, and a report of
// another entity is not found.
import { createHmac } from 'node:crypto';
import { endpoints, MAIL_TEXTS, MSG } from '@bridge-talk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callLoose, withKey } from '../../../test/api-client.js';
import {
  type ConversationApp,
  createConversationApp,
  familyWithChannel,
  signedInEntity,
} from '../../../test/conversations.js';
import { signedMemberAuthorization } from '../../../test/member-chat.js';
import { eventually } from '../../../test/test-app.js';
import { findSentMailTo } from '../mail/mail.repository.js';
import { sendReportAlerts } from './report-alerts.js';
import { syncStreamReports } from './stream-reports.js';

type Entity = Awaited<ReturnType<typeof signedInEntity>>;

describe('reported messages, local provider', () => {
  let c: ConversationApp;
  let entity: Entity;
  let other: Entity;
  beforeAll(async () => {
    c = await createConversationApp('local');
    entity = await signedInEntity(c.t);
    other = await signedInEntity(c.t);
  }, 60_000);
  afterAll(() => c.close());

  async function report(messageId: string, memberId: string, reason?: string) {
    const answer = await call(c.t.app, endpoints.chat.flags, {
      params: { messageId },
      auth: await signedMemberAuthorization(c.t.app, memberId),
      body: reason ? { reason } : {},
    });
    expect(answer.statusCode).toBe(200);
  }

  it('takes a report into the queue once, alerts the sign-in e-mail without the message, and shows the ‘!’', async () => {
    const f = await familyWithChannel(c, entity.entityId, 'Robin Queue');
    const messageId = await c.post({
      channelId: f.channelId,
      userId: f.birth.memberId,
      html: '<p>I will come &amp; <b>take</b> Robin</p><p>second line</p>',
    });
    await report(messageId, f.parent.memberId, 'threat');
    await report(messageId, f.parent.memberId, 'threat');

    const list = await call(c.t.app, endpoints.reports.list, { auth: entity.authorization });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, page: 1, pageSize: 25 });
    const [row] = list.json().reports;
    expect(row).toMatchObject({
      groupId: f.groupId,
      familyName: 'Robin Queue',
      channelId: f.channelId,
      channelNumber: 1,
      messageId,
      reportedBy: 'Pat Parent',
      author: 'Bea Birth',
      reason: 'threat',
      excerpt: 'I will come & take Robin',
      state: 'open',
      reviewedAt: null,
      reviewedBy: null,
      reviewNote: null,
    });
    expect((await call(c.t.app, endpoints.reports.count, { auth: entity.authorization })).json()).toEqual({
      open: 1,
    });

    const families = await call(c.t.app, endpoints.families.list, { auth: entity.authorization });
    expect(families.json().result.find((g) => g._id === f.groupId)!.reports).toBe(true);
    // A search answers the same '!' (its page is another statement).
    const searched = await call(c.t.app, endpoints.families.list, {
      query: { search: 'robin queue' },
      auth: entity.authorization,
    });
    expect(searched.json().result).toEqual([expect.objectContaining({ _id: f.groupId, reports: true })]);
    const channels = await call(c.t.app, endpoints.conversations.list, {
      params: { groupId: f.groupId },
      auth: entity.authorization,
    });
    expect(withKey(channels.json(), 'channels').channels[0]!.hasReports).toBe(true);

    // The alert: within the job's run, to the sign-in e-mail, naming the family, the channel and the link.
    const [mail] = await eventually(async () => {
      const sent = await findSentMailTo(c.t.db(), entity.email);
      return sent.length > 0 ? sent : null;
    });
    expect(mail!.subject).toBe(MAIL_TEXTS.reportAlerts.subjectOne('Robin Queue'));
    expect(mail!.text).toContain('Robin Queue, Channel 1');
    expect(mail!.text).toContain(`/manage-families/${f.groupId}/channel/${f.channelId}?message=${messageId}`);
    expect(mail!.text).not.toContain('take');
    expect(mail!.text).not.toContain('threat');
    // Nobody else hears of it.
    expect(await findSentMailTo(c.t.db(), other.email)).toEqual([]);
    expect((await call(c.t.app, endpoints.reports.list, { auth: other.authorization })).json().total).toBe(0);
  });

  it('needs a note to review; a reviewed report leaves the open list and the ‘!’, and stays in the history', async () => {
    const f = await familyWithChannel(c, entity.entityId, 'Robin Review');
    const messageId = await c.post({ channelId: f.channelId, userId: f.birth.memberId, html: 'Come alone' });
    await report(messageId, f.parent.memberId);
    const open = (
      await call(c.t.app, endpoints.reports.list, {
        query: { state: 'open', groupId: f.groupId },
        auth: entity.authorization,
      })
    ).json().reports;
    expect(open).toHaveLength(1);
    const id = open[0]!.id;
    const review = (body: unknown, auth = entity.authorization) =>
      callLoose(c.t.app, endpoints.reports.review, { params: { id }, body, auth });

    for (const note of [undefined, '', '   ']) {
      const refused = await review(note === undefined ? {} : { note });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(MSG.reports.reviewNoteRequired);
    }
    const long = await review({ note: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Note must be at most 2000 characters');
    expect(
      (
        await call(c.t.app, endpoints.reports.list, {
          query: { state: 'open', groupId: f.groupId },
          auth: entity.authorization,
        })
      ).json().total,
    ).toBe(1);
    // Another entity cannot review it, nor learn that it exists.
    const foreign = await review({ note: 'mine now' }, other.authorization);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(MSG.reports.reportNotFound);

    const reviewed = await review({ note: 'Called the birth mother; safety plan agreed.' });
    expect(reviewed.statusCode).toBe(200);
    expect(reviewed.json().message).toBe(MSG.reports.reviewed);
    expect(reviewed.json().report).toMatchObject({
      state: 'reviewed',
      reviewNote: 'Called the birth mother; safety plan agreed.',
      reviewedBy: expect.stringContaining('Erin Agent'),
      reviewedAt: expect.any(String),
    });
    const again = await review({ note: 'twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.reports.alreadyReviewed);

    expect(
      (
        await call(c.t.app, endpoints.reports.list, {
          query: { state: 'open', groupId: f.groupId },
          auth: entity.authorization,
        })
      ).json().total,
    ).toBe(0);
    expect(
      (
        await call(c.t.app, endpoints.reports.list, {
          query: { state: 'reviewed', groupId: f.groupId },
          auth: entity.authorization,
        })
      ).json().total,
    ).toBe(1);
    const families = await call(c.t.app, endpoints.families.list, { auth: entity.authorization });
    expect(families.json().result.find((g) => g._id === f.groupId)!.reports).toBe(false);
    const searched = await call(c.t.app, endpoints.families.list, {
      query: { search: 'robin' },
      auth: entity.authorization,
    });
    expect(searched.json().result.find((g) => g._id === f.groupId)!.reports).toBe(false);
    const channels = await call(c.t.app, endpoints.conversations.list, {
      params: { groupId: f.groupId },
      auth: entity.authorization,
    });
    expect(withKey(channels.json(), 'channels').channels[0]!.hasReports).toBe(false);
    // The history still shows who reported the message.
    const page = await call(c.t.app, endpoints.conversations.list, {
      params: { groupId: f.groupId },
      query: { channelId: f.channelId },
      auth: entity.authorization,
    });
    expect(withKey(page.json(), 'messages').messages[0]!.flaggedMessages.flags).toEqual([
      { message: { id: messageId }, user: { name: 'Pat Parent' } },
    ]);

    const reopen = (body: unknown, auth = entity.authorization) =>
      callLoose(c.t.app, endpoints.reports.reopen, { params: { id }, body, auth });
    const why = { reason: 'The birth mother wrote again.' };
    expect((await reopen(why, other.authorization)).statusCode).toBe(404);
    const noReason = await reopen({ reason: '   ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(MSG.reports.reopenReasonRequired);
    expect((await reopen({})).json().message).toBe(MSG.reports.reopenReasonRequired);
    const reopened = await reopen(why);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().report).toMatchObject({ state: 'open', reviewNote: null, reviewedBy: null });
    expect((await reopen(why)).json().message).toBe(MSG.reports.alreadyOpen);

    // Both are in the family's record, with the note.
    const events = await c.t.sql(
      `select action, subject, details->>'note' as note, details->>'reason' as reason from audit_events
        where group_id = '${f.groupId}' and action like 'report.%' order by created_at`,
    );
    const rows = (Array.isArray(events) ? events : (events as { rows: unknown[] }).rows) as unknown[];
    expect(rows).toEqual([
      {
        action: 'report.reviewed',
        subject: 'Pat Parent',
        note: 'Called the birth mother; safety plan agreed.',
        reason: null,
      },
      {
        action: 'report.reopened',
        subject: 'Pat Parent',
        note: 'Called the birth mother; safety plan agreed.',
        reason: 'The birth mother wrote again.',
      },
    ]);
  });

  it('answers a bad id, state or page with the catalogue’s message and nothing changes', async () => {
    const badId = await call(c.t.app, endpoints.reports.review, {
      params: { id: 'not-a-uuid' },
      auth: entity.authorization,
      body: { note: 'x' },
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBe(MSG.reports.reportNotFound);
    const unknown = await call(c.t.app, endpoints.reports.review, {
      params: { id: '00000000-0000-4000-8000-000000000000' },
      auth: entity.authorization,
      body: {
        note: 'x',
      },
    });
    expect(unknown.statusCode).toBe(404);
    expect(
      (
        await callLoose(c.t.app, endpoints.reports.list, {
          query: { state: 'closed' },
          auth: entity.authorization,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await call(c.t.app, endpoints.reports.list, { query: { page: '0' }, auth: entity.authorization }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await call(c.t.app, endpoints.reports.list, { query: { groupId: 'x' }, auth: entity.authorization })
      ).error().message,
    ).toBe(MSG.reports.reportNotFound);
  });

  it('pages the queue in SQL, open reports first and newest first', async () => {
    const fresh = await signedInEntity(c.t);
    const f = await familyWithChannel(c, fresh.entityId, 'Robin Pages');
    const ids: string[] = [];
    for (let i = 0; i < 27; i++)
      ids.push(await c.post({ channelId: f.channelId, userId: f.birth.memberId, html: `message ${i}` }));
    for (const id of ids) await report(id, f.parent.memberId);
    const firstId = (
      await call(c.t.app, endpoints.reports.list, { query: { state: 'open' }, auth: fresh.authorization })
    )
      .json()
      .reports.at(-1)!.id;
    await call(c.t.app, endpoints.reports.review, {
      params: { id: firstId },
      body: { note: 'done' },
      auth: fresh.authorization,
    });
    const page1 = (await call(c.t.app, endpoints.reports.list, { auth: fresh.authorization })).json();
    const page2 = (
      await call(c.t.app, endpoints.reports.list, { query: { page: '2' }, auth: fresh.authorization })
    ).json();
    expect(page1.total).toBe(27);
    expect(page1.reports).toHaveLength(25);
    expect(page1.reports[0]!.excerpt).toBe('message 26');
    expect(page2.reports.map((r: { state: string }) => r.state)).toEqual(['open', 'reviewed']);
    expect(
      (
        await call(c.t.app, endpoints.reports.list, { query: { page: '9' }, auth: fresh.authorization })
      ).json(),
    ).toMatchObject({
      total: 27,
      reports: [],
    });
  });

  it('sends a daily digest instead, when the entity chose it', async () => {
    const fresh = await signedInEntity(c.t);
    expect((await call(c.t.app, endpoints.reports.alerts, { auth: fresh.authorization })).json()).toEqual({
      mode: 'immediate',
    });
    const saved = await call(c.t.app, endpoints.reports.setAlerts, {
      auth: fresh.authorization,
      body: { mode: 'daily' },
    });
    expect(saved.json()).toEqual({ message: MSG.alerts.saved });
    expect((await call(c.t.app, endpoints.reports.alerts, { auth: fresh.authorization })).json()).toEqual({
      mode: 'daily',
    });
    const bad = await callLoose(c.t.app, endpoints.reports.setAlerts, {
      auth: fresh.authorization,
      body: { mode: 'hourly' },
    });
    expect(bad.statusCode).toBe(400);

    const f = await familyWithChannel(c, fresh.entityId, 'Robin Digest');
    for (const text of ['one', 'two']) {
      const id = await c.post({ channelId: f.channelId, userId: f.birth.memberId, html: text });
      await report(id, f.parent.memberId);
    }
    // The immediate run leaves a daily entity's reports to the digest.
    await sendReportAlerts(c.t.app.ctx, 'immediate');
    expect(await findSentMailTo(c.t.db(), fresh.email)).toEqual([]);
    expect(await sendReportAlerts(c.t.app.ctx, 'daily')).toBe(1);
    const [digest] = await eventually(async () => {
      const sent = await findSentMailTo(c.t.db(), fresh.email);
      return sent.length > 0 ? sent : null;
    });
    expect(digest!.subject).toBe(MAIL_TEXTS.reportAlerts.subjectDigest(2));
    // Each report is announced once.
    expect(await sendReportAlerts(c.t.app.ctx, 'daily')).toBe(0);
  });
});

describe('reported messages, Stream', () => {
  let c: ConversationApp;
  let entity: Entity;
  beforeAll(async () => {
    c = await createConversationApp('stream');
    entity = await signedInEntity(c.t);
  }, 60_000);
  afterAll(() => c.close());

  function webhook(body: object, secret = c.t.app.ctx.config.chat.stream.apiSecret!) {
    const raw = JSON.stringify(body);
    return callLoose(c.t.app, endpoints.reports.streamWebhook, {
      headers: {
        'content-type': 'application/json',
        'x-signature': createHmac('sha256', secret).update(raw).digest('hex'),
      },
      body: raw,
    });
  }

  it('takes a report from Stream’s signed webhook once, and refuses an unsigned one', async () => {
    const f = await familyWithChannel(c, entity.entityId, 'Robin Stream');
    const messageId = await c.post({
      channelId: f.channelId,
      userId: f.birth.memberId,
      html: '<p>Meet me</p>',
    });
    await c.flagAtProvider({ messageId, userId: f.parent.memberId, reason: 'unsafe' });
    const event = { type: 'message.flagged', channel_id: f.channelId, message: { id: messageId } };

    const forged = await webhook(event, 'not-the-secret');
    expect(forged.statusCode).toBe(401);
    expect((await call(c.t.app, endpoints.reports.count, { auth: entity.authorization })).json()).toEqual({
      open: 0,
    });

    expect((await webhook(event)).statusCode).toBe(200);
    expect((await webhook(event)).statusCode).toBe(200);
    const list = await call(c.t.app, endpoints.reports.list, { auth: entity.authorization });
    expect(list.json().total).toBe(1);
    expect(list.json().reports[0]).toMatchObject({
      familyName: 'Robin Stream',
      channelId: f.channelId,
      channelNumber: 1,
      messageId,
      reportedBy: 'Pat Parent',
      reason: 'unsafe',
      excerpt: 'Meet me',
    });
    // Other events are acknowledged and change nothing.
    expect((await webhook({ type: 'message.new', channel_id: f.channelId })).statusCode).toBe(200);
  });

  it('brings in a report the webhook missed with the periodic sync', async () => {
    const f = await familyWithChannel(c, entity.entityId, 'Robin Sync');
    const messageId = await c.post({ channelId: f.channelId, userId: f.birth.memberId, html: 'Missed' });
    await c.flagAtProvider({ messageId, userId: f.parent.memberId });
    // Each run goes on from the family where the last one stopped, and starts again after the last.
    const families = Number(
      ((await c.t.sql('select count(*)::int as n from groups')) as { rows: { n: number }[] }).rows[0]!.n,
    );
    let added = 0;
    for (let run = 0; run <= families; run++) added += await syncStreamReports(c.t.app.ctx, 1);
    expect(added).toBe(1);
    expect(await syncStreamReports(c.t.app.ctx)).toBe(0);
    const channels = await call(c.t.app, endpoints.conversations.list, {
      params: { groupId: f.groupId },
      auth: entity.authorization,
    });
    expect(withKey(channels.json(), 'channels').channels[0]!.hasReports).toBe(true);
  });
});
