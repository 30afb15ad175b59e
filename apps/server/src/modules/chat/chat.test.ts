// The member chat API of the local provider: a family member signs in with an e-mailed code, posts
// and reports messages; what they do shows in the entity's conversation history.
import { createHash } from 'node:crypto';
import { endpoints, MSG } from '@bridge-talk/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callLoose, urlOf, withKey } from '../../../test/api-client.js';
import {
  type ConversationApp,
  createConversationApp,
  familyWithChannel,
  signedInEntity,
} from '../../../test/conversations.js';
import { memberAuthorization } from '../../../test/member-chat.js';
import { multipartBody } from '../../../test/multipart.js';
import { codeIn, type SmtpCapture, startSmtpCapture, waitForMessage } from '../../../test/smtp-capture.js';
import { chatMessages } from '../../db/schema-chat.js';

let smtp: SmtpCapture;
let c: ConversationApp;
let owner: Awaited<ReturnType<typeof signedInEntity>>;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  c = await createConversationApp('local', { SMTP_URL: smtp.url });
  owner = await signedInEntity(c.t);
});
afterAll(async () => {
  await c.close();
  await smtp.close();
});

const memberToken = (email: string) => memberAuthorization(c.t.app, smtp, email);

// A member's message and flag, whatever the body (the tests send refused ones too).
const sendMessage = (channelId: string, body: unknown, auth?: string) =>
  callLoose(c.t.app, endpoints.chat.messages, { params: { channelId }, body, auth });
const flag = (messageId: string, body: unknown, auth?: string) =>
  callLoose(c.t.app, endpoints.chat.flags, { params: { messageId }, body, auth });

describe('member chat API', () => {
  it('signs a member in with an e-mailed code and lists their channels', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    const asked = await call(c.t.app, endpoints.chat.code, { body: { email: f.birth.email!.toUpperCase() } });
    expect(asked.json()).toEqual({ message: MSG.conversations.memberCodeSent, state: expect.any(String) });
    const mail = await waitForMessage(smtp, f.birth.email!, /Your Bridge Talk chat code/);
    const code = codeIn(mail.text);
    expect(asked.json().state).not.toContain(code);

    const session = await callLoose(c.t.app, endpoints.chat.sessions, {
      body: { email: f.birth.email, code, state: asked.json().state },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({
      token: expect.any(String),
      expiresIn: 12 * 60 * 60,
      member: { id: f.birth.memberId, name: 'Bea Birth' },
    });
    const channels = await call(c.t.app, endpoints.chat.channels, { auth: `Bearer ${session.json().token}` });
    expect(channels.json()).toEqual({
      channels: [
        {
          id: f.channelId,
          number: 1,
          disabled: false,
          permission: 'write',
          familyId: f.groupId,
          familyName: 'Robin Smith',
          // Names only, never an e-mail: the member themself among them.
          members: [
            { id: f.birth.memberId, name: 'Bea Birth', role: 'birth_family', active: true },
            { id: f.parent.memberId, name: 'Pat Parent', role: 'adoptive_parent', active: true },
            { id: f.child.memberId, name: 'Robin Smith', role: 'child', active: true },
          ],
          readOnly: null,
          unread: 0,
          lastMessage: null,
        },
      ],
    });
  });

  it('refuses a wrong code, another state, and answers an unknown address like a known one (no mail)', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    const asked = await callLoose(c.t.app, endpoints.chat.code, { body: { email: f.parent.email } });
    const mail = await waitForMessage(smtp, f.parent.email!, /chat code/);
    const code = codeIn(mail.text);
    const wrong = await callLoose(c.t.app, endpoints.chat.sessions, {
      body: {
        email: f.parent.email,
        code: code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA',
        state: asked.json().state,
      },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: MSG.conversations.memberCodeInvalid });
    // The state of another address does not fit this one.
    const stranger = await call(c.t.app, endpoints.chat.code, { body: { email: 'nobody@family.test' } });
    expect(stranger.statusCode).toBe(200);
    expect(stranger.json().message).toBe(MSG.conversations.memberCodeSent);
    const swapped = await callLoose(c.t.app, endpoints.chat.sessions, {
      body: {
        email: f.parent.email,
        code,
        state: stranger.json().state,
      },
    });
    expect(swapped.statusCode).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.messages.some((m) => m.to && JSON.stringify(m.to).includes('nobody@family.test'))).toBe(
      false,
    );
  });

  it('posts a message with an uploaded picture that the entity then reads and opens; a report shows on the message', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    const birth = await memberToken(f.birth.email!);
    const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#f687b3' } })
      .png()
      .toBuffer();
    const upload = multipartBody([{ bytes: png, fileName: 'cake.png', contentType: 'image/png' }]);
    const uploaded = await callLoose(c.t.app, endpoints.chat.files, {
      params: { channelId: f.channelId },
      body: upload.payload,
      auth: birth,
      headers: { ...upload.headers },
    });
    expect(uploaded.statusCode).toBe(201);
    const file = uploaded.json();
    expect(file).toEqual({
      id: expect.any(String),
      type: 'image',
      contentType: 'image/png',
      size: png.length,
      sha256: createHash('sha256').update(png).digest('hex'),
      fileName: 'cake.png',
      width: 30,
      height: 20,
    });
    const posted = await sendMessage(
      f.channelId,
      { html: '<p>Happy birthday!</p>', attachments: [{ fileId: file.id, title: 'Cake' }] },
      birth,
    );
    expect(posted.statusCode).toBe(201);
    const { id } = posted.json();

    const parent = await memberToken(f.parent.email!);
    const flagged = await flag(id, { reason: 'Too many photos' }, parent);
    expect(flagged.statusCode).toBe(200);
    expect(flagged.json()).toEqual({ message: MSG.conversations.messageReported });

    const page = await call(c.t.app, endpoints.conversations.list, {
      params: { groupId: f.groupId },
      query: { channelId: f.channelId },
      auth: owner.authorization,
    });
    const address = urlOf(endpoints.conversations.attachment, {
      groupId: f.groupId,
      channelId: f.channelId,
      messageId: id,
      index: '0',
    });
    expect(withKey(page.json(), 'messages').messages).toEqual([
      {
        id,
        user: { id: f.birth.memberId, name: 'Bea Birth' },
        attachments: [
          {
            type: 'image',
            title: 'Cake',
            image_url: expect.stringMatching(new RegExp(`^${address}\\?access=[\\w.-]+$`)),
            thumb_url: expect.stringMatching(new RegExp(`^${address}\\?size=thumb&access=[\\w.-]+$`)),
            file_name: 'cake.png',
            size: png.length,
            sha256: file.sha256,
            width: 30,
            height: 20,
          },
        ],
        html: '<p>Happy birthday!</p>',
        created_at: expect.any(String),
        flaggedMessages: { flags: [{ message: { id }, user: { name: 'Pat Parent' } }] },
      },
    ]);
    // The address works as an <img> uses it: no header, the media token in the address.
    const picture = await c.t.app.inject({
      method: 'GET',
      url: withKey(page.json(), 'messages').messages[0]!.attachments[0]!.image_url,
    });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.rawPayload.equals(png)).toBe(true);
  });

  it('stores and serves a posted message without style, class, handlers, media, scripts or javascript: links, keeping its text', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    const birth = await memberToken(f.birth.email!);
    const posted = await sendMessage(
      f.channelId,
      {
        html:
          '<div style="position:fixed;top:0;left:0;width:100vw;height:100vh;z-index:9999" class="cover">Fake screen</div>' +
          '<p onclick="steal()">Hello <img src="x" onerror="steal()"><script>steal()</script>' +
          '<iframe src="https://evil.example.org"></iframe><a href="javascript:steal()">there</a> ' +
          '<a href="https://example.org/photos" target="_self">photos</a></p>',
      },
      birth,
    );
    expect(posted.statusCode).toBe(201);
    const clean =
      '<div>Fake screen</div><p>Hello <a target="_blank" rel="noopener noreferrer">there</a> ' +
      '<a href="https://example.org/photos" target="_blank" rel="noopener noreferrer">photos</a></p>';
    const [stored] = await c.t.app.ctx.db
      .select({ html: chatMessages.html })
      .from(chatMessages)
      .where(eq(chatMessages.id, posted.json().id));
    expect(stored?.html).toBe(clean);
    const page = await call(c.t.app, endpoints.conversations.list, {
      params: { groupId: f.groupId },
      query: { channelId: f.channelId },
      auth: owner.authorization,
    });
    expect(withKey(page.json(), 'messages').messages.map((m: { html: string }) => m.html)).toEqual([clean]);
  });

  it('serves a message stored before sanitising (straight in the table) through the same allow-list', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    await c.t.app.ctx.db.insert(chatMessages).values({
      channelId: f.channelId,
      userId: f.birth.memberId,
      html: '<span style="position:fixed;inset:0" class="x">Old news</span><img src="x" onerror="steal()"><form><input name="pin"></form>',
    });
    const page = await call(c.t.app, endpoints.conversations.list, {
      params: { groupId: f.groupId },
      query: { channelId: f.channelId },
      auth: owner.authorization,
    });
    expect(withKey(page.json(), 'messages').messages.map((m: { html: string }) => m.html)).toEqual([
      '<span>Old news</span>',
    ]);
  });

  it('refuses a message with nothing left once sanitised: an <img onerror> alone is empty', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    const birth = await memberToken(f.birth.email!);
    const posted = await sendMessage(f.channelId, { html: '<img src="x" onerror="steal()">' }, birth);
    expect(posted.statusCode).toBe(400);
    expect(posted.json()).toEqual({
      message: MSG.conversations.emptyMessage,
      fields: { html: MSG.conversations.emptyMessage },
    });
  });

  it('answers 409 in a disabled channel and to a reader, 404 outside the member’s channels', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    const elsewhere = await familyWithChannel(c, owner.entityId);
    const birth = await memberToken(f.birth.email!);
    const child = await memberToken(f.child.email!);

    const reader = await sendMessage(f.channelId, { html: 'hi' }, child);
    expect(reader.statusCode).toBe(409);
    expect(reader.json()).toEqual({ message: MSG.conversations.cannotWriteHere });

    await c.chat.setChannelDisabled(f.groupId, f.channelId, true);
    const disabled = await sendMessage(f.channelId, { html: 'hi' }, birth);
    expect(disabled.statusCode).toBe(409);
    expect(disabled.json()).toEqual({ message: MSG.conversations.channelIsDisabled });

    expect((await sendMessage(elsewhere.channelId, { html: 'hi' }, birth)).statusCode).toBe(404);
    const theirs = await c.post({
      channelId: elsewhere.channelId,
      userId: elsewhere.parent.memberId,
      html: 'x',
    });
    expect((await flag(theirs, {}, birth)).statusCode).toBe(404);
  });

  it('validates a message: text or an attachment, and attachments are uploaded files, never addresses', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    const birth = await memberToken(f.birth.email!);
    const empty = await sendMessage(f.channelId, { html: '   ' }, birth);
    expect(empty.statusCode).toBe(400);
    expect(empty.error().message).toBe(MSG.conversations.emptyMessage);
    for (const url of [
      'javascript:alert(1)',
      'https://tracker.example.org/pixel.png',
      'data:image/png;base64,AAAA',
    ]) {
      const address = await sendMessage(
        f.channelId,
        { html: 'x', attachments: [{ type: 'image', url, title: null }] },
        birth,
      );
      expect(address.statusCode).toBe(400);
      expect(address.error().message).toBe(MSG.conversations.fileNotUploaded);
    }
    expect((await c.chat.listMessages(f.groupId, f.channelId, { limit: 5 }))?.messages).toEqual([]);
  });

  it('takes member tokens only: none is 401, a portal token is 403; a member token opens no portal route', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    expect((await call(c.t.app, endpoints.chat.channels)).statusCode).toBe(401);
    const bogus = await call(c.t.app, endpoints.chat.channels, { auth: 'Bearer not-a-token' });
    expect(bogus.statusCode).toBe(401);
    const portal = await call(c.t.app, endpoints.chat.channels, { auth: owner.authorization });
    expect(portal.statusCode).toBe(403);
    const member = await memberToken(f.parent.email!);
    const me = await call(c.t.app, endpoints.auth.me, { auth: member });
    expect(me.statusCode).toBe(401);
    const history = await call(c.t.app, endpoints.conversations.list, {
      params: { groupId: f.groupId },
      auth: member,
    });
    expect(history.statusCode).toBe(401);
  });
});

describe('member chat API with the Stream provider', () => {
  it('is not offered: members use the chat provider’s own app', async () => {
    const stream = await createConversationApp('stream');
    try {
      const response = await call(stream.t.app, endpoints.chat.code, {
        body: { email: 'someone@family.test' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: MSG.conversations.memberApiUnavailable });
    } finally {
      await stream.close();
    }
  });
});
