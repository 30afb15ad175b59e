// A family member's sign-in to the chat: nobody can lock a member out of it from elsewhere, the codes
// are never kept, and a member's session ends at once when the agency changes what it rests on.
import { endpoints, MSG } from '@bridge-talk/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/api-client.js';
import {
  type ConversationApp,
  createConversationApp,
  familyWithChannel,
  signedInEntity,
} from '../../../test/conversations.js';
import { memberAuthorization } from '../../../test/member-chat.js';
import {
  codeIn,
  type SmtpCapture,
  startSmtpCapture,
  waitForMessage,
  waitForMessages,
} from '../../../test/smtp-capture.js';
import { signIn, TEST_ADMIN } from '../../../test/test-app.js';
import { familyMembers } from '../../db/schema-families.js';

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

const STRANGER = '127.0.0.2';

const say = (authorization: string, channelId: string, html = '<p>Hello</p>') =>
  call(c.t.app, endpoints.chat.messages, { params: { channelId }, auth: authorization, body: { html } });

describe('member sign-in', () => {
  it('is never locked for the member by requests and guesses from another address', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    const email = f.birth.email!;
    for (let i = 0; i < 8; i++) {
      const asked = await call(c.t.app, endpoints.chat.code, { body: { email }, remoteAddress: STRANGER });
      expect(asked.statusCode).toBe(200);
      const guessed = await call(c.t.app, endpoints.chat.sessions, {
        body: { email, code: 'AAAAAA', state: asked.json().state },
        remoteAddress: STRANGER,
      });
      expect(guessed.statusCode).toBe(401);
    }
    // The member's own device: asked and signed in, whatever the stranger did.
    const authorization = await memberAuthorization(c.t.app, smtp, email);
    expect((await call(c.t.app, endpoints.chat.channels, { auth: authorization })).statusCode).toBe(200);
  });

  it('sends a member at most five code e-mails in a code’s lifetime, whoever asks', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    const email = f.parent.email!;
    for (let i = 0; i < 7; i++) {
      const asked = await call(c.t.app, endpoints.chat.code, {
        body: { email },
        remoteAddress: `127.0.0.${10 + i}`,
      });
      expect(asked.json()).toEqual({ message: MSG.conversations.memberCodeSent, state: expect.any(String) });
    }
    await waitForMessages(smtp, email, /chat code/, 5);
    // The requests past the fifth queued no mail at all (so none can arrive later).
    const queued = (await c.t.sql(
      `select count(*)::int as n from pgboss.job where name = 'mail.send' and data->>'to' = '${email}'`,
    )) as { rows: unknown[] };
    expect(queued.rows[0]).toEqual({ n: 5 });
  });

  it('keeps no usable code: the state, the queued job and the recorded e-mail hold none', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    const email = f.birth.email!;
    const asked = await call(c.t.app, endpoints.chat.code, { body: { email } });
    const code = codeIn((await waitForMessage(smtp, email, /chat code/)).text);
    expect(asked.json().state).not.toContain(code);
    const stored = (await c.t.db().execute(
      sql`select (select count(*)::int from pgboss.job where data::text like ${`%${code}%`}) as jobs,
                 (select count(*)::int from mail_messages where text like ${`%${code}%`} or html like ${`%${code}%`}) as mails`,
    )) as { rows: unknown[] };
    expect(stored.rows[0]).toEqual({ jobs: 0, mails: 0 });
  });
});

describe('a member’s session', () => {
  it('ends when the agency changes the member’s e-mail', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    const authorization = await memberAuthorization(c.t.app, smtp, f.birth.email!);
    expect((await say(authorization, f.channelId)).statusCode).toBe(201);
    await c.t
      .db()
      .update(familyMembers)
      .set({ email: `moved-${f.birth.email}` })
      .where(eq(familyMembers.id, f.birth.memberId));
    const refused = await say(authorization, f.channelId);
    expect(refused.statusCode).toBe(401);
    expect(refused.error().message).toBe(MSG.extra.sessionExpired);
  });

  it('ends when the member is deactivated in their only family, and no code signs them in', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    const authorization = await memberAuthorization(c.t.app, smtp, f.birth.email!);
    const deactivated = await call(c.t.app, endpoints.families.memberStatus, {
      params: { groupId: f.groupId, userId: f.birth.memberId },
      auth: owner.authorization,
      body: { active: false },
    });
    expect(deactivated.statusCode).toBe(200);
    expect((await say(authorization, f.channelId)).statusCode).toBe(401);
    const flagged = await call(c.t.app, endpoints.chat.flags, {
      params: { messageId: crypto.randomUUID() },
      auth: authorization,
      body: {},
    });
    expect(flagged.statusCode).toBe(401);
  });

  it('cannot post in a channel the agency disabled', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    const authorization = await memberAuthorization(c.t.app, smtp, f.parent.email!);
    const disabled = await call(c.t.app, endpoints.conversations.manager, {
      params: { groupId: f.groupId, channelId: f.channelId },
      auth: owner.authorization,
      body: { active: false },
    });
    expect(disabled.statusCode).toBe(200);
    const refused = await say(authorization, f.channelId);
    expect(refused.statusCode).toBe(409);
    expect(refused.error().message).toBe(MSG.conversations.channelIsDisabled);
  });

  it('ends when the agency is disabled; a member also in another agency’s family cannot post in the closed one', async () => {
    const closing = await signedInEntity(c.t);
    const other = await signedInEntity(c.t);
    const f = await familyWithChannel(c, closing.entityId);
    const g = await familyWithChannel(c, other.entityId, 'Sky Other');
    const onlyHere = await memberAuthorization(c.t.app, smtp, f.birth.email!);
    // The parent is also in the other agency's family (the same person, by e-mail).
    await c.t.sql(
      `update group_members set member_id = '${f.parent.memberId}' where member_id = '${g.parent.memberId}'`,
    );
    await c.t.sql(
      `update chat_channel_members set user_id = '${f.parent.memberId}' where user_id = '${g.parent.memberId}'`,
    );
    const inBoth = await memberAuthorization(c.t.app, smtp, f.parent.email!);

    const admin = await signIn(c.t.app, { ...TEST_ADMIN, role: 'admin' });
    const edited = await call(c.t.app, endpoints.entities.edit, {
      params: { id: closing.entityId },
      auth: admin.authorization,
      body: { status: 'inactive' },
    });
    expect(edited.statusCode).toBe(200);

    expect((await say(onlyHere, f.channelId)).statusCode).toBe(401);
    const closed = await say(inBoth, f.channelId);
    expect(closed.statusCode).toBe(409);
    expect(closed.error().message).toBe(MSG.conversations.channelIsDisabled);
    expect((await say(inBoth, g.channelId)).statusCode).toBe(201);
  });
});
