// Outbox mode (no SMTP_URL): every message, attachments included, is written as an .eml file under
// DATA_DIR/outbox that a mail client opens, and the log names the file — without the body when
// OUTBOX_LOG_TEXT=false.
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { endpoints } from '@bridge-talk/contract';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/api-client.js';
import {
  type ConversationApp,
  createConversationApp,
  familyWithChannel,
  signedInEntity,
} from '../../../test/conversations.js';
import { waitForEml as waitForOutboxEml } from '../../../test/outbox.js';
import { codeIn } from '../../../test/smtp-capture.js';
import { eventually, signIn, TEST_ADMIN } from '../../../test/test-app.js';
import type { MailTransport } from '../../providers/mail/mail-transport.js';
import { createOutboxTransport } from '../../providers/mail/outbox-transport.js';
import { CODE_SLOT, deriveCode } from './derived-codes.js';
import { sendMailOnce } from './mail.service.js';
import { resetCodeMail } from './templates.js';

const MAIL_FROM = 'Bridge Talk Outbox <outbox@bridgetalk.test>';
const SENDER = { name: 'Bridge Talk Outbox', address: 'outbox@bridgetalk.test' };
const uniqueEmail = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}@outbox.test`;

let c: ConversationApp;
let outboxDir: string;
beforeAll(async () => {
  c = await createConversationApp('local', { MAIL_FROM });
  outboxDir = c.t.app.ctx.config.mail.outboxDir;
});
afterAll(() => c.close());

const waitForEml = (to: string, subject: RegExp) => waitForOutboxEml(outboxDir, to, subject);

describe('outbox mode', () => {
  it('is the transport when SMTP_URL is unset, and writes under DATA_DIR/outbox', () => {
    expect(c.t.app.ctx.mail.kind).toBe('outbox');
    expect(outboxDir).toBe(path.join(c.t.app.ctx.config.database.dataDir, 'outbox'));
  });

  it('writes an exported conversation as an .eml file whose PDF attachment is intact, and logs its path only', async () => {
    const owner = await signedInEntity(c.t);
    const f = await familyWithChannel(c, owner.entityId, 'Robin Smith');
    await c.post({ channelId: f.channelId, userId: f.parent.memberId, html: '<p>Hello from the lake</p>' });
    const email = uniqueEmail('records');
    const response = await call(c.t.app, endpoints.conversations.exportRequest, {
      params: { channelId: f.channelId },
      auth: owner.authorization,
      body: { email },
    });
    expect(response.statusCode).toBe(200);

    const { file, mail } = await waitForEml(email, /^Conversation export: Robin Smith, Channel 1$/);
    expect(mail.from?.value).toEqual([SENDER]);
    expect(mail.attachments).toHaveLength(1);
    const [pdf] = mail.attachments;
    expect(pdf!.contentType).toBe('application/pdf');
    expect(pdf!.filename).toMatch(/^bridge-talk-robin-smith-channel-1-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(pdf!.content.subarray(0, 5).toString()).toBe('%PDF-');
    // Intact: the fingerprint the mail states is the SHA-256 of the attachment as the file holds it.
    const fingerprint = /^([0-9a-f]{64})$/m.exec(mail.text ?? '')?.[1];
    expect(fingerprint).toBe(createHash('sha256').update(pdf!.content).digest('hex'));
    const verified = await call(c.t.app, endpoints.conversations.verifyExport, {
      params: { hash: fingerprint! },
    });
    expect(verified.json()).toMatchObject({ issued: true, byteSize: pdf!.content.length });

    // The log names the file and the attachment; the body stays out of it (OUTBOX_LOG_TEXT=false).
    const line = await eventually(async () => c.t.logs.find((l) => l.includes(file)));
    expect(line).toContain(pdf!.filename as string);
    expect(line).not.toContain(fingerprint);
  });

  it('writes ordinary mails too: an invitation, with its code, to a file a mail client opens', async () => {
    const admin = await signIn(c.t.app, { ...TEST_ADMIN, role: 'admin' });
    const email = uniqueEmail('invited');
    const created = await call(c.t.app, endpoints.entities.create, {
      auth: admin.authorization,
      body: {
        name: 'Open Arms Agency',
        phone: '(555) 010-2000',
        address: '1 Main Street, Springfield',
        email,
        startContract: '2026-01-01',
        endContract: '2027-12-31',
        subtype: 'agency',
        coupon: '',
      },
    });
    expect(created.statusCode).toBe(201);

    const { file, mail } = await waitForEml(email, /^Your Bridge Talk portal account$/);
    expect(path.basename(file)).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-[0-9a-f-]{36}\.eml$/);
    expect(mail.from?.value).toEqual([SENDER]);
    expect(mail.text).toContain('Hello Open Arms Agency,');
    const code = codeIn(mail.text);
    expect(mail.html).toContain(code);
    expect(mail.attachments).toEqual([]);
    const line = await eventually(async () => c.t.logs.find((l) => l.includes(file)));
    expect(line).not.toContain(code);
  });
});

describe('sending once across a crash', () => {
  it('writes a message whose send was cut short after the file once, whole, and logs the text without its code', async () => {
    const directory = await mkdtemp(path.join(os.tmpdir(), 'bt-outbox-'));
    const logged: string[] = [];
    const logger = {
      info: (_fields: object, line: string) => logged.push(line),
    } as unknown as FastifyBaseLogger;
    const outbox = createOutboxTransport(logger, { from: MAIL_FROM, directory, logText: true });
    // The first attempt writes the file, then the process "dies" before the mail is marked sent.
    let attempts = 0;
    const crashing: MailTransport = {
      kind: 'outbox',
      async send(message, shown) {
        await outbox.send(message, shown);
        attempts++;
        if (attempts === 1) throw new Error('killed after writing');
      },
      check: async () => {},
      close: async () => {},
    };
    const ctx = {
      db: c.t.db(),
      tokenKey: c.t.app.ctx.tokenKey,
      mail: crashing,
      metrics: c.t.app.ctx.metrics,
    };
    const to = uniqueEmail('once');
    const message = { ...resetCodeMail({ to, code: CODE_SLOT }), codeLabel: `verification|${randomUUID()}` };
    const jobKey = `test:${randomUUID()}`;
    await expect(sendMailOnce(ctx, jobKey, message)).rejects.toThrow('killed after writing');
    await sendMailOnce(ctx, jobKey, message);
    await sendMailOnce(ctx, jobKey, message);

    const files = await readdir(directory);
    expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(1);
    expect(files.filter((f) => !f.endsWith('.eml'))).toEqual([]);
    const { mail } = await waitForOutboxEml(directory, to, /verification code/);
    const code = codeIn(mail.text);
    expect(code).toBe(await deriveCode(ctx.tokenKey, message.codeLabel));
    expect(logged.join('\n')).toContain(CODE_SLOT);
    expect(logged.join('\n')).not.toContain(code);
    await rm(directory, { recursive: true, force: true });
  });
});
