// The Stream chat provider through the official SDK, against a local stand-in of Stream's API: the
// same behaviour the local provider's test asks of our own tables.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StreamStandIn, startStreamStandIn } from '../../../test/stream-stand-in.js';
import type { ChatProvider } from './chat-provider.js';
import { createStreamChatProvider, streamChannelId } from './stream-chat-provider.js';

let stream: StreamStandIn;
let chat: ChatProvider;
beforeAll(async () => {
  stream = await startStreamStandIn();
  chat = createStreamChatProvider({
    apiKey: stream.apiKey,
    apiSecret: stream.apiSecret,
    baseUrl: stream.url,
  });
});
afterAll(() => stream.close());

async function family() {
  const groupId = randomUUID();
  const suffix = groupId.slice(0, 8);
  const people = {
    parent: { id: `parent-${suffix}`, name: 'Pat Parent' },
    birth: { id: `birth-${suffix}`, name: 'Bea Birth' },
    child: { id: `child-${suffix}`, name: 'Cody Child' },
  };
  await chat.upsertUsers(Object.values(people));
  const channel = await chat.ensureChannel({
    groupId,
    key: people.birth.id,
    members: [
      { userId: people.parent.id, role: 'adoptive_parent', permission: 'write' },
      { userId: people.birth.id, role: 'birth_family', permission: 'write' },
      { userId: people.child.id, role: 'child', permission: 'read' },
    ],
  });
  return { groupId, channelId: channel.id, people };
}

describe('Stream chat provider', () => {
  it('creates a family channel at Stream with its members, number and permissions, and keeps it on a re-sync', async () => {
    const f = await family();
    expect(f.channelId).toBe(streamChannelId(f.groupId, f.people.birth.id));
    const again = await chat.ensureChannel({
      groupId: f.groupId,
      key: f.people.birth.id,
      members: [
        { userId: f.people.parent.id, role: 'adoptive_parent', permission: 'write' },
        { userId: f.people.birth.id, role: 'birth_family', permission: 'read' },
      ],
    });
    expect(again.id).toBe(f.channelId);
    const second = await chat.ensureChannel({
      groupId: f.groupId,
      key: 'second',
      members: [{ userId: f.people.parent.id, role: 'adoptive_parent', permission: 'write' }],
    });
    const channels = await chat.listChannels(f.groupId);
    expect(channels.map((c) => [c.id, c.number, c.disabled])).toEqual([
      [f.channelId, 1, false],
      [second.id, 2, false],
    ]);
    expect(channels[0]!.members).toEqual([
      {
        userId: f.people.parent.id,
        name: 'Pat Parent',
        role: 'adoptive_parent',
        permission: 'write',
        active: true,
      },
      {
        userId: f.people.birth.id,
        name: 'Bea Birth',
        role: 'birth_family',
        permission: 'read',
        active: true,
      },
    ]);
    expect(channels[0]!.createdAt).toBeInstanceOf(Date);
    expect(await chat.findChannelFamily(f.channelId)).toBe(f.groupId);
    expect(await chat.findChannelFamily('bt-unknown')).toBeNull();
    expect(await chat.findChannelFamily('no spaces/allowed')).toBeNull();
  });

  it('pages through messages newest first with a cursor, without gaps or repeats, with attachments', async () => {
    const f = await family();
    const start = Date.parse('2026-02-01T10:00:00Z');
    for (let i = 0; i < 25; i++) {
      stream.postMessage(f.channelId, {
        userId: i % 2 ? f.people.parent.id : f.people.birth.id,
        html: `<p>message ${i}</p>`,
        createdAt: new Date(start + i * 1000),
        attachments:
          i === 3
            ? [
                { type: 'image', image_url: 'https://cdn.example.org/a.jpg', title: 'Lake' },
                {
                  type: 'video',
                  asset_url: 'https://cdn.example.org/b.mp4',
                  thumb_url: 'https://cdn.example.org/b.jpg',
                  duration: 12.5,
                },
                { type: 'file', asset_url: 'https://cdn.example.org/c.pdf' },
              ]
            : [],
      });
    }
    const seen: string[] = [];
    let before: string | null = null;
    do {
      const page = await chat.listMessages(f.groupId, f.channelId, { before, limit: 10 });
      seen.push(...page!.messages.map((m) => m.html));
      if (page!.messages.some((m) => m.html === '<p>message 3</p>')) {
        const third = page!.messages.find((m) => m.html === '<p>message 3</p>')!;
        expect(third.attachments).toEqual([
          { type: 'image', url: 'https://cdn.example.org/a.jpg', title: 'Lake' },
          // A video's still frame and length, as Stream gives them, for the transcript.
          {
            type: 'video',
            url: 'https://cdn.example.org/b.mp4',
            title: null,
            posterUrl: 'https://cdn.example.org/b.jpg',
            durationSeconds: 12.5,
          },
        ]);
        expect(third.user).toEqual({ id: f.people.parent.id, name: 'Pat Parent' });
        expect(third.createdAt.toISOString()).toBe('2026-02-01T10:00:03.000Z');
      }
      before = page!.nextCursor;
    } while (before);
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => `<p>message ${24 - i}</p>`));
  });

  it('reads reports from Stream’s message flags: on the message, and for the portal’s reports queue', async () => {
    const f = await family();
    const quiet = await family();
    const id = stream.postMessage(f.channelId, { userId: f.people.birth.id, html: 'hello' });
    stream.postMessage(quiet.channelId, { userId: quiet.people.birth.id, html: 'fine' });
    stream.flag(id, f.people.parent.id, 'rude');
    const page = await chat.listMessages(f.groupId, f.channelId, { limit: 10 });
    expect(page!.messages[0]!.flags).toEqual([
      { userId: f.people.parent.id, name: 'Pat Parent', reason: 'rude', createdAt: expect.any(Date) },
    ]);
    expect(await chat.reportsIn([f.groupId, quiet.groupId])).toEqual([
      {
        groupId: f.groupId,
        channelId: f.channelId,
        channelNumber: 1,
        messageId: id,
        userId: f.people.parent.id,
        userName: 'Pat Parent',
        authorId: f.people.birth.id,
        authorName: 'Bea Birth',
        reason: 'rude',
        createdAt: expect.any(Date),
        html: 'hello',
      },
    ]);
    expect(await chat.reportsIn([])).toEqual([]);
  });

  it('disables a channel by freezing it, and deactivates a member', async () => {
    const f = await family();
    expect(await chat.setChannelDisabled(f.groupId, f.channelId, true)).toBe(true);
    expect(stream.channels.get(`messaging:${f.channelId}`)!.frozen).toBe(true);
    expect((await chat.listChannels(f.groupId))[0]!.disabled).toBe(true);
    expect(await chat.setChannelDisabled(f.groupId, f.channelId, false)).toBe(true);
    expect((await chat.listChannels(f.groupId))[0]!.disabled).toBe(false);

    await chat.setUserActive(f.people.birth.id, false);
    // Idempotent: the families sync sets every member's state on each save.
    await chat.setUserActive(f.people.birth.id, false);
    await chat.setUserActive(f.people.parent.id, true);
    const birth = (await chat.listChannels(f.groupId))[0]!.members.find(
      (m) => m.userId === f.people.birth.id,
    );
    expect(birth!.active).toBe(false);
    await chat.setUserActive(f.people.birth.id, true);
    const again = (await chat.listChannels(f.groupId))[0]!.members.find(
      (m) => m.userId === f.people.birth.id,
    );
    expect(again!.active).toBe(true);
  });

  it('answers nothing for a channel of another family', async () => {
    const a = await family();
    const b = await family();
    expect(await chat.listMessages(b.groupId, a.channelId, { limit: 10 })).toBeNull();
    expect(await chat.setChannelDisabled(b.groupId, a.channelId, true)).toBe(false);
    expect(stream.channels.get(`messaging:${a.channelId}`)!.frozen).toBe(false);
    expect(await chat.listMessages(a.groupId, 'not a stream id', { limit: 10 })).toBeNull();
    // Reading an unknown channel never creates it (Stream's channel query would).
    const before = stream.channels.size;
    expect(await chat.listMessages(a.groupId, 'bt-does-not-exist', { limit: 10 })).toBeNull();
    expect(stream.channels.size).toBe(before);
  });

  it('signs its calls: a wrong secret is refused by Stream', async () => {
    const wrong = createStreamChatProvider({
      apiKey: stream.apiKey,
      apiSecret: 'not-the-secret-at-all',
      baseUrl: stream.url,
    });
    await expect(wrong.listChannels(randomUUID())).rejects.toThrow(/401|not authorised/);
  });
});
