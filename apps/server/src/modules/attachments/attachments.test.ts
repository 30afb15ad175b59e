// Chat attachments as files the portal stores: members upload pictures and videos (recognised from
// their bytes), attach them to a message, and the entity (and the members) open them through the
// portal — whole, in ranges, or as a thumbnail — with a media token in the address. Stream's addresses
// and earlier local rows are read by the portal itself, and only from hosts it trusts.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { crc32 } from 'node:zlib';
import { endpoints, MSG } from '@bridge-talk/contract';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, callLoose, urlOf, withKey } from '../../../test/api-client.js';
import {
  type ConversationApp,
  createConversationApp,
  familyWithChannel,
  signedInEntity,
} from '../../../test/conversations.js';
import { createEntityUser } from '../../../test/factories.js';
import { memberAuthorization, signedMemberAuthorization } from '../../../test/member-chat.js';
import { multipartBody, type UploadPart } from '../../../test/multipart.js';
import { type SmtpCapture, startSmtpCapture } from '../../../test/smtp-capture.js';
import { startStreamStandIn } from '../../../test/stream-stand-in.js';
import {
  assertNoSecretsIn,
  createTestApp,
  rememberSecret,
  signIn,
  TEST_ADMIN,
} from '../../../test/test-app.js';
import { chatFiles, chatMessages } from '../../db/schema-chat.js';
import { UPLOADS_IN_FLIGHT_PER_MEMBER } from '../chat/chat.service.js';
import { createAttachmentsService } from './attachments.service.js';
import {
  deleteOrphanFiles,
  deleteUnsentFiles,
  ORPHAN_FILE_GRACE_MS,
  UNSENT_FILE_TTL_MS,
} from './unsent-uploads.js';

// ---------------------------------------------------------------------------------------------------
// Files made here

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function picture(format: 'jpeg' | 'png' | 'webp' | 'gif', width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c00' } })
    [format]()
    .toBuffer();
}

/** An EBML element with a one-byte size (bodies here are under 127 bytes). */
function ebml(id: number[], body: Buffer): Buffer {
  return Buffer.concat([Buffer.from(id), Buffer.from([0x80 | body.length]), body]);
}

/** The smallest WebM a recogniser knows: the EBML header, DocType 'webm'. */
function webmHeader(): Buffer {
  const header = Buffer.concat([
    ebml([0x42, 0x86], Buffer.from([1])), // EBMLVersion
    ebml([0x42, 0xf7], Buffer.from([1])), // EBMLReadVersion
    ebml([0x42, 0xf2], Buffer.from([4])), // EBMLMaxIDLength
    ebml([0x42, 0xf3], Buffer.from([8])), // EBMLMaxSizeLength
    ebml([0x42, 0x82], Buffer.from('webm')), // DocType
    ebml([0x42, 0x87], Buffer.from([2])), // DocTypeVersion
    ebml([0x42, 0x85], Buffer.from([2])), // DocTypeReadVersion
  ]);
  return ebml([0x1a, 0x45, 0xdf, 0xa3], header);
}

/** A PNG chunk with its right length and CRC: well formed, whatever the data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The PNG signature and a right IHDR chunk (40×30, 8-bit RGB): what every header check looks at. */
function pngHeader(width = 40, height = 30): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', ihdr)]);
}

/** A PNG whose chunks are all well formed but whose pixel data is junk: it has a size, not a picture. */
function pngWithJunkPixels(width = 40, height = 30): Buffer {
  return Buffer.concat([
    pngHeader(width, height),
    pngChunk('IDAT', Buffer.alloc(500, 0x42)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const GARDEN_MP4 = new URL('../../../../web/public/demo/garden.mp4', import.meta.url);

// ---------------------------------------------------------------------------------------------------
// The app, a family, its members

let smtp: SmtpCapture;
let c: ConversationApp;
let owner: Awaited<ReturnType<typeof signedInEntity>>;
let f: Awaited<ReturnType<typeof familyWithChannel>>;
let birth: string;
let parent: string;
let mp4: Buffer;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  c = await createConversationApp('local', { SMTP_URL: smtp.url });
  owner = await signedInEntity(c.t);
  f = await familyWithChannel(c, owner.entityId);
  birth = await memberToken(f.birth.email!);
  parent = await memberToken(f.parent.email!);
  mp4 = await readFile(GARDEN_MP4);
});
afterAll(async () => {
  await c?.close();
  await smtp?.close();
});

const memberToken = (email: string) => memberAuthorization(c.t.app, smtp, email);

// Uploads are limited to 30 a minute per address; this file makes more, each from an address of its own.
let uploads = 0;

function upload(channelId: string, authorization: string, parts: UploadPart[]) {
  const body = multipartBody(parts);
  uploads += 1;
  return callLoose(c.t.app, endpoints.chat.files, {
    params: { channelId },
    body: body.payload,
    auth: authorization,
    headers: { ...body.headers },
    remoteAddress: `10.0.${Math.floor(uploads / 250)}.${uploads % 250}`,
  });
}

/** Uploads one file that must be taken; its id. */
async function uploaded(channelId: string, authorization: string, part: UploadPart): Promise<string> {
  const answer = await upload(channelId, authorization, [part]);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().id;
}

function postMessage(
  channelId: string,
  authorization: string,
  body: { html?: string; attachments?: { fileId: string; title?: string | null }[] },
) {
  return call(c.t.app, endpoints.chat.messages, { params: { channelId }, body, auth: authorization });
}

async function posted(channelId: string, authorization: string, fileIds: string[]): Promise<string> {
  const answer = await postMessage(channelId, authorization, {
    html: '<p>Look</p>',
    attachments: fileIds.map((fileId) => ({ fileId, title: null })),
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().id;
}

const entityAddress = (g: { groupId: string; channelId: string }, messageId: string, index = 0) =>
  urlOf(endpoints.conversations.attachment, {
    groupId: g.groupId,
    channelId: g.channelId,
    messageId,
    index: String(index),
  });

const memberAddress = (channelId: string, messageId: string, index = 0) =>
  urlOf(endpoints.chat.attachment, { channelId, messageId, index: String(index) });

/** Opens an attachment's address as a browser would: the address itself is under test. */
function get(app: ConversationApp, url: string, headers: Record<string, string> = {}) {
  return app.t.app.inject({ method: 'GET', url, headers });
}

/** The entity's message page of a channel: its messages, newest first. */
async function messagesOf(
  app: ConversationApp,
  g: { groupId: string; channelId: string },
  authorization: string,
) {
  const page = await call(app.t.app, endpoints.conversations.list, {
    params: { groupId: g.groupId },
    query: { channelId: g.channelId },
    auth: authorization,
  });
  expect(page.statusCode, page.body).toBe(200);
  return withKey(page.json(), 'messages').messages;
}

async function attachmentsOf(
  app: ConversationApp,
  g: { groupId: string; channelId: string },
  messageId: string,
  authorization: string,
) {
  const message = (await messagesOf(app, g, authorization)).find((m) => m.id === messageId);
  expect(message).toBeDefined();
  return message!.attachments;
}

/** What is stored: chat_files rows, and files in the storage folder (each object is bytes + sidecar). */
async function stored() {
  const [row] = await c.t.db().select({ n: count() }).from(chatFiles);
  const dir = c.t.app.ctx.config.storage.dir;
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return { rows: row!.n, files: entries.filter((e) => e.isFile()).length };
}

async function messageCount(channelId: string) {
  const [row] = await c.t
    .db()
    .select({ n: count() })
    .from(chatMessages)
    .where(eq(chatMessages.channelId, channelId));
  return row!.n;
}

/** The Content-Disposition of a plain ASCII name (no space, quote or percent sign). */
const inline = (name: string) => `inline; filename="${name}"; filename*=UTF-8''${name}`;

// ---------------------------------------------------------------------------------------------------

describe('uploading and opening each allowed kind', () => {
  const cases = [
    {
      kind: 'JPEG',
      bytes: () => picture('jpeg'),
      part: { fileName: 'Holiday photo.jpeg', contentType: 'image/jpeg' },
      contentType: 'image/jpeg',
      fileName: 'Holiday photo.jpg',
      disposition: `inline; filename="Holiday photo.jpg"; filename*=UTF-8''Holiday%20photo.jpg`,
      type: 'image',
    },
    {
      kind: 'PNG',
      bytes: () => picture('png'),
      part: { fileName: 'drawing.PNG', contentType: 'image/png' },
      contentType: 'image/png',
      fileName: 'drawing.png',
      disposition: inline('drawing.png'),
      type: 'image',
    },
    {
      kind: 'WebP',
      bytes: () => picture('webp'),
      part: { fileName: "Zoë's café.webp", contentType: 'image/webp' },
      contentType: 'image/webp',
      fileName: "Zoë's café.webp",
      disposition: `inline; filename="Zo_'s caf_.webp"; filename*=UTF-8''Zo%C3%AB%27s%20caf%C3%A9.webp`,
      type: 'image',
    },
    {
      kind: 'GIF',
      // Named and sent as something else: the kind comes from the bytes.
      bytes: () => picture('gif'),
      part: { fileName: 'wave.jpg', contentType: 'image/jpeg' },
      contentType: 'image/gif',
      fileName: 'wave.gif',
      disposition: inline('wave.gif'),
      type: 'image',
    },
    {
      kind: 'PNG named with a right-to-left override',
      // Shown as it is, this name reads 'invoicegnp.exe.pdf'.
      bytes: () => picture('png'),
      part: { fileName: 'invoice\u202Efdp.exe.png', contentType: 'image/png' },
      contentType: 'image/png',
      fileName: 'invoicefdp.exe.png',
      disposition: inline('invoicefdp.exe.png'),
      type: 'image',
    },
    {
      kind: 'MP4',
      bytes: () => readFile(GARDEN_MP4),
      part: { fileName: 'garden.mp4', contentType: 'video/mp4' },
      contentType: 'video/mp4',
      fileName: 'garden.mp4',
      disposition: inline('garden.mp4'),
      type: 'video',
    },
    {
      kind: 'WebM',
      bytes: async () => webmHeader(),
      part: { fileName: 'clip', contentType: 'application/octet-stream' },
      contentType: 'video/webm',
      fileName: 'clip.webm',
      disposition: inline('clip.webm'),
      type: 'video',
    },
  ] as const;

  it.each(cases)('takes a $kind, and the entity and the members get it back byte for byte', async (t) => {
    const bytes = await t.bytes();
    const answer = await upload(f.channelId, birth, [{ ...t.part, bytes }]);
    expect(answer.statusCode, answer.body).toBe(201);
    const file = answer.json();
    const picture = t.type === 'image';
    expect(file).toEqual({
      id: expect.any(String),
      type: t.type,
      contentType: t.contentType,
      size: bytes.length,
      sha256: sha256(bytes),
      fileName: t.fileName,
      width: picture ? 40 : null,
      height: picture ? 30 : null,
    });

    const messageId = await posted(f.channelId, birth, [file.id]);
    const address = entityAddress(f, messageId);
    const [shown] = await attachmentsOf(c, f, messageId, owner.authorization);
    expect(shown).toEqual({
      type: t.type,
      title: null,
      ...(picture
        ? {
            image_url: expect.stringMatching(new RegExp(`^${address}\\?access=[\\w.-]+$`)),
            thumb_url: expect.stringMatching(new RegExp(`^${address}\\?size=thumb&access=[\\w.-]+$`)),
            width: 40,
            height: 30,
          }
        : { asset_url: expect.stringMatching(new RegExp(`^${address}\\?access=[\\w.-]+$`)) }),
      file_name: t.fileName,
      size: bytes.length,
      sha256: sha256(bytes),
    });

    for (const [who, url, authorization] of [
      ['entity', address, owner.authorization],
      ['member who posted', memberAddress(f.channelId, messageId), birth],
      ['other member', memberAddress(f.channelId, messageId), parent],
    ] as const) {
      const got = await get(c, url, { authorization });
      expect(got.statusCode, `${who}: ${got.body}`).toBe(200);
      expect(got.rawPayload.equals(bytes), who).toBe(true);
      expect(got.headers).toMatchObject({
        'content-type': t.contentType,
        'content-length': String(bytes.length),
        'content-disposition': t.disposition,
        'x-content-type-options': 'nosniff',
        'accept-ranges': 'bytes',
      });
      expect(got.headers['cache-control']).toContain('private');
      expect(got.headers['cache-control']).not.toContain('public');
    }
  });
});

describe('refused uploads', () => {
  const cases: { what: string; parts: () => Promise<UploadPart[]>; status: number; message: string }[] = [
    {
      what: 'an HTML page named photo.png, sent as image/png',
      parts: async () => [
        {
          bytes: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
          fileName: 'photo.png',
          contentType: 'image/png',
        },
      ],
      status: 415,
      message: MSG.conversations.fileTypeNotAllowed,
    },
    {
      what: 'an SVG carrying a script',
      parts: async () => [
        {
          bytes: Buffer.from(
            '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
              `<script>fetch("${endpoints.auth.me.path}")</script><rect width="10" height="10"/></svg>`,
          ),
          fileName: 'drawing.svg',
          contentType: 'image/svg+xml',
        },
      ],
      status: 415,
      message: MSG.conversations.fileTypeNotAllowed,
    },
    {
      what: 'an empty file',
      parts: async () => [{ bytes: Buffer.alloc(0), fileName: 'empty.jpg', contentType: 'image/jpeg' }],
      status: 400,
      message: MSG.conversations.fileEmpty,
    },
    {
      what: 'a picture of 16 MB (a PNG header, then filler)',
      parts: async () => [
        {
          bytes: Buffer.concat([pngHeader(), Buffer.alloc(16 * 1024 * 1024 - pngHeader().length, 0x42)]),
          fileName: 'huge.png',
          contentType: 'image/png',
        },
      ],
      status: 413,
      message: MSG.conversations.fileTooLarge('15 MB'),
    },
    {
      what: 'a PNG header followed by junk',
      parts: async () => [
        {
          bytes: Buffer.concat([pngHeader(), Buffer.alloc(300, 0x42)]),
          fileName: 'broken.png',
          contentType: 'image/png',
        },
      ],
      status: 415,
      message: MSG.conversations.fileTypeNotAllowed,
    },
    {
      what: 'a PNG whose chunks are well formed but whose pixel data is junk',
      parts: async () => [{ bytes: pngWithJunkPixels(), fileName: 'junk.png', contentType: 'image/png' }],
      status: 415,
      message: MSG.conversations.fileTypeNotAllowed,
    },
    {
      what: 'the first half of a JPEG',
      parts: async () => {
        const jpeg = await sharp({
          create: {
            width: 400,
            height: 300,
            channels: 3,
            background: '#808080',
            noise: { type: 'gaussian', mean: 128, sigma: 30 },
          },
        })
          .jpeg()
          .toBuffer();
        return [{ bytes: jpeg.subarray(0, jpeg.length / 2), fileName: 'cut.jpg', contentType: 'image/jpeg' }];
      },
      status: 415,
      message: MSG.conversations.fileTypeNotAllowed,
    },
    {
      what: 'two files in one request',
      parts: async () => [
        { bytes: await picture('png'), fileName: 'one.png', contentType: 'image/png' },
        { bytes: await picture('png'), fileName: 'two.png', contentType: 'image/png' },
      ],
      status: 400,
      message: MSG.conversations.fileTooMany,
    },
  ];

  it.each(cases)('refuses $what, and stores nothing', async ({ parts, status, message }) => {
    const before = await stored();
    const answer = await upload(f.channelId, birth, await parts());
    expect(answer.statusCode, answer.body).toBe(status);
    expect(answer.json()).toEqual({ message });
    expect(await stored()).toEqual(before);
  });

  it('refuses a JSON body, or a form without a file, as no file chosen, and stores nothing', async () => {
    const before = await stored();
    const json = await callLoose(c.t.app, endpoints.chat.files, {
      params: { channelId: f.channelId },
      body: { file: Buffer.from(await picture('png')).toString('base64') },
      auth: birth,
      remoteAddress: '10.9.0.1',
    });
    expect(json.statusCode, json.body).toBe(400);
    expect(json.json()).toEqual({ message: MSG.conversations.fileMissing });

    const boundary = '----btnofile';
    const noFile = await callLoose(c.t.app, endpoints.chat.files, {
      params: { channelId: f.channelId },
      body: `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nHello\r\n--${boundary}--\r\n`,
      auth: birth,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      remoteAddress: '10.9.0.2',
    });
    expect(noFile.statusCode, noFile.body).toBe(400);
    expect(noFile.json()).toEqual({ message: MSG.conversations.fileMissing });
    expect(await stored()).toEqual(before);
  });

  it('takes uploads only from a member of the channel, with a member token', async () => {
    const other = await familyWithChannel(c, owner.entityId, 'Other Family');
    const before = await stored();
    const part = { bytes: await picture('png'), fileName: 'x.png', contentType: 'image/png' };
    const notMine = await upload(other.channelId, birth, [part]);
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json()).toEqual({ message: MSG.extra.notFound });
    const portalUser = await upload(f.channelId, owner.authorization, [part]);
    expect(portalUser.statusCode).toBe(403);
    expect(portalUser.json()).toEqual({ message: MSG.extra.forbidden });
    const { payload, headers } = multipartBody([part]);
    const anonymous = await callLoose(c.t.app, endpoints.chat.files, {
      params: { channelId: f.channelId },
      payload,
      headers,
      remoteAddress: '10.9.0.3',
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await stored()).toEqual(before);
  });
});

describe('uploads only where the member may write', () => {
  it('refuses a reader’s upload and one to a disabled channel (409), and stores nothing', async () => {
    const g = await familyWithChannel(c, owner.entityId, 'Reader Family');
    const reader = await signedMemberAuthorization(c.t.app, g.child.memberId);
    const writer = await memberToken(g.birth.email!);
    const part = { bytes: await picture('png'), fileName: 'x.png', contentType: 'image/png' };
    const before = await stored();
    const read = await upload(g.channelId, reader, [part]);
    expect(read.statusCode).toBe(409);
    expect(read.json()).toEqual({ message: MSG.conversations.cannotWriteHere });
    await c.chat.setChannelDisabled(g.groupId, g.channelId, true);
    const disabled = await upload(g.channelId, writer, [part]);
    expect(disabled.statusCode).toBe(409);
    expect(disabled.json()).toEqual({ message: MSG.conversations.channelIsDisabled });
    expect(await stored()).toEqual(before);
    await c.chat.setChannelDisabled(g.groupId, g.channelId, false);
    expect((await upload(g.channelId, writer, [part])).statusCode).toBe(201);
  });
});

describe('uploads never sent', () => {
  it('are removed, row and stored bytes, a day after the upload; sent files and newer uploads stay', async () => {
    const g = await familyWithChannel(c, owner.entityId, 'Cleanup Family');
    const writer = await memberToken(g.birth.email!);
    const part = { bytes: await picture('png'), fileName: 'x.png', contentType: 'image/png' };
    const sentId = await uploaded(g.channelId, writer, part);
    await posted(g.channelId, writer, [sentId]);
    const unsentId = await uploaded(g.channelId, writer, part);
    const before = await stored();
    // Not yet a day old: nothing goes.
    expect(await deleteUnsentFiles(c.t.app.ctx)).toBe(0);
    expect(await stored()).toEqual(before);
    const [unsent] = await c.t.db().select().from(chatFiles).where(eq(chatFiles.id, unsentId));
    const later = new Date(Date.now() + UNSENT_FILE_TTL_MS + 60_000);
    const removed = await deleteUnsentFiles(c.t.app.ctx, later);
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await c.t.db().select().from(chatFiles).where(eq(chatFiles.id, unsentId))).toEqual([]);
    expect(await c.t.app.ctx.storage.head(unsent!.storageKey)).toBeNull();
    expect(await c.t.db().select().from(chatFiles).where(eq(chatFiles.id, sentId))).toHaveLength(1);
    // A removed upload cannot be sent any more.
    const late = await postMessage(g.channelId, writer, { attachments: [{ fileId: unsentId }] });
    expect(late.statusCode).toBe(400);
    expect(late.error().message).toBe(MSG.conversations.fileNotUploaded);
  });
});

describe('posting uploaded files', () => {
  const png = () => ({ fileName: 'p.png', contentType: 'image/png' });

  async function refused(channelId: string, authorization: string, fileIds: string[]) {
    const before = await messageCount(channelId);
    const answer = await postMessage(channelId, authorization, {
      html: '<p>Look</p>',
      attachments: fileIds.map((fileId) => ({ fileId, title: 'Look' })),
    });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toEqual({
      message: MSG.conversations.fileNotUploaded,
      fields: { attachments: MSG.conversations.fileNotUploaded },
    });
    expect(await messageCount(channelId)).toBe(before);
  }

  it('refuses a file id that was never uploaded', async () => {
    await refused(f.channelId, birth, [randomUUID()]);
  });

  it("refuses another member's file, which that member can still send", async () => {
    const fileId = await uploaded(f.channelId, parent, { ...png(), bytes: await picture('png') });
    await refused(f.channelId, birth, [fileId]);
    await posted(f.channelId, parent, [fileId]);
  });

  it('refuses a file uploaded to another channel of the same member', async () => {
    const { id: second } = await c.chat.ensureChannel({
      groupId: f.groupId,
      key: `second-${randomUUID()}`,
      members: [{ userId: f.birth.memberId, role: 'birth_family', permission: 'write' }],
    });
    const fileId = await uploaded(second, birth, { ...png(), bytes: await picture('png') });
    await refused(f.channelId, birth, [fileId]);
    await posted(second, birth, [fileId]);
  });

  it('refuses a file already sent, and the same file twice in one message', async () => {
    const fileId = await uploaded(f.channelId, birth, { ...png(), bytes: await picture('png') });
    await posted(f.channelId, birth, [fileId]);
    await refused(f.channelId, birth, [fileId]);
    const again = await uploaded(f.channelId, birth, { ...png(), bytes: await picture('png') });
    await refused(f.channelId, birth, [again, again]);
  });

  it('refuses the whole message when one of its files is not right, and keeps the good file unsent', async () => {
    const good = await uploaded(f.channelId, birth, { ...png(), bytes: await picture('png') });
    await refused(f.channelId, birth, [good, randomUUID()]);
    const [row] = await c.t
      .db()
      .select({ messageId: chatFiles.messageId })
      .from(chatFiles)
      .where(eq(chatFiles.id, good));
    expect(row).toEqual({ messageId: null });
    await posted(f.channelId, birth, [good]);
  });

  it('does not send one file twice when two messages with it are posted at once', async () => {
    const fileId = await uploaded(f.channelId, birth, { ...png(), bytes: await picture('png') });
    const before = await messageCount(f.channelId);
    const answers = await Promise.all(
      [1, 2, 3].map(() => postMessage(f.channelId, birth, { attachments: [{ fileId, title: null }] })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400, 400]);
    expect(await messageCount(f.channelId)).toBe(before + 1);
  });
});

describe('range requests on a video', () => {
  let messageId: string;
  beforeAll(async () => {
    const fileId = await uploaded(f.channelId, birth, {
      bytes: mp4,
      fileName: 'garden.mp4',
      contentType: 'video/mp4',
    });
    messageId = await posted(f.channelId, birth, [fileId]);
  });

  it('answers the bytes asked for, with their place in the file', async () => {
    const size = mp4.length;
    for (const [range, start, end] of [
      ['bytes=0-99', 0, 99],
      ['bytes=-10', size - 10, size - 1],
      ['bytes=100-', 100, size - 1],
      [`bytes=${size - 1}-${size + 5000}`, size - 1, size - 1],
    ] as const) {
      for (const [url, authorization] of [
        [entityAddress(f, messageId), owner.authorization],
        [memberAddress(f.channelId, messageId), parent],
      ] as const) {
        const answer = await get(c, url, { authorization, range });
        expect(answer.statusCode, `${range}: ${answer.body}`).toBe(206);
        expect(answer.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
        expect(answer.headers['content-length']).toBe(String(end - start + 1));
        expect(answer.headers['content-type']).toBe('video/mp4');
        expect(answer.rawPayload.equals(mp4.subarray(start, end + 1)), range).toBe(true);
      }
    }
  });

  it('answers 416 for a range that starts past the end, naming the size', async () => {
    for (const range of [`bytes=${mp4.length}-`, `bytes=${mp4.length + 10}-${mp4.length + 20}`, 'bytes=-0']) {
      const answer = await get(c, entityAddress(f, messageId), { authorization: owner.authorization, range });
      expect(answer.statusCode, range).toBe(416);
      expect(answer.headers['content-range']).toBe(`bytes */${mp4.length}`);
      expect(answer.json()).toEqual({ message: MSG.conversations.attachmentUnavailable });
    }
  });

  it('answers the whole file for a header that is not one range', async () => {
    for (const range of ['bytes=0-1,5-9', 'items=0-5', 'bytes=abc']) {
      const answer = await get(c, entityAddress(f, messageId), { authorization: owner.authorization, range });
      expect(answer.statusCode, range).toBe(200);
      expect(answer.rawPayload.equals(mp4), range).toBe(true);
    }
  });
});

describe('thumbnails', () => {
  it('makes a JPEG of at most 640 px once, keeps it, and serves it again', async () => {
    const big = await sharp({
      create: {
        width: 1600,
        height: 1200,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 100, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    const fileId = await uploaded(f.channelId, birth, {
      bytes: big,
      fileName: 'big.jpg',
      contentType: 'image/jpeg',
    });
    const messageId = await posted(f.channelId, birth, [fileId]);
    const before = await stored();
    const thumbUrl = `${entityAddress(f, messageId)}?size=thumb`;

    // Asked for three times at once, as a page of pictures does: one thumbnail is kept.
    const first = await Promise.all(
      [1, 2, 3].map(() => get(c, thumbUrl, { authorization: owner.authorization })),
    );
    for (const answer of first) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers['content-type']).toBe('image/jpeg');
      expect(answer.rawPayload.equals(first[0]!.rawPayload)).toBe(true);
    }
    const meta = await sharp(first[0]!.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width!, meta.height!)).toBe(640);
    expect(meta.width).toBe(640);
    expect(meta.height).toBe(480);
    expect(first[0]!.rawPayload.length).toBeLessThan(big.length);

    const [row] = await c.t
      .db()
      .select({ key: chatFiles.thumbnailKey })
      .from(chatFiles)
      .where(eq(chatFiles.id, fileId));
    expect(row!.key).toMatch(/^[0-9a-f]{32}$/);
    expect(await stored()).toEqual({ rows: before.rows, files: before.files + 2 });

    const again = await get(c, thumbUrl, { authorization: owner.authorization });
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(first[0]!.rawPayload)).toBe(true);
    const member = await get(c, `${memberAddress(f.channelId, messageId)}?size=thumb`, {
      authorization: birth,
    });
    expect(member.rawPayload.equals(first[0]!.rawPayload)).toBe(true);
    const [after] = await c.t
      .db()
      .select({ key: chatFiles.thumbnailKey })
      .from(chatFiles)
      .where(eq(chatFiles.id, fileId));
    expect(after!.key).toBe(row!.key);
    expect(await stored()).toEqual({ rows: before.rows, files: before.files + 2 });

    // The full size is still the original.
    const full = await get(c, entityAddress(f, messageId), { authorization: owner.authorization });
    expect(full.rawPayload.equals(big)).toBe(true);
  });

  it('serves a small picture’s thumbnail at its own size, and a video’s "thumbnail" is the video', async () => {
    const small = await picture('png');
    const pngId = await uploaded(f.channelId, birth, {
      bytes: small,
      fileName: 's.png',
      contentType: 'image/png',
    });
    const videoId = await uploaded(f.channelId, birth, {
      bytes: mp4,
      fileName: 'g.mp4',
      contentType: 'video/mp4',
    });
    const messageId = await posted(f.channelId, birth, [pngId, videoId]);
    const thumb = await get(c, `${entityAddress(f, messageId, 0)}?size=thumb`, {
      authorization: owner.authorization,
    });
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([40, 30]);
    const video = await get(c, `${entityAddress(f, messageId, 1)}?size=thumb`, {
      authorization: owner.authorization,
    });
    expect(video.headers['content-type']).toBe('video/mp4');
    expect(video.rawPayload.equals(mp4)).toBe(true);
  });
});

describe('the media token in an attachment address', () => {
  let messageId: string;
  let bytes: Buffer;
  let imageUrl: string;
  let token: string;
  beforeAll(async () => {
    bytes = await picture('jpeg');
    const fileId = await uploaded(f.channelId, birth, {
      bytes,
      fileName: 'a.jpg',
      contentType: 'image/jpeg',
    });
    messageId = await posted(f.channelId, birth, [fileId]);
    const [shown] = await attachmentsOf(c, f, messageId, owner.authorization);
    imageUrl = shown!.image_url as string;
    token = new URL(imageUrl, 'http://portal').searchParams.get('access')!;
    rememberSecret(token);
  });

  it('opens the attachment with no Authorization header, as an <img> loads it', async () => {
    const answer = await get(c, imageUrl);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.rawPayload.equals(bytes)).toBe(true);
    const thumb = await get(c, `${entityAddress(f, messageId)}?size=thumb&access=${token}`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
  });

  it('opens nothing but its own channel, and nothing when altered or missing', async () => {
    const unauthenticated = { message: MSG.extra.sessionExpired };
    // Another family of another entity, with a message of its own.
    const stranger = await createEntityUser(c.t.db());
    const theirs = await familyWithChannel(c, stranger.entityId, 'Stranger Family');
    const theirToken = await memberToken(theirs.birth.email!);
    const theirFile = await uploaded(theirs.channelId, theirToken, {
      bytes,
      fileName: 'b.jpg',
      contentType: 'image/jpeg',
    });
    const theirMessage = await posted(theirs.channelId, theirToken, [theirFile]);
    const otherFamily = await get(c, `${entityAddress(theirs, theirMessage)}?access=${token}`);
    expect(otherFamily.statusCode).toBe(401);
    expect(otherFamily.json()).toEqual(unauthenticated);

    // Another channel of the same family.
    const { id: second } = await c.chat.ensureChannel({
      groupId: f.groupId,
      key: `media-${randomUUID()}`,
      members: [{ userId: f.birth.memberId, role: 'birth_family', permission: 'write' }],
    });
    const secondFile = await uploaded(second, birth, { bytes, fileName: 'c.jpg', contentType: 'image/jpeg' });
    const secondMessage = await posted(second, birth, [secondFile]);
    const otherChannel = await get(
      c,
      `${entityAddress({ groupId: f.groupId, channelId: second }, secondMessage)}?access=${token}`,
    );
    expect(otherChannel.statusCode).toBe(401);

    // One character of the signature changed; the payload changed; no token.
    const [head, payload, signature] = token.split('.') as [string, string, string];
    const at = Math.floor(signature.length / 2);
    const altered = `${head}.${payload}.${signature.slice(0, at)}${signature[at] === 'A' ? 'B' : 'A'}${signature.slice(at + 1)}`;
    const forged = `${head}.${payload.slice(0, -2)}${payload.endsWith('x') ? 'y' : 'x'}${payload.slice(-1)}.${signature}`;
    for (const access of [altered, forged, '', 'nonsense']) {
      const answer = await get(c, `${entityAddress(f, messageId)}?access=${encodeURIComponent(access)}`);
      expect(answer.statusCode, access).toBe(401);
      expect(answer.json()).toEqual(unauthenticated);
    }
    expect((await get(c, entityAddress(f, messageId))).statusCode).toBe(401);
  });

  it('is no bearer token: it opens no other route', async () => {
    const me = await call(c.t.app, endpoints.auth.me, { auth: `Bearer ${token}` });
    expect(me.statusCode).toBe(401);
    const page = await callLoose(c.t.app, endpoints.conversations.list, {
      params: { groupId: f.groupId },
      query: { channelId: f.channelId, access: token },
    });
    expect(page.statusCode).toBe(401);
    const asMember = await get(c, memberAddress(f.channelId, messageId), {
      authorization: `Bearer ${token}`,
    });
    expect(asMember.statusCode).toBe(401);
  });

  it('stops working when its session ends', async () => {
    // A second session of the owner, so that the owner's first one stays signed in.
    const session = await signIn(c.t.app, { email: owner.email, password: owner.password!, role: 'entity' });
    const [shown] = await attachmentsOf(c, f, messageId, session.authorization);
    const address = shown!.image_url as string;
    expect((await get(c, address)).statusCode).toBe(200);
    const logout = await call(c.t.app, endpoints.auth.logout, { auth: session.authorization });
    expect(logout.statusCode).toBe(200);
    const after = await get(c, address);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: MSG.extra.sessionExpired });
    // The first session's address still opens.
    expect((await get(c, imageUrl)).statusCode).toBe(200);
  });

  it('the entity route takes no member, no admin, and no other entity', async () => {
    const address = entityAddress(f, messageId);
    const member = await get(c, address, { authorization: birth });
    expect(member.statusCode).toBe(401);
    expect(member.json()).toEqual({ message: MSG.extra.sessionExpired });

    const admin = await signIn(c.t.app, { ...TEST_ADMIN, role: 'admin' });
    const asAdmin = await get(c, address, { authorization: admin.authorization });
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json()).toEqual({ message: MSG.extra.forbidden });

    const other = await signedInEntity(c.t);
    const asOther = await get(c, address, { authorization: other.authorization });
    expect(asOther.statusCode).toBe(404);
    expect(asOther.json()).toEqual({ message: MSG.extra.notFound });

    // The member route takes no portal user either.
    const portalOnMember = await get(c, memberAddress(f.channelId, messageId), {
      authorization: owner.authorization,
    });
    expect(portalOnMember.statusCode).toBe(403);
  });

  it('writes no media token to the log', async () => {
    expect(() => assertNoSecretsIn(c.t.logs)).not.toThrow();
  });
});

describe('attachments of local rows of the earlier kind (addresses)', () => {
  async function oldRow(url: string, title: string, type: 'image' | 'video' = 'image') {
    const [row] = await c.t
      .db()
      .insert(chatMessages)
      .values({
        channelId: f.channelId,
        userId: f.birth.memberId,
        html: '<p>From before</p>',
        attachments: [{ type, url, title }],
      })
      .returning({ id: chatMessages.id });
    return row!.id;
  }

  it('serves a data: URL picture as its bytes', async () => {
    const png = await picture('png');
    const messageId = await oldRow(`data:image/png;base64,${png.toString('base64')}`, 'Old');
    const address = entityAddress(f, messageId);
    const [shown] = await attachmentsOf(c, f, messageId, owner.authorization);
    expect(shown).toEqual({
      type: 'image',
      title: 'Old',
      image_url: expect.stringMatching(new RegExp(`^${address}\\?access=[\\w.-]+$`)),
    });
    const answer = await get(c, shown!.image_url as string);
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload.equals(png)).toBe(true);
    expect(answer.headers).toMatchObject({
      'content-type': 'image/png',
      'content-disposition': inline('Old.png'),
      'x-content-type-options': 'nosniff',
    });
    expect(answer.headers['cache-control']).toContain('private');
  });

  it('shows an SVG data: URL as unavailable, and serves nothing for it', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const messageId = await oldRow(`data:image/svg+xml;base64,${svg.toString('base64')}`, 'Old drawing');
    const [shown] = await attachmentsOf(c, f, messageId, owner.authorization);
    expect(shown).toEqual({ type: 'image', title: 'Old drawing' });
    const answer = await get(c, entityAddress(f, messageId), { authorization: owner.authorization });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ message: MSG.conversations.attachmentUnavailable });
  });

  it('gives no address to a data: URL that names a picture type but holds an SVG (the route would refuse it)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>');
    const messageId = await oldRow(`data:image/png;base64,${svg.toString('base64')}`, 'Disguised');
    const [shown] = await attachmentsOf(c, f, messageId, owner.authorization);
    expect(shown).toEqual({ type: 'image', title: 'Disguised' });
    const answer = await get(c, entityAddress(f, messageId), { authorization: owner.authorization });
    expect(answer.statusCode).toBe(404);
  });

  it('prints a video in the transcript by the still frame its chat provider gave, and by nothing without one', async () => {
    const png = await picture('png');
    const service = createAttachmentsService(c.t.app.ctx);
    const video = {
      type: 'video' as const,
      url: `data:video/mp4;base64,${mp4.toString('base64')}`,
      title: 'Clip',
    };
    const still = await service.pictureForPrint(
      f.channelId,
      { ...video, posterUrl: `data:image/png;base64,${png.toString('base64')}` },
      300,
    );
    expect(still).toMatchObject({ width: expect.any(Number), height: expect.any(Number) });
    expect(still!.jpeg.subarray(0, 2).toString('hex')).toBe('ffd8');
    expect(await service.pictureForPrint(f.channelId, video, 300)).toBeNull();
  });

  it('serves a data: URL video as its bytes', async () => {
    const messageId = await oldRow(`data:video/mp4;base64,${mp4.toString('base64')}`, 'Old video', 'video');
    const [shown] = await attachmentsOf(c, f, messageId, owner.authorization);
    expect(shown).toEqual({
      type: 'video',
      title: 'Old video',
      asset_url: expect.stringMatching(new RegExp(`^${entityAddress(f, messageId)}\\?access=[\\w.-]+$`)),
    });
    const answer = await get(c, shown!.asset_url as string);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('video/mp4');
    expect(answer.rawPayload.equals(mp4)).toBe(true);
  });

  it('shows a data: URL that is not valid percent-encoding as unavailable', async () => {
    const messageId = await oldRow('data:image/png,%E0%A4%A', 'Broken');
    const [shown] = await attachmentsOf(c, f, messageId, owner.authorization);
    expect(shown).toEqual({ type: 'image', title: 'Broken' });
    const answer = await get(c, entityAddress(f, messageId), { authorization: owner.authorization });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ message: MSG.conversations.attachmentUnavailable });
  });

  it('answers 404 for an attachment index the message does not have', async () => {
    const fileId = await uploaded(f.channelId, birth, {
      bytes: await picture('png'),
      fileName: 'p.png',
      contentType: 'image/png',
    });
    const messageId = await posted(f.channelId, birth, [fileId]);
    const answer = await get(c, entityAddress(f, messageId, 1), { authorization: owner.authorization });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ message: MSG.conversations.attachmentUnavailable });
    const unknown = await get(c, entityAddress(f, randomUUID()), { authorization: owner.authorization });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('Stream provider: the portal reads the CDN for the viewer', () => {
  let stand: Awaited<ReturnType<typeof startStreamStandIn>>;
  let s: ConversationApp;
  let entity: Awaited<ReturnType<typeof signedInEntity>>;
  let family: Awaited<ReturnType<typeof familyWithChannel>>;

  beforeAll(async () => {
    // The stand-in is started here (not by createConversationApp) because the test puts files on its CDN.
    stand = await startStreamStandIn();
    const t = await createTestApp({
      CHAT_PROVIDER: 'stream',
      STREAM_API_KEY: stand.apiKey,
      STREAM_API_SECRET: stand.apiSecret,
      STREAM_BASE_URL: stand.url,
    });
    s = {
      t,
      kind: 'stream',
      chat: t.app.ctx.chat,
      post: () => Promise.reject(new Error('post at the stand-in')),
      flag: () => Promise.reject(new Error('flag at the stand-in')),
      flagAtProvider: () => Promise.reject(new Error('flag at the stand-in')),
      close: async () => {
        await t.close();
        await stand.close();
      },
    };
    entity = await signedInEntity(s.t);
    family = await familyWithChannel(s, entity.entityId);
  });
  afterAll(() => s?.close());

  it('gives a portal address for a CDN picture, and the portal answers its bytes', async () => {
    const jpeg = await picture('jpeg');
    const cdn = stand.putMedia('garden-photo.jpg', jpeg, 'image/jpeg');
    const messageId = stand.postMessage(family.channelId, {
      userId: family.birth.memberId,
      html: '<p>Our garden</p>',
      attachments: [{ type: 'image', image_url: cdn, title: 'Garden' }],
    });
    const address = entityAddress(family, messageId);
    const [shown] = await attachmentsOf(s, family, messageId, entity.authorization);
    expect(shown).toEqual({
      type: 'image',
      title: 'Garden',
      image_url: expect.stringMatching(new RegExp(`^${address}\\?access=[\\w.-]+$`)),
    });
    expect(JSON.stringify(shown)).not.toContain(new URL(stand.url).host);
    const answer = await get(s, shown!.image_url as string);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.rawPayload.equals(jpeg)).toBe(true);
    expect(answer.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'content-disposition': inline('garden-photo.jpg'),
      'x-content-type-options': 'nosniff',
    });
    expect(answer.headers['cache-control']).toContain('private');
  });

  it('serves a CDN file whose name is not valid percent-encoding', async () => {
    const png = await picture('png');
    const cdn = stand.putMedia('100%.png', png, 'image/png');
    const messageId = stand.postMessage(family.channelId, {
      userId: family.birth.memberId,
      html: '<p>Full marks</p>',
      attachments: [{ type: 'image', image_url: cdn, title: null }],
    });
    const answer = await get(s, entityAddress(family, messageId), { authorization: entity.authorization });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.rawPayload.equals(png)).toBe(true);
  });

  it('gives no address for a picture on another host, answers 404 for it, and never contacts that host', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    try {
      const messageId = stand.postMessage(family.channelId, {
        userId: family.birth.memberId,
        html: '<p>Elsewhere</p>',
        attachments: [{ type: 'image', image_url: 'https://example.com/x.png', title: 'X' }],
      });
      const [shown] = await attachmentsOf(s, family, messageId, entity.authorization);
      expect(shown).toEqual({ type: 'image', title: 'X' });
      const answer = await get(s, entityAddress(family, messageId), { authorization: entity.authorization });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ message: MSG.conversations.attachmentUnavailable });
      const contacted = fetchSpy.mock.calls.map(([input]) =>
        String(input instanceof Request ? input.url : input),
      );
      expect(contacted.filter((url) => url.includes('example.com'))).toEqual([]);
    } finally {
      fetchSpy.mockRestore();
    }
  });

  it('refuses a CDN answer that is not a picture', async () => {
    const cdn = stand.putMedia(
      'page.png',
      Buffer.from('<html><script>alert(1)</script></html>'),
      'text/html',
    );
    const messageId = stand.postMessage(family.channelId, {
      userId: family.birth.memberId,
      html: '<p>Trick</p>',
      attachments: [{ type: 'image', image_url: cdn, title: null }],
    });
    const answer = await get(s, entityAddress(family, messageId), { authorization: entity.authorization });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ message: MSG.conversations.attachmentUnavailable });
  });
});

// ---------------------------------------------------------------------------------------------------
// Uploads are read as they arrive, within their limits

/** Counts the bytes the storage provider is given by each put, passing them on unchanged. */
function countStoredBytes() {
  const storage = c.t.app.ctx.storage;
  const put = storage.put.bind(storage);
  const given: number[] = [];
  const spy = vi.spyOn(storage, 'put').mockImplementation(async ({ body, contentType }) => {
    const index = given.push(0) - 1;
    async function* counted() {
      for await (const chunk of Buffer.isBuffer(body) ? [body] : body) {
        given[index]! += chunk.length;
        yield chunk;
      }
    }
    return put({ body: counted(), contentType });
  });
  return { given, restore: () => spy.mockRestore() };
}

describe('uploads read as they arrive', () => {
  it('cuts a picture off at 15 MB while it arrives: the storage never gets the rest, and nothing stays', async () => {
    const counter = countStoredBytes();
    try {
      const before = await stored();
      const header = pngHeader();
      const answer = await upload(f.channelId, birth, [
        {
          bytes: Buffer.concat([header, Buffer.alloc(40 * 1024 * 1024 - header.length, 0x42)]),
          fileName: 'huge.png',
          contentType: 'image/png',
        },
      ]);
      expect(answer.statusCode, answer.body).toBe(413);
      expect(answer.json()).toEqual({ message: MSG.conversations.fileTooLarge('15 MB') });
      expect(answer.headers.connection).toBe('close');
      expect(counter.given).toHaveLength(1);
      expect(counter.given[0]).toBeLessThanOrEqual(15 * 1024 * 1024);
      // No temporary file either: the folder holds what it held.
      expect(await stored()).toEqual(before);
    } finally {
      counter.restore();
    }
  });

  it('refuses a picture of more pixels than the limit before decoding them, and keeps nothing', async () => {
    // 8000 × 8000 of one colour: a small file (about 200 KB) that decodes to 192 MB.
    const bomb = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const before = await stored();
    const answer = await upload(f.channelId, birth, [
      { bytes: bomb, fileName: 'bomb.png', contentType: 'image/png' },
    ]);
    expect(answer.statusCode, answer.body).toBe(413);
    expect(answer.json()).toEqual({ message: MSG.conversations.pictureTooManyPixels(50) });
    expect(await stored()).toEqual(before);
  });

  it(`takes at most ${UPLOADS_IN_FLIGHT_PER_MEMBER} uploads of one member at a time (429), others' still`, async () => {
    const counter = countStoredBytes();
    try {
      const bytes = await sharp({
        create: {
          width: 400,
          height: 300,
          channels: 3,
          background: '#808080',
          noise: { type: 'gaussian', mean: 128, sigma: 30 },
        },
      })
        .png()
        .toBuffer();
      // Each held upload sends its first 10 KB and waits: it is in flight until the rest comes.
      const held = Array.from({ length: UPLOADS_IN_FLIGHT_PER_MEMBER }, () => {
        const body = multipartBody([{ bytes, fileName: 'slow.png', contentType: 'image/png' }]);
        const stream = new PassThrough();
        stream.write(body.payload.subarray(0, 10_000));
        uploads += 1;
        const answer = callLoose(c.t.app, endpoints.chat.files, {
          params: { channelId: f.channelId },
          body: stream,
          auth: birth,
          headers: { ...body.headers },
          remoteAddress: `10.1.${Math.floor(uploads / 250)}.${uploads % 250}`,
        });
        return { answer, finish: () => stream.end(body.payload.subarray(10_000)) };
      });
      await vi.waitFor(() => expect(counter.given.length).toBe(UPLOADS_IN_FLIGHT_PER_MEMBER), {
        timeout: 10_000,
      });
      const part = { bytes: await picture('png'), fileName: 'x.png', contentType: 'image/png' };
      const refused = await upload(f.channelId, birth, [part]);
      expect(refused.statusCode, refused.body).toBe(429);
      expect(refused.json()).toEqual({ message: MSG.conversations.uploadsInFlight });
      // Another member is not held up by this one.
      expect((await upload(f.channelId, parent, [part])).statusCode).toBe(201);
      for (const h of held) h.finish();
      for (const h of held) expect((await h.answer).statusCode).toBe(201);
      // Once they are done, the member uploads again.
      expect((await upload(f.channelId, birth, [part])).statusCode).toBe(201);
    } finally {
      counter.restore();
    }
  });

  it('answers a body that is not a form with 400 and its message, and logs no error', async () => {
    const before = await stored();
    const logged = c.t.logs.length;
    const answer = await callLoose(c.t.app, endpoints.chat.files, {
      params: { channelId: f.channelId },
      body: 'x',
      auth: birth,
      headers: { 'content-type': 'multipart/form-data; boundary=zzz' },
      remoteAddress: '10.9.1.1',
    });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toEqual({ message: MSG.conversations.fileUnreadable });
    // A form cut short in the middle of its file is the same mistake.
    const body = multipartBody([
      { bytes: await picture('png'), fileName: 'x.png', contentType: 'image/png' },
    ]);
    const cut = await callLoose(c.t.app, endpoints.chat.files, {
      params: { channelId: f.channelId },
      body: body.payload.subarray(0, body.payload.length - 100),
      auth: birth,
      headers: { ...body.headers },
      remoteAddress: '10.9.1.2',
    });
    expect(cut.statusCode, cut.body).toBe(400);
    expect(cut.json()).toEqual({ message: MSG.conversations.fileUnreadable });
    const errors = c.t.logs
      .slice(logged)
      .flatMap((line) => line.split('\n'))
      .filter((line) => line.trim() && (JSON.parse(line) as { level: number }).level >= 50);
    expect(errors).toEqual([]);
    expect(await stored()).toEqual(before);
  });
});

describe('stored files no row names', () => {
  it('are removed an hour after they were stored, with temporary files as old; younger ones and named files stay', async () => {
    const { storage } = c.t.app.ctx;
    const dir = c.t.app.ctx.config.storage.dir;
    const g = await familyWithChannel(c, owner.entityId, 'Orphan Family');
    const writer = await memberToken(g.birth.email!);
    const part = { bytes: await picture('png'), fileName: 'x.png', contentType: 'image/png' };
    const unsentId = await uploaded(g.channelId, writer, part);
    const sentId = await uploaded(g.channelId, writer, part);
    await posted(g.channelId, writer, [sentId]);
    const named = await c.t.db().select({ key: chatFiles.storageKey }).from(chatFiles);
    // What a server stopped between storing and recording leaves: an object and temporary files.
    const old = await storage.put({ body: Buffer.from('old orphan'), contentType: 'image/png' });
    const young = await storage.put({ body: Buffer.from('young orphan'), contentType: 'image/png' });
    const shard = (key: string) => path.join(dir, key.slice(0, 2), key.slice(2, 4));
    const oldTemp = path.join(shard(old.key), `${old.key}.0123456789ab.tmp`);
    const youngTemp = path.join(shard(young.key), `${young.key}.0123456789ab.tmp`);
    await mkdir(shard(old.key), { recursive: true });
    await writeFile(oldTemp, 'half an upload');
    await writeFile(youngTemp, 'an upload in progress');
    const anHourAgo = new Date(Date.now() - ORPHAN_FILE_GRACE_MS - 60_000);
    for (const file of [
      path.join(shard(old.key), old.key),
      path.join(shard(old.key), `${old.key}.json`),
      oldTemp,
    ])
      await utimes(file, anHourAgo, anHourAgo);
    // The named files are as old: their rows keep them.
    for (const { key } of named)
      for (const file of [path.join(shard(key), key), path.join(shard(key), `${key}.json`)])
        await utimes(file, anHourAgo, anHourAgo).catch(() => undefined);

    expect(await deleteOrphanFiles(c.t.app.ctx)).toBe(2);
    expect(await storage.head(old.key)).toBeNull();
    expect(await readdir(shard(old.key)).then((names) => names.filter((n) => n.startsWith(old.key)))).toEqual(
      [],
    );
    expect(await storage.head(young.key)).not.toBeNull();
    expect(await readFile(youngTemp, 'utf8')).toBe('an upload in progress');
    for (const { key } of named) expect(await storage.head(key), key).not.toBeNull();
    const [unsent] = await c.t.db().select().from(chatFiles).where(eq(chatFiles.id, unsentId));
    expect(await storage.head(unsent!.storageKey)).not.toBeNull();
    // Past the grace period, the young ones go too.
    const later = new Date(Date.now() + ORPHAN_FILE_GRACE_MS + 60_000);
    expect(await deleteOrphanFiles(c.t.app.ctx, later)).toBe(2);
    expect(await storage.head(young.key)).toBeNull();
    for (const { key } of named) expect(await storage.head(key), key).not.toBeNull();
  });
});

describe('bidirectional controls in messages', () => {
  it('come back unable to reorder the words around them', async () => {
    const html =
      '<p>Pay <a href="https://pay.example/1">invoice\u202Efdp.exe.png</a> today</p>' +
      '<p>\u202Bשלום <b>bold</b></p>';
    const answer = await postMessage(f.channelId, birth, { html });
    expect(answer.statusCode, answer.body).toBe(201);
    const page = await call(c.t.app, endpoints.conversations.list, {
      params: { groupId: f.groupId },
      query: { channelId: f.channelId },
      auth: owner.authorization,
    });
    const shown = withKey(page.json(), 'messages').messages.find((m) => m.id === answer.json().id);
    expect(shown?.html).toBe(
      '<p>Pay <a href="https://pay.example/1" target="_blank" rel="noopener noreferrer">invoicefdp.exe.png</a> today</p>' +
        '<p>\u202Bשלום \u202C<b>bold</b></p>',
    );
  });
});
