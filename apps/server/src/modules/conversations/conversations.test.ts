// The conversation calls of an entity — channel list, message pages, channel status — on both chat
// providers, with the audit log of openings and tenant isolation for every route.
import { endpoints, MSG } from '@bridge-talk/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callLoose, withKey } from '../../../test/api-client.js';
import {
  type ChatKind,
  type ConversationApp,
  createConversationApp,
  familyWithChannel,
  signedInEntity,
} from '../../../test/conversations.js';
import { createFamily } from '../../../test/factories.js';
import { signIn, TEST_ADMIN } from '../../../test/test-app.js';
import { listAuditEvents, recordAuditEvent } from './channels.repository.js';
import { latestOpenings, VIEW_REFRESH_AUDIT_MS } from './channels.service.js';

/** The channel list of a family, or with `?channelId=…` a page of a channel: the query as written. */
const list = (groupId: string, query = '') => ({ params: { groupId }, query: query.replace(/^\?/, '') });
const manager = (groupId: string, channelId: string) => ({ groupId, channelId });

describe.each<ChatKind>(['local', 'stream'])('conversations (%s chat provider)', (kind) => {
  let c: ConversationApp;
  let owner: Awaited<ReturnType<typeof signedInEntity>>;
  let other: Awaited<ReturnType<typeof signedInEntity>>;
  let admin: string;
  beforeAll(async () => {
    c = await createConversationApp(kind);
    owner = await signedInEntity(c.t);
    other = await signedInEntity(c.t);
    admin = (await signIn(c.t.app, { ...TEST_ADMIN, role: 'admin' })).authorization;
  });
  afterAll(() => c.close());

  const get = (request: ReturnType<typeof list>, authorization: string | null = owner.authorization) =>
    callLoose(c.t.app, endpoints.conversations.list, { ...request, auth: authorization });

  it("lists a family's channels with members, status and reports, and the family's name as shown (whole)", async () => {
    const f = await familyWithChannel(c, owner.entityId, 'Robin Smith');
    const response = await get(list(f.groupId));
    expect(response.statusCode).toBe(200);
    const body = withKey(response.json(), 'channels');
    expect(body.groupName).toBe('Robin Smith');
    expect(body.channels).toHaveLength(1);
    const [channel] = body.channels;
    expect(channel).toMatchObject({ id: f.channelId, number: 1, disabled: false, hasReports: false });
    expect(new Date(channel!.created).toISOString()).toBe(channel!.created);
    expect(channel!.members).toEqual(
      expect.arrayContaining([
        { user_id: f.parent.memberId, name: 'Pat Parent', role: 'adoptive_parent', permission: 'write' },
        { user_id: f.birth.memberId, name: 'Bea Birth', role: 'birth_family', permission: 'write' },
        { user_id: f.child.memberId, name: 'Robin Smith', role: 'child', permission: 'read' },
      ]),
    );

    const id = await c.post({ channelId: f.channelId, userId: f.birth.memberId, html: '<p>Hello</p>' });
    await c.flag({ messageId: id, userId: f.parent.memberId });
    expect(withKey((await get(list(f.groupId))).json(), 'channels').channels[0]!.hasReports).toBe(true);
  });

  it('answers an unnamed family with a null name and no channels', async () => {
    const { groupId } = await createFamily(c.t.db(), { entityId: owner.entityId, name: null });
    const response = await get(list(groupId));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ groupName: null, channels: [] });
  });

  it('pages through messages newest first, with sender, attachments (never a foreign address), html and reports', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    const start = Date.parse('2026-03-07T15:00:00Z');
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      ids.push(
        await c.post({
          channelId: f.channelId,
          userId: i % 2 ? f.parent.memberId : f.birth.memberId,
          html: `<p>message ${i}</p>`,
          createdAt: new Date(start + i * 60_000),
          attachments:
            i === 6
              ? [
                  { type: 'image', url: 'https://cdn.example.org/lake.jpg', title: 'Lake' },
                  { type: 'video', url: 'https://cdn.example.org/first-steps.mp4', title: null },
                ]
              : [],
        }),
      );
    }
    await c.flag({ messageId: ids[5]!, userId: f.birth.memberId, reason: 'unkind' });

    const first = await get(list(f.groupId, `?channelId=${f.channelId}&limit=3`));
    expect(first.statusCode).toBe(200);
    const page = withKey(first.json(), 'messages');
    expect(page.messages.map((m: { html: string }) => m.html)).toEqual([
      '<p>message 6</p>',
      '<p>message 5</p>',
      '<p>message 4</p>',
    ]);
    expect(page.messages[0]).toEqual({
      id: ids[6],
      user: { id: f.birth.memberId, name: 'Bea Birth' },
      // Addresses on a host the portal does not read for the viewer are never handed to the browser:
      // the attachments are shown as unavailable, with their titles.
      attachments: [
        { type: 'image', title: 'Lake' },
        { type: 'video', title: null },
      ],
      html: '<p>message 6</p>',
      created_at: '2026-03-07T15:06:00.000Z',
      flaggedMessages: { flags: [] },
    });
    expect(page.messages[1]!.flaggedMessages).toEqual({
      flags: [{ message: { id: ids[5] }, user: { name: 'Bea Birth' } }],
    });
    expect(page.nextCursor).toEqual(expect.any(String));

    const seen = [...page.messages.map((m: { id: string }) => m.id)];
    let cursor = page.nextCursor;
    while (cursor) {
      const answer = await get(
        list(f.groupId, `?channelId=${f.channelId}&limit=3&before=${encodeURIComponent(cursor)}`),
      );
      const next = withKey(answer.json(), 'messages');
      seen.push(...next.messages.map((m: { id: string }) => m.id));
      cursor = next.nextCursor;
    }
    expect(seen).toEqual([...ids].reverse());
  });

  it("answers the provider's message html through the allow-list: no style, class, media or script; links open apart", async () => {
    const f = await familyWithChannel(c, owner.entityId);
    await c.post({
      channelId: f.channelId,
      userId: f.birth.memberId,
      html: '<div style="position:fixed;inset:0;z-index:9999" class="cover">Fake <b>screen</b></div><img src="x" onerror="steal()"><script>steal()</script><a href="https://example.org">site</a>',
    });
    const page = withKey((await get(list(f.groupId, `?channelId=${f.channelId}`))).json(), 'messages');
    expect(page.messages.map((m: { html: string }) => m.html)).toEqual([
      '<div>Fake <b>screen</b></div><a href="https://example.org" target="_blank" rel="noopener noreferrer">site</a>',
    ]);
  });

  it('writes an opening of a conversation to the audit log: not its further pages, nor its refreshes', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    for (let i = 0; i < 3; i++)
      await c.post({ channelId: f.channelId, userId: f.parent.memberId, html: `m${i}` });
    const opened = withKey(
      (await get(list(f.groupId, `?channelId=${f.channelId}&limit=2`))).json(),
      'messages',
    );
    await get(
      list(f.groupId, `?channelId=${f.channelId}&limit=2&before=${encodeURIComponent(opened.nextCursor!)}`),
    );
    await get(list(f.groupId, `?channelId=${f.channelId}&limit=2&refresh=true`));
    await get(list(f.groupId)); // the channel list is not a conversation
    let events = await listAuditEvents(c.t.db(), owner.entityId, f.groupId);
    expect(events).toEqual([
      {
        actorUserId: owner.userId,
        action: 'conversation.viewed',
        channelId: f.channelId,
        createdAt: expect.any(Date),
      },
    ]);

    await get(list(f.groupId, `?channelId=${f.channelId}&limit=2`));
    events = await listAuditEvents(c.t.db(), owner.entityId, f.groupId);
    expect(events.map((e) => e.action)).toEqual(['conversation.viewed', 'conversation.viewed']);
  });

  it('a refresh with no opening in the last minutes is still recorded (the log cannot be skipped)', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    await get(list(f.groupId, `?channelId=${f.channelId}&refresh=true`));
    expect(await listAuditEvents(c.t.db(), owner.entityId, f.groupId)).toHaveLength(1);
  });

  it('skips the refreshes while an opening is recent — one this process wrote or another did — and records one after', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    const refresh = list(f.groupId, `?channelId=${f.channelId}&refresh=true`);
    const events = () => listAuditEvents(c.t.db(), owner.entityId, f.groupId);
    // Written by another process: this one knows nothing of it and asks the database.
    await recordAuditEvent(c.t.db(), {
      actorUserId: owner.userId,
      action: 'conversation.viewed',
      entityId: owner.entityId,
      groupId: f.groupId,
      channelId: f.channelId,
    });
    expect((await get(refresh)).statusCode).toBe(200);
    expect((await get(refresh)).statusCode).toBe(200);
    expect(await events()).toHaveLength(1);
    // Once the minutes are over, neither this process's memory nor the database has a recent one.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + VIEW_REFRESH_AUDIT_MS + 1000 });
    try {
      expect((await get(refresh)).statusCode).toBe(200);
      expect(await events()).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("disables and enables a channel with 'Updated the status of the current!'", async () => {
    const f = await familyWithChannel(c, owner.entityId);
    const off = await callLoose(c.t.app, endpoints.conversations.manager, {
      params: manager(f.groupId, f.channelId),
      auth: owner.authorization,
      body: { active: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ message: MSG.families.channelStatusUpdated });
    expect(withKey((await get(list(f.groupId))).json(), 'channels').channels[0]!.disabled).toBe(true);

    const on = await callLoose(c.t.app, endpoints.conversations.manager, {
      params: manager(f.groupId, f.channelId),
      auth: owner.authorization,
      body: { active: true },
    });
    expect(on.statusCode).toBe(200);
    expect(withKey((await get(list(f.groupId))).json(), 'channels').channels[0]!.disabled).toBe(false);

    const invalid = await callLoose(c.t.app, endpoints.conversations.manager, {
      params: manager(f.groupId, f.channelId),
      auth: owner.authorization,
      body: { active: 'no' },
    });
    expect(invalid.statusCode).toBe(400);
  });

  describe('tenant isolation', () => {
    it('another entity gets 404 for every channel call on a family that is not theirs, and changes nothing', async () => {
      const f = await familyWithChannel(c, owner.entityId);
      await c.post({ channelId: f.channelId, userId: f.parent.memberId, html: 'private' });

      const channels = await get(list(f.groupId), other.authorization);
      expect(channels.statusCode).toBe(404);
      expect(channels.json()).toEqual({ message: MSG.extra.notFound });

      const messages = await get(list(f.groupId, `?channelId=${f.channelId}`), other.authorization);
      expect(messages.statusCode).toBe(404);
      expect(messages.body).not.toContain('private');

      const toggle = await callLoose(c.t.app, endpoints.conversations.manager, {
        params: manager(f.groupId, f.channelId),
        auth: other.authorization,
        body: { active: false },
      });
      expect(toggle.statusCode).toBe(404);
      expect(withKey((await get(list(f.groupId))).json(), 'channels').channels[0]!.disabled).toBe(false);
      expect(await listAuditEvents(c.t.db(), other.entityId, f.groupId)).toEqual([]);
    });

    it("an entity's own family cannot reach a channel of another family (its own or not)", async () => {
      const mine = await familyWithChannel(c, owner.entityId);
      const alsoMine = await familyWithChannel(c, owner.entityId);
      const theirs = await familyWithChannel(c, other.entityId);
      for (const channelId of [alsoMine.channelId, theirs.channelId]) {
        expect((await get(list(mine.groupId, `?channelId=${channelId}`))).statusCode).toBe(404);
        const toggle = await callLoose(c.t.app, endpoints.conversations.manager, {
          params: manager(mine.groupId, channelId),
          auth: owner.authorization,
          body: { active: false },
        });
        expect(toggle.statusCode).toBe(404);
      }
    });

    it('unknown and malformed ids are 404 (or 400 for a malformed channel id), never a 500', async () => {
      const unknown = '00000000-0000-4000-8000-000000000000';
      expect((await get(list(unknown))).statusCode).toBe(404);
      expect((await get(list('not-a-uuid'))).statusCode).toBe(404);
      const f = await familyWithChannel(c, owner.entityId);
      expect((await get(list(f.groupId, `?channelId=${unknown}`))).statusCode).toBe(404);
      expect((await get(list(f.groupId, '?channelId=bad%20id'))).statusCode).toBe(400);
      expect((await get(list(f.groupId, `?channelId=${f.channelId}&before=garbage`))).statusCode).toBe(200);
    });

    it('refuses anonymous callers (401) and admins (403)', async () => {
      const f = await familyWithChannel(c, owner.entityId);
      for (const url of [list(f.groupId), list(f.groupId, `?channelId=${f.channelId}`)]) {
        expect((await get(url, null)).statusCode).toBe(401);
        expect((await get(url, admin)).statusCode).toBe(403);
      }
      const anonymous = await callLoose(c.t.app, endpoints.conversations.manager, {
        params: manager(f.groupId, f.channelId),
        body: { active: false },
      });
      expect(anonymous.statusCode).toBe(401);
      const asAdmin = await callLoose(c.t.app, endpoints.conversations.manager, {
        params: manager(f.groupId, f.channelId),
        auth: admin,
        body: { active: false },
      });
      expect(asAdmin.statusCode).toBe(403);
    });
  });
});

describe('the latest openings a process keeps', () => {
  it('keeps the latest time of each key, and drops the least recently remembered beyond its limit', () => {
    const openings = latestOpenings(2);
    openings.remember('a', new Date(2000));
    openings.remember('a', new Date(1000));
    expect(openings.get('a')).toEqual(new Date(2000));
    openings.remember('b', new Date(3000));
    openings.remember('a', new Date(4000));
    openings.remember('c', new Date(5000));
    expect(openings.get('b')).toBeUndefined();
    expect(openings.get('a')).toEqual(new Date(4000));
    expect(openings.get('c')).toEqual(new Date(5000));
  });
});
