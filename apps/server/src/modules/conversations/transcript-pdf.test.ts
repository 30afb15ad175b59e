// What the PDF transcript says, read back from the file: the cover page and each message's lines.

import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { MSG } from '@bridge-talk/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { extractPdfText } from '../../../test/pdf-text.js';
import type { ChatMessage } from '../../providers/chat/chat-provider.js';
import { buildTranscriptPdf, type PictureReader, type TranscriptCover } from './transcript-pdf.js';

const cover: TranscriptCover = {
  familyName: 'Robin Smith',
  entityName: 'Bright Futures Agency',
  channelLabel: MSG.families.channelLabel(2),
  members: [
    { name: 'Pat Parent', role: 'adoptive_parent', permission: 'write' },
    { name: 'Bea Birth', role: 'birth_family', permission: 'write' },
    { name: 'Robin Smith', role: 'child', permission: 'read' },
  ],
  messageCount: 2,
  firstMessageAt: new Date('2026-03-07T15:05:09Z'),
  lastMessageAt: new Date('2026-03-08T00:00:07Z'),
  requestedBy: { name: 'Erin Agent', email: 'erin@agency.test' },
  requestedAt: new Date('2026-03-09T09:30:00Z'),
  sentTo: 'records@agency.test',
  exportId: '5d8e0c1a-0000-4000-8000-000000000001',
  verifyUrl: 'https://portal.example.org/verify',
};

function stored(fileName: string, size: number, digit: string) {
  const contentType = fileName.endsWith('.mp4') ? 'video/mp4' : 'image/jpeg';
  return {
    fileId: randomUUID(),
    fileName,
    contentType,
    size,
    sha256: digit.repeat(64),
    width: null,
    height: null,
  };
}

/** The picture the reader hands over for the lake (a 1200×800 photo); nothing for anything else. */
const lake = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#4a90c2' } })
  .jpeg()
  .toBuffer();
const readPicture: PictureReader = async (attachment) =>
  attachment.title === 'Lake' ? { jpeg: lake, width: 1200, height: 800 } : null;

const messages: ChatMessage[] = [
  {
    id: 'm1',
    user: { id: 'u-bea', name: 'Bea Birth' },
    html: '<p>Here is the lake &amp; the boat</p>',
    attachments: [
      { type: 'image', title: 'Lake', ...stored('lake.jpg', 48_213, 'a') },
      // An address of an earlier row that the portal cannot read: a placeholder, never the address.
      { type: 'image', url: 'https://cdn.example.org/gone.jpg', title: 'Gone' },
    ],
    createdAt: new Date('2026-03-07T15:05:09Z'),
    flags: [
      { userId: 'u-pat', name: 'Pat Parent', reason: 'unkind', createdAt: new Date('2026-03-07T16:00:00Z') },
    ],
  },
  {
    id: 'm2',
    user: { id: 'u-pat', name: 'Pat Parent' },
    html: 'Good night',
    attachments: [{ type: 'video', title: null, ...stored('clip.mp4', 3_500_000, 'b') }],
    createdAt: new Date('2026-03-08T00:00:07Z'),
    flags: [],
  },
];

async function* stream(list: ChatMessage[]) {
  yield* list;
}

/** Bytes as they reach the file: what was written so far, and the file once it is whole. */
function sink() {
  const chunks: Buffer[] = [];
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  return { output, bytes: () => Buffer.concat(chunks) };
}

/** The transcript built as the export job builds it, into a file (here, memory). */
async function build(
  c: TranscriptCover,
  list: AsyncIterable<ChatMessage>,
  reader?: PictureReader,
): Promise<{ bytes: Buffer; sha256: string; byteSize: number; pages: number }> {
  const file = sink();
  const written = await buildTranscriptPdf(c, list, file.output, reader);
  return { ...written, bytes: file.bytes() };
}

describe('transcript PDF', () => {
  it('has a cover page with the family, agency, channel, members, date range, requester and request time, then every message with its date, time, sender, text, attachments and reports', async () => {
    const file = await build(cover, stream(messages), readPicture);
    const [coverPage, messagePage, nextPage, ...rest] = extractPdfText(file.bytes);
    expect(rest).toEqual([]);

    const coverLines = coverPage!.split('\n');
    const after = (label: string) => coverLines[coverLines.indexOf(label) + 1];
    expect(coverLines[0]).toBe(MSG.conversations.transcriptTitle);
    expect(after('FAMILY')).toBe('Robin Smith');
    expect(after('AGENCY')).toBe('Bright Futures Agency');
    expect(after('CHANNEL')).toBe('Channel 2');
    const members = coverLines.indexOf('MEMBERS');
    expect(coverLines.slice(members + 1, members + 4)).toEqual([
      `Pat Parent — ${MSG.families.roleAdoptiveParent}, can write`,
      `Bea Birth — ${MSG.families.roleBirthFamily}, can write`,
      `Robin Smith — ${MSG.families.roleChild}, read only`,
    ]);
    expect(after('MESSAGES')).toBe('2');
    expect(after('DATE RANGE')).toBe('03.07.2026 3:05:09 PM to 03.08.2026 12:00:07 AM');
    expect(after('REQUESTED BY')).toBe('Erin Agent (erin@agency.test) on 03.09.2026 9:30:00 AM');
    expect(after('SENT TO')).toBe('records@agency.test');
    expect(after('EXPORT')).toBe(cover.exportId);
    // The paragraph wraps inside the address.
    expect(coverLines.join('')).toContain('https://portal.example.org/verify/<fingerprint>');
    expect(coverLines.at(-1)).toBe('Robin Smith · Channel 2 · Page 1 of 3');

    expect(messagePage!.split('\n')).toEqual([
      '03.07.2026',
      'Bea Birth   3:05:09 PM',
      'Here is the lake & the boat',
      'Image: Lake',
      `lake.jpg · 47.1 KB · SHA-256 ${'a'.repeat(64)}`,
      MSG.conversations.attachmentUnavailable,
      'Image: Gone',
      `${MSG.families.reportedBy('Pat Parent')} (03.07.2026 4:00:00 PM: unkind)`,
      'Robin Smith · Channel 2 · Page 2 of 3',
    ]);
    // The next message would not fit with its video under the first one: it starts the next page.
    expect(nextPage!.replace(/\s+/g, ' ')).toBe(
      [
        '03.08.2026',
        'Pat Parent   12:00:07 AM',
        'Good night',
        '▶ Video',
        MSG.conversations.videoNoStill,
        'Video',
        `${MSG.conversations.videoDurationUnknown} · clip.mp4 · 3.3 MB · SHA-256 ${'b'.repeat(64)}`,
        'Robin Smith · Channel 2 · Page 3 of 3',
      ]
        .join(' ')
        .replace(/\s+/g, ' '),
    );
  });

  it('prints a picture as an image object of the file, and no address, data: URL or base64 text', async () => {
    const file = await build(cover, stream(messages), readPicture);
    const bytes = file.bytes.toString('latin1');
    expect(bytes.match(/\/Subtype \/Image/g)).toHaveLength(1);
    expect(bytes).toContain('/Filter /DCTDecode');
    const text = extractPdfText(file.bytes).join('\n');
    for (const leak of ['data:', 'base64', 'https://cdn.example.org']) {
      expect(bytes).not.toContain(leak);
      expect(text).not.toContain(leak);
    }
  });

  it('says so when the channel has no messages', async () => {
    const file = await build(
      { ...cover, messageCount: 0, firstMessageAt: null, lastMessageAt: null },
      stream([]),
    );
    const [coverPage, messagePage] = extractPdfText(file.bytes);
    const coverLines = coverPage!.split('\n');
    expect(coverLines[coverLines.indexOf('DATE RANGE') + 1]).toBe(MSG.conversations.noMessages);
    expect(messagePage!.split('\n')[0]).toBe(MSG.conversations.noMessages);
  });

  it('keeps a message and its picture on the same page', async () => {
    const filler = Array.from({ length: 30 }, (_, i) => `<p>Line ${i + 1} of the week's news.</p>`).join('');
    const file = await build(
      cover,
      stream([
        { ...messages[1]!, id: 'long', attachments: [], html: filler },
        { ...messages[0]!, id: 'picture', flags: [], attachments: [messages[0]!.attachments[0]!] },
      ]),
      readPicture,
    );
    const pages = extractPdfText(file.bytes).slice(1);
    const withPicture = pages.find((page) => page.includes('Image: Lake'))!;
    expect(withPicture).toContain('Bea Birth   3:05:09 PM');
    expect(withPicture).toContain('Here is the lake & the boat');
    expect(pages.find((page) => page.includes('Line 30 of'))).not.toContain('Bea Birth');
  });

  it('shows a video by its still frame, with its duration, and says when the SHA-256 is not the portal’s to know', async () => {
    const poster = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#333333' } })
      .jpeg()
      .toBuffer();
    const file = await build(
      cover,
      stream([
        {
          ...messages[1]!,
          attachments: [
            {
              type: 'video',
              url: 'https://cdn.example.org/v.mp4',
              title: 'First steps',
              posterUrl: 'https://cdn.example.org/v.jpg',
              durationSeconds: 65.4,
            },
          ],
        },
      ]),
      async (attachment) =>
        attachment.type === 'video' && 'posterUrl' in attachment && attachment.posterUrl
          ? { jpeg: poster, width: 640, height: 360 }
          : null,
    );
    const text = extractPdfText(file.bytes)[1]!;
    expect(text).not.toContain(MSG.conversations.videoNoStill);
    expect(text.split('\n')).toContain(
      `${MSG.conversations.videoDuration('1:05')} · ${MSG.conversations.videoFingerprintUnknown}`,
    );
    const bytes = file.bytes.toString('latin1');
    expect(bytes.match(/\/Subtype \/Image/g)).toHaveLength(1);
    expect(bytes).toContain(`/Alt (${MSG.conversations.videoStill}: First steps)`);
    expect(bytes).not.toContain('cdn.example.org');
  });

  it('is tagged for screen readers and conforms to PDF/A-2b, its fonts embedded', async () => {
    const file = await build(cover, stream(messages), readPicture);
    const bytes = file.bytes.toString('latin1');
    expect(bytes.startsWith('%PDF-1.7')).toBe(true);
    // Tagged: a structure tree of headings, paragraphs and figures, and the language.
    expect(bytes).toMatch(/\/MarkInfo \d+ 0 R/);
    expect(bytes).toMatch(/\/Marked true/);
    expect(bytes).toMatch(/\/StructTreeRoot \d+ 0 R/);
    for (const tag of ['/Document', '/H1', '/H2', '/H3', '/P', '/Figure'])
      expect(bytes).toContain(`/S ${tag}`);
    expect(bytes).toContain('/Alt (Image: Lake)');
    expect(bytes).toContain('/Lang (en-US)');
    expect(bytes).toContain('/DisplayDocTitle true');
    // PDF/A-2b: identified in the XMP metadata, an sRGB output intent, every font embedded.
    expect(bytes).toContain('<pdfaid:part>2</pdfaid:part>');
    expect(bytes).toContain('<pdfaid:conformance>B</pdfaid:conformance>');
    expect(bytes).toMatch(/\/OutputIntents \[/);
    expect(bytes).toContain('/FontFile2');
    expect(bytes).not.toMatch(/\/BaseFont \/Helvetica/);
    // Still the same bytes for the same content: the fingerprint a retried export gives is the same.
    const again = await build(cover, stream(messages), readPicture);
    expect(again.sha256).toBe(file.sha256);
  });
});

describe('transcript PDF of a long conversation', () => {
  const many = (count: number): ChatMessage[] =>
    Array.from({ length: count }, (_, i) => ({
      ...messages[1]!,
      id: `m${i}`,
      attachments: [],
      html: `<p>Message ${i + 1}: we went to the park, and the children fed the ducks.</p>`,
      createdAt: new Date(Date.UTC(2026, 2, 1, 9, i)),
    }));

  it('writes the pages out as they fill, not when the last message is read', async () => {
    const file = sink();
    let before = { bytes: 0, pages: 0 };
    async function* slowly() {
      for (const [i, message] of many(1000).entries()) {
        // A batch read from the chat provider: the file is written while the next one is awaited.
        if (i % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
        yield message;
      }
      await new Promise((resolve) => setImmediate(resolve));
      const bytes = file.bytes();
      before = {
        bytes: bytes.length,
        pages: bytes.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0,
      };
    }
    const written = await buildTranscriptPdf(cover, slowly(), file.output);
    expect(written.pages).toBeGreaterThan(40);
    // All but the last page and the block being gathered (64 KB) have reached the file.
    expect(before.pages).toBeGreaterThan(written.pages * 0.6);
    expect(before.bytes).toBeGreaterThan(written.byteSize * 0.6);
    expect(written.byteSize).toBe(file.bytes().length);
  });

  it('fails, and only the transcript, when its file cannot be written', async () => {
    let writes = 0;
    const full = new Writable({
      write(_chunk, _encoding, done) {
        writes += 1;
        done(writes > 1 ? Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }) : null);
      },
    });
    async function* slowly() {
      for (const [i, message] of many(1000).entries()) {
        if (i % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
        yield message;
      }
    }
    await expect(buildTranscriptPdf(cover, slowly(), full)).rejects.toThrow('no space left on device');
  });

  it('numbers every page of the total, and shortens a family name too long for the footer', async () => {
    const longName = `${'Very '.repeat(30)}Long Family`;
    const file = await build({ ...cover, familyName: longName }, stream(many(120)));
    const pages = extractPdfText(file.bytes);
    expect(pages.length).toBe(file.pages);
    pages.forEach((page, i) => {
      const footer = page.split('\n').at(-1)!;
      expect(footer).toMatch(new RegExp(`^Very Very .*… · Page ${i + 1} of ${pages.length}$`));
    });
  });
});
