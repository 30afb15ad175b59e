// The member chat API as the families' app uses it: a device stays signed in through its session
// cookie until the member signs out; the home's channels with unread counts and the newest message;
// the history in pages; a send retried after a lost answer makes one message; and every open screen
// of a channel hears of a new message or report at once, the member's and the caseworker's alike.
import { endpoints, MSG } from '@bridge-talk/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callLoose } from '../../../test/api-client.js';
import {
  type ConversationApp,
  createConversationApp,
  familyWithChannel,
  signedInEntity,
} from '../../../test/conversations.js';
import { type EventReader, readEvents } from '../../../test/event-stream.js';
import { postPictureAsMember, signedMemberAuthorization } from '../../../test/member-chat.js';
import { codeIn, type SmtpCapture, startSmtpCapture, waitForMessage } from '../../../test/smtp-capture.js';
import { chatMessages } from '../../db/schema-chat.js';
import { familyMembers, groupMembers } from '../../db/schema-families.js';

let smtp: SmtpCapture;
let c: ConversationApp;
let owner: Awaited<ReturnType<typeof signedInEntity>>;
let origin: string;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  c = await createConversationApp('local', { SMTP_URL: smtp.url });
  owner = await signedInEntity(c.t);
  origin = await c.t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await c.close();
  await smtp.close();
});

const COOKIE = 'bt_member';

/** Signs in with the e-mailed code; the answer's token and the device's cookie. */
async function signInDevice(email: string) {
  const asked = await call(c.t.app, endpoints.chat.code, { body: { email } });
  const mail = await waitForMessage(smtp, email, /chat code/);
  const session = await call(c.t.app, endpoints.chat.sessions, {
    body: { email, code: codeIn(mail.text), state: asked.json().state },
  });
  expect(session.statusCode).toBe(200);
  const cookie = session.cookies.find((k) => k.name === COOKIE)!;
  return { authorization: `Bearer ${session.json().token}`, cookie };
}

const refresh = (cookie: string | undefined) =>
  callLoose(c.t.app, endpoints.chat.refresh, cookie ? { cookies: { [COOKIE]: cookie } } : {});

const post = (channelId: string, auth: string, body: Record<string, unknown>) =>
  callLoose(c.t.app, endpoints.chat.messages, { params: { channelId }, auth, body });

/** The member's channels (the tests' families have one each). */
const channelsOf = async (auth: string) => {
  const channels = (await call(c.t.app, endpoints.chat.channels, { auth })).json().channels;
  return channels as [(typeof channels)[number], ...typeof channels];
};

describe('a device signed in to the families’ app', () => {
  it('keeps an httpOnly cookie for the session routes, exchanged for tokens and rotated each time', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    const { cookie } = await signInDevice(f.birth.email!);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/chat/sessions' });
    expect(new Date(cookie.expires!).getTime()).toBeGreaterThan(Date.now() + 80 * 86_400_000);

    const first = await refresh(cookie.value);
    expect(first.statusCode).toBe(200);
    expect(first.json().member).toEqual({ id: f.birth.memberId, name: 'Bea Birth' });
    const rotated = first.cookies.find((k) => k.name === COOKIE)!.value;
    expect(rotated).not.toBe(cookie.value);
    const auth = `Bearer ${first.json().token}`;
    expect((await call(c.t.app, endpoints.chat.channels, { auth })).statusCode).toBe(200);

    // Two tabs refreshing at once: the one with the token just replaced is still answered.
    expect((await refresh(cookie.value)).statusCode).toBe(200);
    // No cookie: no session.
    const none = await refresh(undefined);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: MSG.extra.sessionExpired });
  });

  it('ends the session when a token replaced long ago is presented again (a stolen copy)', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    const { cookie, authorization } = await signInDevice(f.parent.email!);
    const next = await refresh(cookie.value);
    expect(next.statusCode).toBe(200);
    // The replacement was a minute ago.
    await c.t.sql(`update member_sessions set rotated_at = now() - interval '1 minute'`);
    const reused = await refresh(cookie.value);
    expect(reused.statusCode).toBe(401);
    expect(reused.cookies.find((k) => k.name === COOKIE)?.value).toBe('');
    // The whole session ended: its newest cookie and its tokens too.
    expect((await refresh(next.cookies.find((k) => k.name === COOKIE)!.value)).statusCode).toBe(401);
    expect((await callLoose(c.t.app, endpoints.chat.channels, { auth: authorization })).statusCode).toBe(401);
    expect(c.t.logs.join('')).toContain('member session token reused: session ended');
  });

  it('signs out on this device: its tokens and cookie stop at once, another device stays in', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    const phone = await signInDevice(f.birth.email!);
    const laptop = await signInDevice(f.birth.email!);
    const out = await callLoose(c.t.app, endpoints.chat.signOut, {
      auth: phone.authorization,
      cookies: { [COOKIE]: phone.cookie.value },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: MSG.conversations.memberSignedOut });
    expect(out.cookies.find((k) => k.name === COOKIE)?.value).toBe('');
    expect(
      (await callLoose(c.t.app, endpoints.chat.channels, { auth: phone.authorization })).statusCode,
    ).toBe(401);
    expect((await refresh(phone.cookie.value)).statusCode).toBe(401);
    expect((await call(c.t.app, endpoints.chat.channels, { auth: laptop.authorization })).statusCode).toBe(
      200,
    );
  });

  it('ends when the agency changes the member’s e-mail, even with a fresh cookie', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    const { cookie } = await signInDevice(f.birth.email!);
    await c.t
      .db()
      .update(familyMembers)
      .set({ email: `moved-${f.birth.email}` })
      .where(eq(familyMembers.id, f.birth.memberId));
    expect((await refresh(cookie.value)).statusCode).toBe(401);
  });
});

describe('the home screen and a conversation', () => {
  it('counts unread messages of others after the read mark, and shows the newest message', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    const birth = await signedMemberAuthorization(c.t.app, f.birth.memberId);
    const parent = await signedMemberAuthorization(c.t.app, f.parent.memberId);
    expect((await post(f.channelId, birth, { html: '<p>Mine</p>' })).statusCode).toBe(201);
    const first = (await post(f.channelId, parent, { html: '<p>One &amp; two</p>' })).json().id;
    await post(f.channelId, parent, { html: `<p>${'Long news. '.repeat(20)}</p>` });

    const [channel] = await channelsOf(birth);
    expect(channel.unread).toBe(2);
    expect(channel.lastMessage).toEqual({
      id: expect.any(String),
      userId: f.parent.memberId,
      userName: 'Pat Parent',
      preview: `${'Long news. '.repeat(20).trim().slice(0, 139)}…`,
      attachments: 0,
      created_at: expect.any(String),
    });
    // Read up to the first of the two: one left; a mark never moves back.
    const read = await callLoose(c.t.app, endpoints.chat.read, {
      params: { channelId: f.channelId },
      auth: birth,
      body: { messageId: first },
    });
    expect(read.statusCode).toBe(204);
    expect((await channelsOf(birth))[0].unread).toBe(1);
    await call(c.t.app, endpoints.chat.read, {
      params: { channelId: f.channelId },
      auth: birth,
      body: { messageId: channel.lastMessage!.id },
    });
    expect((await channelsOf(birth))[0].unread).toBe(0);
    await call(c.t.app, endpoints.chat.read, {
      params: { channelId: f.channelId },
      auth: birth,
      body: { messageId: first },
    });
    expect((await channelsOf(birth))[0].unread).toBe(0);
    // The parent's own messages are not unread for them; the birth mother's one is.
    expect((await channelsOf(parent))[0].unread).toBe(1);
  });

  it('says why a channel is read-only: a reader, an inactive member, a disabled channel', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    const child = await signedMemberAuthorization(c.t.app, f.child.memberId);
    expect((await channelsOf(child))[0].readOnly).toBe('reader');
    // The parent is in a second family too, and inactive in this one: it reads here, writes there.
    const second = await familyWithChannel(c, owner.entityId, 'Second Family');
    await c.t.db().insert(groupMembers).values({
      groupId: second.groupId,
      memberId: f.parent.memberId,
      role: 'adoptive_parent',
      position: 2,
      active: true,
    });
    await c.t
      .db()
      .update(groupMembers)
      .set({ active: false })
      .where(sql`${groupMembers.memberId} = ${f.parent.memberId} and ${groupMembers.groupId} = ${f.groupId}`);
    const parent = await signedMemberAuthorization(c.t.app, f.parent.memberId);
    expect(
      (await channelsOf(parent)).map((ch: { familyName: string; readOnly: string | null }) => [
        ch.familyName,
        ch.readOnly,
      ]),
    ).toEqual([['Robin Smith', 'member-inactive']]);
    const birth = await signedMemberAuthorization(c.t.app, f.birth.memberId);
    await c.chat.setChannelDisabled(f.groupId, f.channelId, true);
    expect((await channelsOf(birth))[0]).toMatchObject({ disabled: true, readOnly: 'channel-disabled' });
  });

  it('pages the history newest first, and after a cursor; marks the messages the member reported', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    const birth = await signedMemberAuthorization(c.t.app, f.birth.memberId);
    const parent = await signedMemberAuthorization(c.t.app, f.parent.memberId);
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++)
      ids.push((await post(f.channelId, parent, { html: `<p>n${i}</p>` })).json().id);
    await call(c.t.app, endpoints.chat.flags, {
      params: { messageId: ids[1]! },
      auth: birth,
      body: { reason: 'Hurtful' },
    });
    const newest = await call(c.t.app, endpoints.chat.history, {
      params: { channelId: f.channelId },
      query: { limit: 2 },
      auth: birth,
    });
    expect(newest.json().messages.map((m: { html: string }) => m.html)).toEqual(['<p>n5</p>', '<p>n4</p>']);
    expect(newest.json().messages[0]).toEqual({
      id: ids[4],
      channelId: f.channelId,
      user: { id: f.parent.memberId, name: 'Pat Parent' },
      html: '<p>n5</p>',
      attachments: [],
      created_at: expect.any(String),
      clientId: null,
    });
    const older = await call(c.t.app, endpoints.chat.history, {
      params: { channelId: f.channelId },
      query: { before: newest.json().nextCursor!, limit: 10 },
      auth: birth,
    });
    expect(older.json()).toMatchObject({ nextCursor: null, reportedByMe: [ids[1]] });
    expect(older.json().messages.map((m: { html: string }) => m.html)).toEqual([
      '<p>n3</p>',
      '<p>n2</p>',
      '<p>n1</p>',
    ]);
    const after = await call(c.t.app, endpoints.chat.history, {
      params: { channelId: f.channelId },
      query: { after: ids[2] },
      auth: birth,
    });
    expect(after.json().messages.map((m: { html: string }) => m.html)).toEqual(['<p>n5</p>', '<p>n4</p>']);
    expect(after.json().newerCursor).toBeNull();
  });

  it('gives pictures addresses an <img> can load: the member’s media token, ended by signing out', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    const other = await familyWithChannel(c, owner.entityId, 'Other Family');
    const phone = await signInDevice(f.birth.email!);
    await postPictureAsMember(c.t.app, phone.authorization, f.channelId);
    const page = await call(c.t.app, endpoints.chat.history, {
      params: { channelId: f.channelId },
      auth: phone.authorization,
    });
    const picture = page.json().messages[0]!.attachments[0]!;
    expect(picture).toMatchObject({
      type: 'image',
      title: 'Lake',
      file_name: 'lake.png',
      width: 30,
      height: 20,
    });
    expect(picture.thumb_url).toMatch(/\?size=thumb&access=/);
    const load = (url: string | undefined) => c.t.app.inject({ method: 'GET', url: url! });
    const full = await load(picture.image_url);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/png');
    expect((await load(picture.thumb_url)).statusCode).toBe(200);
    // The token opens this channel only.
    const elsewhere = picture.image_url!.replace(f.channelId, other.channelId);
    expect((await load(elsewhere)).statusCode).toBe(401);
    expect((await load(picture.image_url!.replace(/access=[^&]+/, 'access=forged'))).statusCode).toBe(401);
    await call(c.t.app, endpoints.chat.signOut, { auth: phone.authorization });
    expect((await load(picture.image_url)).statusCode).toBe(401);
  });

  it('answers 404 for a channel of another family, and 400 for a bad cursor', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    const other = await familyWithChannel(c, owner.entityId, 'Other Family');
    const birth = await signedMemberAuthorization(c.t.app, f.birth.memberId);
    const foreign = await callLoose(c.t.app, endpoints.chat.history, {
      params: { channelId: other.channelId },
      auth: birth,
    });
    expect(foreign.statusCode).toBe(404);
    const bad = await callLoose(c.t.app, endpoints.chat.history, {
      params: { channelId: f.channelId },
      query: { before: 'nope' },
      auth: birth,
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as unknown as { message: string }).message).toBe(MSG.viewer.invalidCursor);
    const read = await callLoose(c.t.app, endpoints.chat.read, {
      params: { channelId: other.channelId },
      auth: birth,
      body: { messageId: f.channelId },
    });
    expect(read.statusCode).toBe(404);
  });

  it('makes one message of a send tried again with its key, however many times', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    const birth = await signedMemberAuthorization(c.t.app, f.birth.memberId);
    const clientId = crypto.randomUUID();
    const body = { html: '<p>Only once</p>', clientId };
    const [a, b] = await Promise.all([post(f.channelId, birth, body), post(f.channelId, birth, body)]);
    const c3 = await post(f.channelId, birth, body);
    expect([a.statusCode, b.statusCode, c3.statusCode]).toEqual([201, 201, 201]);
    expect(new Set([a.json().id, b.json().id, c3.json().id]).size).toBe(1);
    const rows = await c.t
      .db()
      .select({ id: chatMessages.id, clientId: chatMessages.clientId })
      .from(chatMessages)
      .where(eq(chatMessages.channelId, f.channelId));
    expect(rows).toEqual([{ id: a.json().id, clientId }]);
    const bad = await post(f.channelId, birth, { html: '<p>x</p>', clientId: 'not-a-uuid' });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as unknown as { message: string }).message).toBe(MSG.conversations.messageKeyInvalid);
  });
});

describe('live', () => {
  const memberEvents = (auth: string) =>
    readEvents<{
      type: string;
      message?: { id: string; html: string; user: { name: string }; clientId: string | null };
    }>(`${origin}/api/chat/events`, auth);

  it('brings a new message to every open screen of the channel: the other member’s and the caseworker’s', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    const birth = await signedMemberAuthorization(c.t.app, f.birth.memberId);
    const parent = await signedMemberAuthorization(c.t.app, f.parent.memberId);
    const streams: EventReader<{
      type: string;
      message?: { id: string; html: string; user: { name: string }; clientId: string | null };
      messageId?: string;
    }>[] = [];
    try {
      const parentEvents = await memberEvents(parent);
      streams.push(parentEvents);
      const desk = await readEvents<{ type: string; messageId?: string }>(
        `${origin}/api/groups/${f.groupId}/channels/${f.channelId}/events`,
        owner.authorization,
      );
      streams.push(desk);
      expect(await parentEvents.next()).toEqual({ type: 'ready' });
      expect(await desk.next()).toEqual({ type: 'ready' });

      const clientId = crypto.randomUUID();
      const sent = (await post(f.channelId, birth, { html: '<p>¡Hola!</p>', clientId })).json().id;
      const heard = await parentEvents.next((e) => e.type === 'message');
      expect(heard.message).toMatchObject({
        id: sent,
        channelId: f.channelId,
        html: '<p>¡Hola!</p>',
        user: { id: f.birth.memberId, name: 'Bea Birth' },
        clientId,
      });
      expect(await desk.next((e) => e.type === 'message')).toEqual({ type: 'message', messageId: sent });

      // A retry of the same send is not news.
      await post(f.channelId, birth, { html: '<p>¡Hola!</p>', clientId });
      await call(c.t.app, endpoints.chat.flags, { params: { messageId: sent }, auth: parent, body: {} });
      expect(await desk.next((e) => e.type !== 'ready')).toEqual({ type: 'reported', messageId: sent });
      const second = (await post(f.channelId, birth, { html: '<p>Second</p>' })).json().id;
      const next = await parentEvents.next((e) => e.type === 'message');
      expect(next.message?.id).toBe(second);
    } finally {
      for (const s of streams) s.close();
    }
  });

  it('never brings another family’s message, and refuses a stranger, another entity and a portal token', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    const other = await familyWithChannel(c, owner.entityId, 'Other Family');
    const birth = await signedMemberAuthorization(c.t.app, f.birth.memberId);
    const otherParent = await signedMemberAuthorization(c.t.app, other.parent.memberId);
    const events = await memberEvents(birth);
    try {
      await events.next();
      const foreign = (await post(other.channelId, otherParent, { html: '<p>Not yours</p>' })).json().id;
      const own = (await post(f.channelId, birth, { html: '<p>Yours</p>' })).json().id;
      // The next message event is the member's own channel's: the other family's never came before it.
      const heard = await events.next((e) => e.type === 'message');
      expect(heard.message?.id).toBe(own);
      expect(heard.message?.id).not.toBe(foreign);
    } finally {
      events.close();
    }
    expect((await fetch(`${origin}/api/chat/events`)).status).toBe(401);
    expect(
      (await fetch(`${origin}/api/chat/events`, { headers: { authorization: owner.authorization } })).status,
    ).toBe(403);
    const stranger = await signedInEntity(c.t);
    const foreignDesk = await fetch(`${origin}/api/groups/${f.groupId}/channels/${f.channelId}/events`, {
      headers: { authorization: stranger.authorization },
    });
    expect(foreignDesk.status).toBe(404);
    const memberAtDesk = await fetch(`${origin}/api/groups/${f.groupId}/channels/${f.channelId}/events`, {
      headers: { authorization: birth },
    });
    expect(memberAtDesk.status).toBe(401);
  });

  it('ends a member’s stream at the next message once the member may no longer read', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    const birth = await signedMemberAuthorization(c.t.app, f.birth.memberId);
    const parent = await signedMemberAuthorization(c.t.app, f.parent.memberId);
    const events = await memberEvents(birth);
    try {
      await events.next();
      await c.t
        .db()
        .update(familyMembers)
        .set({ email: sql`'changed-' || ${familyMembers.email}` })
        .where(eq(familyMembers.id, f.birth.memberId));
      await post(f.channelId, parent, { html: '<p>Not for a changed address</p>' });
      expect(await events.ended()).toBe(true);
    } finally {
      events.close();
    }
  });
});
