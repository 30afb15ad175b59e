// Conversation exports: the request (entity only, tenant-scoped, audited), the durable job that builds
// the PDF transcript and e-mails it once — across a restart too — and the public fingerprint check.
import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { endpoints, formatDate, formatMessageTime, MSG } from '@bridge-talk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call } from '../../../test/api-client.js';
import {
  type ChatKind,
  type ConversationApp,
  createConversationApp,
  familyWithChannel,
  signedInEntity,
} from '../../../test/conversations.js';
import { createPersistentTestDatabase } from '../../../test/databases.js';
import { extractPdfText } from '../../../test/pdf-text.js';
import { type SmtpCapture, startSmtpCapture, waitForMessage } from '../../../test/smtp-capture.js';
import { eventually, signIn, TEST_ADMIN } from '../../../test/test-app.js';
import { users } from '../../db/schema.js';
import { conversationExports } from '../../db/schema-families.js';
import { htmlToText } from '../../lib/html-to-text.js';
import { listAuditEvents } from './channels.repository.js';
import { chronological, runExport, surveyChannel } from './export-job.js';
import { listExports } from './exports.repository.js';

let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
});
afterAll(() => smtp.close());

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const utcDateTime = (date: Date) => `${formatDate(date, 'UTC')} ${formatMessageTime(date, 'UTC')}`;
const uniqueEmail = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}@records.test`;

function fingerprintIn(text: string | undefined): string {
  const match = /^([0-9a-f]{64})$/m.exec(text ?? '');
  if (!match?.[1]) throw new Error(`no fingerprint in: ${text}`);
  return match[1];
}

describe.each<ChatKind>(['local', 'stream'])('conversation export (%s chat provider)', (kind) => {
  let c: ConversationApp;
  let owner: Awaited<ReturnType<typeof signedInEntity>>;
  let other: Awaited<ReturnType<typeof signedInEntity>>;
  beforeAll(async () => {
    c = await createConversationApp(kind, { SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.example.org' });
    owner = await signedInEntity(c.t);
    other = await signedInEntity(c.t);
  });
  afterAll(() => c.close());

  const request = (channelId: string, email: string, authorization = owner.authorization) =>
    call(c.t.app, endpoints.conversations.exportRequest, {
      params: { channelId },
      auth: authorization,
      body: { email },
    });

  it('e-mails the whole channel as a PDF, cover and messages readable in it, whose SHA-256 the mail states and the verify call confirms', async () => {
    const f = await familyWithChannel(c, owner.entityId, 'Robin Smith');
    const start = Date.parse('2026-01-05T09:00:00Z');
    let flagged = '';
    for (let i = 0; i < 450; i++) {
      const id = await c.post({
        channelId: f.channelId,
        userId: i % 3 ? f.parent.memberId : f.birth.memberId,
        html: `<p>Message number ${i} &amp; more</p>`,
        createdAt: new Date(start + i * 60_000),
        attachments:
          i === 10 ? [{ type: 'image', url: 'https://cdn.example.org/lake.jpg', title: 'Lake' }] : [],
      });
      if (i === 20) flagged = id;
    }
    await c.flag({ messageId: flagged, userId: f.parent.memberId, reason: 'unkind' });
    const email = uniqueEmail('records');

    const response = await request(f.channelId, email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: MSG.families.exportRequested, exportId: expect.any(String) });

    const mail = await waitForMessage(smtp, email, /Conversation export/, 30_000);
    expect(mail.subject).toBe('Conversation export: Robin Smith, Channel 1');
    expect(mail.attachments).toHaveLength(1);
    const [pdf] = mail.attachments;
    expect(pdf!.contentType).toBe('application/pdf');
    expect(pdf!.filename).toMatch(/^bridge-talk-robin-smith-channel-1-\d{4}-\d{2}-\d{2}\.pdf$/);
    const bytes = pdf!.content;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain(`(Export ${response.json().exportId})`);
    // A cover page, then the messages over several pages.
    const pages = bytes.toString('latin1').match(/\/Type \/Page\b/g) ?? [];
    expect(pages.length).toBeGreaterThan(5);

    // What the file says: the cover as the job fills it from the request, then the messages.
    const [coverPage, ...messagePages] = extractPdfText(bytes);
    const coverLines = coverPage!.split('\n');
    const after = (label: string) => coverLines[coverLines.indexOf(label) + 1];
    expect(after('FAMILY')).toBe('Robin Smith');
    expect(after('AGENCY')).toBe(owner.entityName);
    expect(after('CHANNEL')).toBe('Channel 1');
    expect(coverLines).toEqual(
      expect.arrayContaining([
        `Pat Parent — ${MSG.families.roleAdoptiveParent}, can write`,
        `Bea Birth — ${MSG.families.roleBirthFamily}, can write`,
        `Robin Smith — ${MSG.families.roleChild}, read only`,
      ]),
    );
    expect(after('MESSAGES')).toBe('450');
    expect(after('DATE RANGE')).toBe('01.05.2026 9:00:00 AM to 01.05.2026 4:29:00 PM');
    const [requester] = await c.t
      .db()
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, owner.userId));
    const [requested] = await c.t
      .db()
      .select({ createdAt: conversationExports.createdAt })
      .from(conversationExports)
      .where(eq(conversationExports.id, response.json().exportId));
    expect(after('REQUESTED BY')).toBe(
      `${requester!.firstName} ${requester!.lastName} (${owner.email}) on ${utcDateTime(requested!.createdAt)}`,
    );
    expect(after('SENT TO')).toBe(email);
    const messageLines = messagePages.join('\n').split('\n');
    const tenth = messageLines.indexOf('Pat Parent   9:10:00 AM');
    expect(messageLines[0]).toBe('01.05.2026');
    // A picture at an address the portal does not read is a labelled placeholder, never the address.
    expect(messageLines.slice(tenth, tenth + 4)).toEqual([
      'Pat Parent   9:10:00 AM',
      'Message number 10 & more',
      MSG.conversations.attachmentUnavailable,
      'Image: Lake',
    ]);
    expect(messageLines.join('\n')).not.toContain('cdn.example.org');
    const twentieth = messageLines.indexOf('Pat Parent   9:20:00 AM');
    expect(messageLines[twentieth + 1]).toBe('Message number 20 & more');
    // Reported now, just before the request.
    expect(messageLines[twentieth + 2]).toMatch(
      new RegExp(
        `^${MSG.families.reportedBy('Pat Parent')} \\(\\d\\d\\.\\d\\d\\.\\d{4} \\d{1,2}:\\d\\d:\\d\\d [AP]M: unkind\\)$`,
      ),
    );
    expect(messageLines.filter((line) => line.startsWith(MSG.families.reportedBy('')))).toHaveLength(1);
    expect(messageLines.filter((line) => /^Message number \d+ & more$/.test(line))).toHaveLength(450);

    const fingerprint = fingerprintIn(mail.text);
    expect(fingerprint).toBe(sha256(bytes));
    expect(mail.text).toContain(`https://portal.example.org/verify/${fingerprint}`);
    expect(mail.text).toContain('(450 messages)');

    // The mail can arrive a moment before the job marks the export sent.
    await eventually(
      async () => (await listExports(c.t.db(), owner.entityId, f.groupId))[0]?.status === 'sent',
    );
    const verified = await call(c.t.app, endpoints.conversations.verifyExport, {
      params: { hash: fingerprint },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({
      issued: true,
      document: 'transcript',
      sha256: fingerprint,
      message: MSG.conversations.exportIssued,
      issuedAt: expect.any(String),
      channelId: f.channelId,
      channelLabel: 'Channel 1',
      messageCount: 450,
      byteSize: bytes.length,
    });
    // Nothing of the conversation, the family or the recipient is revealed.
    expect(verified.body).not.toContain('Robin');
    expect(verified.body).not.toContain(email);
    expect(verified.body).not.toContain('Message number');

    const [row] = await listExports(c.t.db(), owner.entityId, f.groupId);
    expect(row).toMatchObject({ status: 'sent', sha256: fingerprint, messageCount: 450, email });
    const events = await listAuditEvents(c.t.db(), owner.entityId, f.groupId);
    expect(events).toEqual([
      {
        actorUserId: owner.userId,
        action: 'conversation.export_requested',
        channelId: f.channelId,
        createdAt: expect.any(Date),
      },
    ]);
  });

  it('validates the e-mail with the spec’s message', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    const response = await request(f.channelId, 'not-an-email');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: MSG.validation.exportEmailWrong,
      fields: { email: MSG.validation.exportEmailWrong },
    });
    expect(await listExports(c.t.db(), owner.entityId, f.groupId)).toEqual([]);
  });

  it("answers 404 for another entity's channel or an unknown one, records nothing and sends nothing", async () => {
    const f = await familyWithChannel(c, owner.entityId);
    const email = uniqueEmail('thief');
    const foreign = await request(f.channelId, email, other.authorization);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: MSG.extra.notFound });
    expect((await request('00000000-0000-4000-8000-000000000000', email)).statusCode).toBe(404);
    expect(await listExports(c.t.db(), owner.entityId, f.groupId)).toEqual([]);
    expect(await listAuditEvents(c.t.db(), other.entityId, f.groupId)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(
      smtp.messages.some((m) => m.subject?.startsWith('Conversation export') && m.text?.includes(email)),
    ).toBe(false);
  });

  it('refuses anonymous callers (401) and admins (403)', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    const anonymous = await call(c.t.app, endpoints.conversations.exportRequest, {
      params: { channelId: f.channelId },
      body: { email: 'a@b.co' },
    });
    expect(anonymous.statusCode).toBe(401);
    const admin = (await signIn(c.t.app, { ...TEST_ADMIN, role: 'admin' })).authorization;
    expect((await request(f.channelId, 'a@b.co', admin)).statusCode).toBe(403);
  });

  it('the verify call is public: an unknown fingerprint was not issued, a malformed one is a 400', async () => {
    const unknown = await call(c.t.app, endpoints.conversations.verifyExport, {
      params: { hash: 'a'.repeat(64) },
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({
      issued: false,
      sha256: 'a'.repeat(64),
      message: MSG.conversations.exportNotIssued,
    });
    const upper = await call(c.t.app, endpoints.conversations.verifyExport, {
      params: { hash: 'A'.repeat(64) },
    });
    expect(upper.json().sha256).toBe('a'.repeat(64));
    const malformed = await call(c.t.app, endpoints.conversations.verifyExport, { params: { hash: 'xyz' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(MSG.conversations.invalidFingerprint);
  });
});

describe('export job', () => {
  let c: ConversationApp;
  let owner: Awaited<ReturnType<typeof signedInEntity>>;
  beforeAll(async () => {
    // No workers: the tests run the job themselves.
    c = await createConversationApp('local', { SMTP_URL: smtp.url }, { startWorkers: false });
    owner = await signedInEntity(c.t);
  });
  afterAll(() => c.close());

  it('delivers once: a job run again, or retried after a crash between sending and completing, sends nothing more', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    await c.post({ channelId: f.channelId, userId: f.parent.memberId, html: 'one' });
    const email = uniqueEmail('once');
    const response = await call(c.t.app, endpoints.conversations.exportRequest, {
      params: { channelId: f.channelId },
      auth: owner.authorization,
      body: { email },
    });
    const { exportId } = response.json();
    expect(await runExport(c.t.app.ctx, exportId)).toBe('sent');
    // The file was read as the mail went out, and is gone: nothing of the conversation stays on disk.
    const folder = path.join(c.t.app.ctx.config.database.dataDir, 'exports');
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
    expect(await readdir(folder)).toEqual([]);
    expect(await runExport(c.t.app.ctx, exportId)).toBe('skipped');
    const [sent] = await listExports(c.t.db(), owner.entityId, f.groupId);

    // A crash after the mail went out but before the export row was completed: the retry finds the
    // mail sent and only completes the row, keeping the fingerprint of the file that was sent.
    await c.t
      .db()
      .update(conversationExports)
      .set({ status: 'queued' })
      .where(eq(conversationExports.id, exportId));
    expect(await runExport(c.t.app.ctx, exportId)).toBe('sent');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const delivered = smtp.messages.filter((m) =>
      (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.text.includes(email)),
    );
    expect(delivered).toHaveLength(1);
    expect(fingerprintIn(delivered[0]!.text)).toBe(sent!.sha256);
    expect(sha256(delivered[0]!.attachments[0]!.content)).toBe(sent!.sha256);
    const [after] = await listExports(c.t.db(), owner.entityId, f.groupId);
    expect(after).toMatchObject({ status: 'sent', sha256: sent!.sha256 });
  });

  it('builds the same file again for the same request (same SHA-256), whatever was posted since', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    await c.post({ channelId: f.channelId, userId: f.parent.memberId, html: 'before the request' });
    const response = await call(c.t.app, endpoints.conversations.exportRequest, {
      params: { channelId: f.channelId },
      auth: owner.authorization,
      body: { email: uniqueEmail('same') },
    });
    const { exportId } = response.json();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const later = await c.post({
      channelId: f.channelId,
      userId: f.birth.memberId,
      html: 'after the request',
    });
    await c.flag({ messageId: later, userId: f.parent.memberId });
    expect(await runExport(c.t.app.ctx, exportId)).toBe('sent');
    const [first] = await listExports(c.t.db(), owner.entityId, f.groupId);
    await c.post({ channelId: f.channelId, userId: f.birth.memberId, html: 'even later' });
    await c.t
      .db()
      .update(conversationExports)
      .set({ status: 'queued' })
      .where(eq(conversationExports.id, exportId));
    await c.t.sql(`delete from mail_messages where job_id = 'export:${exportId}'`);
    expect(await runExport(c.t.app.ctx, exportId)).toBe('sent');
    const [second] = await listExports(c.t.db(), owner.entityId, f.groupId);
    expect(second!.sha256).toBe(first!.sha256);
    expect(second!.messageCount).toBe(1);
  });

  it('reads a channel oldest first in batches, up to the request, even while members keep posting', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    const start = Date.parse('2026-02-01T00:00:00Z');
    for (let i = 0; i < 530; i++) {
      await c.post({
        channelId: f.channelId,
        userId: f.parent.memberId,
        html: `${i}`,
        createdAt: new Date(start + i * 1000),
      });
    }
    const cutoff = new Date(start + 520 * 1000);
    const survey = await surveyChannel(c.chat, f.groupId, f.channelId, cutoff);
    expect(survey).toMatchObject({ count: 521, first: new Date(start), last: cutoff });
    expect(survey!.batches).toHaveLength(3);
    // New messages arrive between the two passes.
    for (let i = 0; i < 250; i++)
      await c.post({ channelId: f.channelId, userId: f.birth.memberId, html: `late ${i}` });
    const read: string[] = [];
    for await (const message of chronological(c.chat, f.groupId, f.channelId, survey!, cutoff))
      read.push(message.html);
    expect(read).toEqual(Array.from({ length: 521 }, (_, i) => `${i}`));
  });

  it('marks an export failed when its channel no longer exists', async () => {
    const f = await familyWithChannel(c, owner.entityId);
    const response = await call(c.t.app, endpoints.conversations.exportRequest, {
      params: { channelId: f.channelId },
      auth: owner.authorization,
      body: { email: uniqueEmail('gone') },
    });
    await c.t.sql(`delete from chat_channels where id = '${f.channelId}'`);
    expect(await runExport(c.t.app.ctx, response.json().exportId)).toBe('failed');
    const [row] = await listExports(c.t.db(), owner.entityId, f.groupId);
    expect(row!.status).toBe('failed');
  });
});

describe('export across a restart', () => {
  it('a request answered before a restart is delivered after it, exactly once', async () => {
    const store = await createPersistentTestDatabase({
      pglite: inject('pgliteTemplate'),
      postgres: inject('postgresTemplate'),
    });
    const email = uniqueEmail('restart');
    try {
      const firstDb = await store.open();
      const first = await createConversationApp(
        'local',
        { SMTP_URL: smtp.url },
        { database: firstDb, startWorkers: false },
      );
      const owner = await signedInEntity(first.t);
      const f = await familyWithChannel(first, owner.entityId);
      await first.post({
        channelId: f.channelId,
        userId: f.birth.memberId,
        html: '<p>Before the restart</p>',
      });
      const response = await call(first.t.app, endpoints.conversations.exportRequest, {
        params: { channelId: f.channelId },
        auth: owner.authorization,
        body: { email },
      });
      expect(response.statusCode).toBe(200);
      await first.close();
      await firstDb.close();
      expect(
        smtp.messages.some(
          (m) => m.subject?.startsWith('Conversation export') && m.text?.includes('restart'),
        ),
      ).toBe(false);

      const secondDb = await store.open();
      const second = await createConversationApp('local', { SMTP_URL: smtp.url }, { database: secondDb });
      try {
        const mail = await waitForMessage(smtp, email, /Conversation export/, 30_000);
        const rows = await eventually(async () => {
          const found = await listExports(second.t.db(), owner.entityId, f.groupId);
          return found[0]?.status === 'sent' ? found : null;
        });
        expect(rows[0]!.sha256).toBe(sha256(mail.attachments[0]!.content));
        await new Promise((resolve) => setTimeout(resolve, 2000));
        const delivered = smtp.messages.filter((m) =>
          (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.text.includes(email)),
        );
        expect(delivered).toHaveLength(1);
      } finally {
        await second.close();
        await secondDb.close();
      }
    } finally {
      await store.drop();
    }
  });
});

describe('transcript text', () => {
  it('keeps paragraphs, line breaks, list items and link addresses, and drops every tag', () => {
    expect(
      htmlToText(
        '<p>Hi &amp; welcome<br>second line</p><ul><li>one</li><li>two</li></ul><p><a href="https://x.org/a?b=1&amp;c=2">the photos</a></p><img src=x onerror=alert(1)><script>alert(2)</script>',
      ),
    ).toBe('Hi & welcome\nsecond line\n• one\n• two\nthe photos (https://x.org/a?b=1&c=2)');
    expect(htmlToText('<a href="https://x.org">https://x.org</a>')).toBe('https://x.org');
    expect(htmlToText('5 &lt; 6 &#128512;')).toBe('5 < 6 😀');
  });
});
