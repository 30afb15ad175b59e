import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntityUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { groups } from '../../db/schema.js';
import { createLocalChatProvider, type LocalChatProvider } from './local-chat-provider.js';

let t: TestApp;
let chat: LocalChatProvider;
beforeAll(async () => {
  t = await createTestApp();
  chat = createLocalChatProvider(t.db());
});
afterAll(() => t.close());

async function family() {
  const entity = await createEntityUser(t.db());
  const [group] = await t
    .db()
    .insert(groups)
    .values({ entityId: entity.entityId, name: 'Test Family' })
    .returning({ id: groups.id });
  const suffix = group!.id.slice(0, 8);
  const people = {
    parent: { id: `parent-${suffix}`, name: 'Pat Parent' },
    birth: { id: `birth-${suffix}`, name: 'Bea Birth' },
    child: { id: `child-${suffix}`, name: 'Cody Child' },
  };
  await chat.upsertUsers(Object.values(people));
  const channel = await chat.ensureChannel({
    groupId: group!.id,
    key: people.birth.id,
    members: [
      { userId: people.parent.id, role: 'adoptive_parent', permission: 'write' },
      { userId: people.birth.id, role: 'birth_family', permission: 'write' },
      { userId: people.child.id, role: 'child', permission: 'read' },
    ],
  });
  return { groupId: group!.id, channelId: channel.id, people };
}

/** The html of every message of the channel, page after page of `limit`, following the cursors. */
async function everyPage(f: { groupId: string; channelId: string }, limit: number): Promise<string[]> {
  const seen: string[] = [];
  let before: string | null = null;
  do {
    const page = await chat.listMessages(f.groupId, f.channelId, { before, limit });
    seen.push(...page!.messages.map((m) => m.html));
    before = page!.nextCursor;
  } while (before);
  return seen;
}

describe('local chat provider', () => {
  it('numbers a family’s channels and keeps a channel when its members are synced again', async () => {
    const f = await family();
    const again = await chat.ensureChannel({
      groupId: f.groupId,
      key: f.people.birth.id,
      members: [
        { userId: f.people.parent.id, role: 'adoptive_parent', permission: 'write' },
        { userId: f.people.birth.id, role: 'birth_family', permission: 'write' },
      ],
    });
    expect(again.id).toBe(f.channelId);
    await chat.upsertUsers([{ id: `birth2-${f.groupId}`, name: 'Ben Birth' }]);
    const second = await chat.ensureChannel({
      groupId: f.groupId,
      key: `birth2-${f.groupId}`,
      members: [{ userId: `birth2-${f.groupId}`, role: 'birth_family', permission: 'write' }],
    });
    const channels = await chat.listChannels(f.groupId);
    expect(channels.map((c) => [c.id, c.number])).toEqual([
      [f.channelId, 1],
      [second.id, 2],
    ]);
    expect(channels[0]!.members.map((m) => m.name).sort()).toEqual(['Bea Birth', 'Pat Parent']);
  });

  it('pages through messages newest first with a cursor, without gaps or repeats', async () => {
    const f = await family();
    const start = Date.parse('2026-01-01T10:00:00Z');
    for (let i = 0; i < 25; i++) {
      const result = await chat.postMessage({
        channelId: f.channelId,
        userId: i % 2 ? f.people.parent.id : f.people.birth.id,
        html: `<p>message ${i}</p>`,
        createdAt: new Date(start + i * 1000),
      });
      expect(result).toHaveProperty('id');
    }
    const seen = await everyPage(f, 10);
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => `<p>message ${24 - i}</p>`));
  });

  it('pages without a gap through messages of the same millisecond (the database keeps microseconds)', async () => {
    const f = await family();
    const times = ['10:00:00.123400', '10:00:00.123500', '10:00:00.123600', '10:00:00.124000'];
    for (const [i, time] of times.entries()) {
      const posted = await chat.postMessage({
        channelId: f.channelId,
        userId: f.people.birth.id,
        html: `m${i}`,
      });
      if (!('id' in posted)) throw new Error('not posted');
      await t.sql(`update chat_messages set created_at = '2026-01-01 ${time}+00' where id = '${posted.id}'`);
    }
    expect(await everyPage(f, 1)).toEqual(['m3', 'm2', 'm1', 'm0']);
    // A cursor of the earlier release (`<time>|<id>`) still goes on after its message.
    const [newest] = (await chat.listMessages(f.groupId, f.channelId, { limit: 1 }))!.messages;
    const earlier = Buffer.from(`2026-01-01T10:00:00.124Z|${newest!.id}`).toString('base64url');
    const next = await chat.listMessages(f.groupId, f.channelId, { before: earlier, limit: 2 });
    expect(next!.messages.map((m) => m.html)).toEqual(['m2', 'm1']);
  });

  it('reads a cursor that is no cursor of ours as none: the newest page, not an error', async () => {
    const f = await family();
    await chat.postMessage({ channelId: f.channelId, userId: f.people.birth.id, html: '<p>only</p>' });
    // The id part has a UUID's length but is none; the database would refuse to compare with it.
    const forged = Buffer.from(`2026-01-01T10:00:00.000Z|${'-'.repeat(36)}`).toString('base64url');
    for (const before of [forged, 'not base64 at all']) {
      const page = await chat.listMessages(f.groupId, f.channelId, { before, limit: 10 });
      expect(page!.messages.map((m) => m.html)).toEqual(['<p>only</p>']);
    }
  });

  it('answers an empty channel of the family with no messages, and a channel of none with nothing', async () => {
    const f = await family();
    expect(await chat.listMessages(f.groupId, f.channelId, { limit: 10 })).toEqual({
      messages: [],
      nextCursor: null,
    });
    expect(
      await chat.listMessages(f.groupId, '00000000-0000-4000-8000-000000000000', { limit: 10 }),
    ).toBeNull();
  });

  it('records reports on the message and gives them to the portal’s reports queue', async () => {
    const f = await family();
    const quiet = await family();
    const posted = await chat.postMessage({
      channelId: f.channelId,
      userId: f.people.birth.id,
      html: 'hello',
    });
    if (!('id' in posted)) throw new Error('not posted');
    expect(await chat.flagMessage({ messageId: posted.id, userId: f.people.parent.id, reason: 'rude' })).toBe(
      true,
    );
    expect(await chat.flagMessage({ messageId: posted.id, userId: f.people.parent.id })).toBe(true);
    expect(await chat.flagMessage({ messageId: posted.id, userId: quiet.people.parent.id })).toBe(false);
    const page = await chat.listMessages(f.groupId, f.channelId, { limit: 10 });
    expect(page!.messages[0]!.flags).toEqual([
      { userId: f.people.parent.id, name: 'Pat Parent', reason: 'rude', createdAt: expect.any(Date) },
    ]);
    expect(await chat.reportsIn([f.groupId, quiet.groupId])).toEqual([
      {
        groupId: f.groupId,
        channelId: f.channelId,
        channelNumber: 1,
        messageId: posted.id,
        userId: f.people.parent.id,
        userName: 'Pat Parent',
        authorId: f.people.birth.id,
        authorName: 'Bea Birth',
        reason: 'rude',
        createdAt: expect.any(Date),
        html: expect.any(String),
      },
    ]);
    expect(await chat.reportsIn([])).toEqual([]);
  });

  it('refuses posts in a disabled channel, by a reader, and by a deactivated member', async () => {
    const f = await family();
    expect(await chat.postMessage({ channelId: f.channelId, userId: f.people.child.id, html: 'x' })).toEqual({
      refused: 'not-a-writer',
    });
    await chat.setUserActive(f.people.birth.id, false);
    expect(await chat.postMessage({ channelId: f.channelId, userId: f.people.birth.id, html: 'x' })).toEqual({
      refused: 'not-a-writer',
    });
    expect(await chat.setChannelDisabled(f.groupId, f.channelId, true)).toBe(true);
    expect(await chat.postMessage({ channelId: f.channelId, userId: f.people.parent.id, html: 'x' })).toEqual(
      {
        refused: 'channel-disabled',
      },
    );
    expect((await chat.listChannels(f.groupId))[0]!.disabled).toBe(true);
  });

  it('answers nothing for a channel of another family', async () => {
    const a = await family();
    const b = await family();
    expect(await chat.listMessages(b.groupId, a.channelId, { limit: 10 })).toBeNull();
    expect(await chat.setChannelDisabled(b.groupId, a.channelId, true)).toBe(false);
    expect(await chat.listMessages(a.groupId, 'not-a-uuid', { limit: 10 })).toBeNull();
  });
});
