// `npm run bench:export`: the transcript of the scale data's bench channel (10 000 messages, or as many
// as `seed:scale --channel-messages` gave it), built as the export job builds it, with its pictures (one
// message in 50, up to 1 000, added through the storage provider on the first run) and then without
// pictures for comparison: time, size, pages and the process's peak memory, printed as a table.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config/index.js';
import { createAttachmentsService } from '../../modules/attachments/attachments.service.js';
import { chronological, surveyChannel } from '../../modules/conversations/export-job.js';
import { buildTranscriptPdf, type PictureReader } from '../../modules/conversations/transcript-pdf.js';
import { addScalePictures } from './scale-pictures.js';

export interface Measure {
  label: string;
  ms: number;
  bytes: number;
  pages: number;
  peakRssMb: number;
}

export async function runMeasureExport(): Promise<Measure[]> {
  const app = await buildApp({ config: loadConfig(), startWorkers: false });
  const folder = await mkdtemp(path.join(tmpdir(), 'bench-export-'));
  try {
    const ctx = app.ctx;
    // The bench family's channel, as the scale seed names it.
    const { rows } = (await ctx.db.execute(
      sql`select c.id, c.group_id from chat_channels c
          where c.id = overlay(overlay(md5('channel:1') placing '4' from 13) placing '8' from 17)::uuid`,
    )) as unknown as { rows: { id: string; group_id: string }[] };
    const channel = rows[0];
    if (!channel) throw new Error('no scale data: run `npm run seed:scale` first');
    const added = await addScalePictures(ctx, channel.id);
    if (added) console.error(`added ${added} pictures to the bench channel`);
    const attachments = createAttachmentsService(ctx);
    const withPictures: PictureReader = (a) => attachments.pictureForPrint(channel.id, a, 1000);
    global.gc?.();
    const results: Measure[] = [
      {
        label: 'the process before any export',
        ms: 0,
        bytes: 0,
        pages: 0,
        peakRssMb: Math.round(process.memoryUsage().rss / 1024 / 1024),
      },
    ];
    for (const [label, reader] of [
      ['with pictures', withPictures],
      ['without pictures (placeholders)', async () => null],
      ['with pictures', withPictures],
    ] as const) {
      global.gc?.();
      let peak = process.memoryUsage().rss;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 20);
      const started = performance.now();
      const cutoff = new Date();
      const survey = await surveyChannel(ctx.chat, channel.group_id, channel.id, cutoff);
      if (!survey) throw new Error('the bench channel is gone');
      const file = await buildTranscriptPdf(
        {
          familyName: 'Scale family',
          entityName: 'Scale agency',
          channelLabel: 'Channel 1',
          members: [],
          messageCount: survey.count,
          firstMessageAt: survey.first,
          lastMessageAt: survey.last,
          requestedBy: null,
          requestedAt: cutoff,
          sentTo: 'bench@example.org',
          exportId: 'bench',
          verifyUrl: 'http://localhost:3000/verify',
        },
        chronological(ctx.chat, channel.group_id, channel.id, survey, cutoff),
        createWriteStream(path.join(folder, 'transcript.pdf')),
        reader,
      );
      const ms = performance.now() - started;
      clearInterval(sampler);
      results.push({
        label,
        ms: Math.round(ms),
        bytes: file.byteSize,
        pages: file.pages,
        peakRssMb: Math.round(peak / 1024 / 1024),
      });
    }
    return results;
  } finally {
    await rm(folder, { recursive: true, force: true });
    await app.close();
  }
}
