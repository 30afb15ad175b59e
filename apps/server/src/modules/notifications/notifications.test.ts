// The families' app's notifications: a member's choices; the unread-messages e-mail once a
// conversation has gone quiet (never the messages themselves, at most one an hour per conversation,
// never twice about the same messages, in the member's language, with an opt-out link that works
// without signing in); and Web Push to the browsers of the channel's other members, through a push
// service stand-in on loopback, encrypted for the browser's keys.
import { createECDH, randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { endpoints, MSG } from '@bridge-talk/contract';
import ece from 'http_ece';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callLoose } from '../../../test/api-client.js';
import {
  type ConversationApp,
  createConversationApp,
  familyWithChannel,
  signedInEntity,
} from '../../../test/conversations.js';
import { signedMemberAuthorization } from '../../../test/member-chat.js';
import { type SmtpCapture, startSmtpCapture, waitForMessages } from '../../../test/smtp-capture.js';
import { eventually } from '../../../test/test-app.js';
import { sendUnreadMails } from './notifications.service.js';
import { VAPID_KEYS_FILE } from './vapid-keys.js';
import { endpointAllowed } from './web-push-sender.js';

interface Delivery {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A push service: keeps what it is sent; an endpoint listed in `gone` answers 410. */
async function startPushService() {
  const deliveries: Delivery[] = [];
  const gone = new Set<string>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = request.url ?? '';
      deliveries.push({ path: at, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(gone.has(at) ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    deliveries,
    gone,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's subscription keys, as PushManager makes them, and how it reads what it is sent. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    read: (body: Buffer) =>
      JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString()),
  };
}

let smtp: SmtpCapture;
let push: Awaited<ReturnType<typeof startPushService>>;
let c: ConversationApp;
let owner: Awaited<ReturnType<typeof signedInEntity>>;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  push = await startPushService();
  c = await createConversationApp('local', { SMTP_URL: smtp.url, PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true' });
  owner = await signedInEntity(c.t);
});
afterAll(async () => {
  await c.close();
  await push.close();
  await smtp.close();
});

const MINUTE = 60_000;
/** The default quiet period (UNREAD_MAIL_QUIET_MINUTES), and a moment just past it. */
const QUIET = 15 * MINUTE;
const later = (ms: number) => new Date(Date.now() + ms);

const post = async (channelId: string, auth: string, text: string) => {
  const posted = await call(c.t.app, endpoints.chat.messages, {
    params: { channelId },
    auth,
    body: { html: `<p>${text}</p>` },
  });
  return posted.json().id as string;
};

const unreadMailsTo = (email: string) =>
  smtp.messages
    .filter((m) =>
      (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.value.some((v) => v.address === email)),
    )
    .filter((m) => /waiting for you|esperando/.test(m.subject ?? ''));

describe('a member’s choices', () => {
  it('start with e-mails on and no language; each can be changed alone; bad input changes nothing', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    const auth = await signedMemberAuthorization(c.t.app, f.birth.memberId);
    const read = async () => (await call(c.t.app, endpoints.chat.preferences, { auth })).json();
    expect(await read()).toEqual({ emailUnread: true, language: null });

    const spanish = await call(c.t.app, endpoints.chat.updatePreferences, { auth, body: { language: 'es' } });
    expect(spanish.json()).toEqual({ emailUnread: true, language: 'es' });
    const off = await call(c.t.app, endpoints.chat.updatePreferences, { auth, body: { emailUnread: false } });
    expect(off.json()).toEqual({ emailUnread: false, language: 'es' });

    const nothing = await callLoose(c.t.app, endpoints.chat.updatePreferences, { auth, body: {} });
    expect(nothing.statusCode).toBe(400);
    expect(JSON.parse(nothing.body).message).toBe(MSG.extra.preferencesEmpty);
    const french = await callLoose(c.t.app, endpoints.chat.updatePreferences, {
      auth,
      body: { language: 'fr' },
    });
    expect(french.statusCode).toBe(400);
    expect(await read()).toEqual({ emailUnread: false, language: 'es' });

    expect((await callLoose(c.t.app, endpoints.chat.preferences, {})).statusCode).toBe(401);
    expect(
      (await callLoose(c.t.app, endpoints.chat.preferences, { auth: owner.authorization })).statusCode,
    ).toBe(403);
  });
});

describe('the unread-messages e-mail', () => {
  it('waits for the conversation to go quiet, then tells the others, never the writer, never the text', async () => {
    const f = await familyWithChannel(c, owner.entityId, 'Quiet Family');
    const birth = await signedMemberAuthorization(c.t.app, f.birth.memberId);
    await post(f.channelId, birth, 'A secret about the summer');
    await post(f.channelId, birth, 'And one more');

    // Still within the quiet period of the last message: nothing yet.
    expect(await sendUnreadMails(c.t.app.ctx, later(QUIET - MINUTE))).toBe(0);
    expect(await sendUnreadMails(c.t.app.ctx, later(QUIET + MINUTE))).toBe(2);
    const [toParent] = await waitForMessages(smtp, f.parent.email!, /waiting for you/, 1);
    expect(toParent!.subject).toBe('2 messages are waiting for you on Bridge Talk');
    expect(toParent!.text).toContain(
      "Hello Pat, you have messages you have not read yet in the Quiet Family family's conversation.",
    );
    expect(toParent!.text).toContain(`/family/conversations/${f.channelId}`);
    expect(toParent!.text).toMatch(/\/family\/opt-out\?token=\S+/);
    expect(toParent!.text).not.toContain('secret');
    expect(toParent!.html).not.toContain('secret');
    expect(JSON.stringify(toParent!.headers.get('list'))).toContain('/family/opt-out?token=');
    await waitForMessages(smtp, f.child.email!, /waiting for you/, 1);
    expect(unreadMailsTo(f.birth.email!)).toHaveLength(0);

    // Told once: the same messages are never told of again.
    expect(await sendUnreadMails(c.t.app.ctx, later(2 * QUIET))).toBe(0);
  });

  it('sends at most one an hour per conversation, then tells of what came since; read messages are not told', async () => {
    const f = await familyWithChannel(c, owner.entityId, 'Hourly Family');
    const birth = await signedMemberAuthorization(c.t.app, f.birth.memberId);
    const child = await signedMemberAuthorization(c.t.app, f.child.memberId);
    await post(f.channelId, birth, 'First');
    expect(await sendUnreadMails(c.t.app.ctx, later(QUIET + MINUTE))).toBe(2);

    // The child reads everything; the parent does not.
    const second = await post(f.channelId, birth, 'Second');
    await call(c.t.app, endpoints.chat.read, {
      params: { channelId: f.channelId },
      auth: child,
      body: { messageId: second },
    });
    // Quiet again 16 minutes later, but the parent had the conversation's e-mail within the hour.
    expect(await sendUnreadMails(c.t.app.ctx, later(QUIET + 2 * MINUTE))).toBe(0);
    // Past the hour the parent is told of the one message since; the child, who read it, is not.
    expect(await sendUnreadMails(c.t.app.ctx, later(61 * MINUTE + QUIET))).toBe(1);
    const mails = await waitForMessages(smtp, f.parent.email!, /waiting for you/, 2);
    expect(mails[1]!.subject).toBe('A message is waiting for you on Bridge Talk');
    expect(unreadMailsTo(f.child.email!)).toHaveLength(1);
  });

  it('speaks the member’s language; its opt-out link stops them without signing in', async () => {
    const f = await familyWithChannel(c, owner.entityId, 'Familia Luna');
    const parent = await signedMemberAuthorization(c.t.app, f.parent.memberId);
    await call(c.t.app, endpoints.chat.updatePreferences, { auth: parent, body: { language: 'es' } });
    const birth = await signedMemberAuthorization(c.t.app, f.birth.memberId);
    await post(f.channelId, birth, 'Hola');
    await sendUnreadMails(c.t.app.ctx, later(QUIET + MINUTE));
    const [mail] = await waitForMessages(smtp, f.parent.email!, /esperando/, 1);
    expect(mail!.subject).toBe('Tiene un mensaje esperando en Bridge Talk');
    expect(mail!.text).toContain(
      'Hola Pat, tiene mensajes sin leer en la conversación de la familia Familia Luna.',
    );

    const token = decodeURIComponent(/\/family\/opt-out\?token=(\S+)/.exec(mail!.text ?? '')![1]!);
    const stopped = await call(c.t.app, endpoints.chat.unreadMailOptOut, { body: { token } });
    expect(stopped.json()).toEqual({ message: MSG.extra.unreadMailsStopped });
    expect((await call(c.t.app, endpoints.chat.preferences, { auth: parent })).json().emailUnread).toBe(
      false,
    );

    await post(f.channelId, birth, 'Otra vez');
    // Two hours on: the child is told again, the parent who opted out is not.
    expect(await sendUnreadMails(c.t.app.ctx, later(2 * 60 * MINUTE))).toBe(1);
    expect(unreadMailsTo(f.parent.email!)).toHaveLength(1);

    for (const bad of [`${token}x`, 'not-a-token']) {
      const refused = await callLoose(c.t.app, endpoints.chat.unreadMailOptOut, { body: { token: bad } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(MSG.extra.unsubscribeLinkInvalid);
    }
    const empty = await callLoose(c.t.app, endpoints.chat.unreadMailOptOut, { body: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(MSG.extra.unsubscribeLinkInvalid);
  });
});

describe('Web Push', () => {
  it('keeps one key pair in DATA_DIR, readable by its owner only', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    const auth = await signedMemberAuthorization(c.t.app, f.birth.memberId);
    const first = (await call(c.t.app, endpoints.chat.pushKey, { auth })).json().publicKey;
    expect(first).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect((await call(c.t.app, endpoints.chat.pushKey, { auth })).json().publicKey).toBe(first);
    const file = path.join(c.t.app.ctx.config.database.dataDir, VAPID_KEYS_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('tells the other members’ browsers who wrote, never what; a gone subscription is dropped; signing out ends it', async () => {
    const f = await familyWithChannel(c, owner.entityId, 'Push Family');
    const parent = await signedMemberAuthorization(c.t.app, f.parent.memberId);
    const birth = await signedMemberAuthorization(c.t.app, f.birth.memberId);
    const browser = browserKeys();
    const endpoint = `${push.url}/push/${randomBytes(6).toString('hex')}`;
    const subscribed = await callLoose(c.t.app, endpoints.chat.pushSubscribe, {
      auth: parent,
      body: { endpoint, keys: browser.keys },
    });
    expect(subscribed.statusCode).toBe(204);
    // The writer's own browser is not told.
    const writerBrowser = browserKeys();
    const writerEndpoint = `${push.url}/push/writer-${randomBytes(6).toString('hex')}`;
    await call(c.t.app, endpoints.chat.pushSubscribe, {
      auth: birth,
      body: { endpoint: writerEndpoint, keys: writerBrowser.keys },
    });

    await post(f.channelId, birth, 'Private words');
    const delivery = await eventually(async () =>
      push.deliveries.find((d) => d.path === new URL(endpoint).pathname),
    );
    expect(delivery.headers['content-encoding']).toBe('aes128gcm');
    expect(delivery.headers.authorization).toMatch(/^vapid t=.+, k=.+/);
    expect(delivery.headers.topic).toBe(f.channelId.replace(/-/g, ''));
    expect(delivery.body.toString('latin1')).not.toContain('Private');
    expect(browser.read(delivery.body)).toEqual({
      title: 'Bridge Talk · Push Family',
      body: 'Bea Birth wrote a message.',
      url: `/family/conversations/${f.channelId}`,
      tag: f.channelId,
    });
    expect(push.deliveries.some((d) => d.path === new URL(writerEndpoint).pathname)).toBe(false);

    // The browser unsubscribed at its push service: the next message finds it gone, and drops it.
    push.gone.add(new URL(endpoint).pathname);
    await post(f.channelId, birth, 'Again');
    await eventually(async () => {
      const rows = await c.t.sql(`select 1 from member_push_subscriptions where endpoint = '${endpoint}'`);
      return (rows as { rows: unknown[] }).rows.length === 0;
    });

    // The writer signs out on that device: their browser is told nothing more.
    await call(c.t.app, endpoints.chat.pushSubscribe, {
      auth: parent,
      body: { endpoint, keys: browser.keys },
    });
    push.gone.clear();
    await call(c.t.app, endpoints.chat.signOut, { auth: parent });
    const before = push.deliveries.length;
    await post(f.channelId, birth, 'After sign-out');
    // Nothing can be awaited that would arrive: wait for the message's push job to finish instead.
    await eventually(async () => {
      const rows = (await c.t.sql(
        `select count(*)::int as n from pgboss.job where name = 'chat.push' and state in ('created', 'active', 'retry')`,
      )) as { rows: { n: number }[] };
      return rows.rows[0]!.n === 0;
    });
    expect(push.deliveries.length).toBe(before);
  });

  it('takes only endpoints on the public internet over https', async () => {
    expect(await endpointAllowed('https://8.8.8.8/push/1', false)).toBe(true);
    for (const endpoint of [
      'http://8.8.8.8/push/1',
      'https://127.0.0.1/push',
      'https://10.1.2.3/push',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/push',
      'https://[::ffff:127.0.0.1]/push',
      'https://localhost/push',
      'https://user:secret@8.8.8.8/push',
      'not a url',
    ])
      expect(await endpointAllowed(endpoint, false), endpoint).toBe(false);
    const f = await familyWithChannel(c, owner.entityId);
    const auth = await signedMemberAuthorization(c.t.app, f.birth.memberId);
    const bad = await callLoose(c.t.app, endpoints.chat.pushSubscribe, {
      auth,
      body: { endpoint: 'ftp://example.test/x', keys: browserKeys().keys },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.body).message).toBe(MSG.extra.pushEndpointInvalid);
  });
});
