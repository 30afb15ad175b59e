// The durable export job: builds a channel's PDF transcript and e-mails it, once.
//
// The transcript is the conversation as it stood when the export was requested: messages and reports
// made later are left out, so a retried job builds the same file (same SHA-256). The channel is read
// twice, in batches, through the chat provider: a first pass counts the messages, finds the date range
// and remembers where each batch starts; the second writes the batches oldest first. Only one batch
// and the page being written are in memory at a time: the PDF goes to a private file beside the data
// (DATA_DIR/exports), which the mail reads as it is sent and which is removed afterwards.
//
// Delivered once: the message is recorded in mail_messages under the export's own key before it is
// sent, and marked sent after; a job retried after a crash finds it sent and only completes the
// export row. (The mail goes out from this job rather than through a `mail.send` job so that a
// multi-megabyte PDF is not copied into the job table.)
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { formatDate, formatMessageTime, MSG } from '@bridge-talk/contract';
import type { AppContext } from '../../app-context.js';
import { QUEUES } from '../../jobs/queue.js';
import type { ChatMessage, ChatProvider } from '../../providers/chat/chat-provider.js';
import { createAttachmentsService } from '../attachments/attachments.service.js';
import { sendMailOnce } from '../mail/mail.service.js';
import { exportMail, transcriptFileName } from './export-mail.js';
import * as repo from './exports.repository.js';

/** The widest a picture is printed, in pixels: about 150 dpi across the page's text width. */
const PRINT_PICTURE_PIXELS = 1000;

/** Messages read from the chat provider per call. */
const EXPORT_BATCH = 200;

/** A transcript file older than this was left by a process that stopped while exporting. */
const STALE_FILE_MS = 60 * 60 * 1000;

/** The private folder transcripts are written in, rid of files a stopped process left. */
async function exportsFolder(ctx: Pick<AppContext, 'config'>): Promise<string> {
  const folder = path.join(ctx.config.database.dataDir, 'exports');
  await mkdir(folder, { recursive: true, mode: 0o700 });
  for (const name of await readdir(folder)) {
    const file = path.join(folder, name);
    const info = await stat(file).catch(() => null);
    if (info && Date.now() - info.mtimeMs > STALE_FILE_MS) await rm(file, { force: true });
  }
  return folder;
}

/** The portal's page that checks a fingerprint (`/verify/<sha256>`; the API answers the same as JSON). */
function verifyBaseUrl(ctx: Pick<AppContext, 'config'>): string {
  const base = ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`;
  return `${base.replace(/\/+$/, '')}/verify`;
}

export interface Survey {
  /** The `before` cursor of each batch, newest batch first. */
  batches: (string | null)[];
  /** The ids of the newest batch: new messages shift it, so it is found again by id. */
  newestIds: string[];
  count: number;
  first: Date | null;
  last: Date | null;
}

function asOf(message: ChatMessage, cutoff: Date): ChatMessage | null {
  if (message.createdAt > cutoff) return null;
  return { ...message, flags: message.flags.filter((f) => f.createdAt <= cutoff) };
}

export async function surveyChannel(
  chat: ChatProvider,
  groupId: string,
  channelId: string,
  cutoff: Date,
): Promise<Survey | null> {
  const survey: Survey = { batches: [], newestIds: [], count: 0, first: null, last: null };
  let before: string | null = null;
  do {
    const page = await chat.listMessages(groupId, channelId, { before, limit: EXPORT_BATCH });
    if (!page) return null;
    const kept = page.messages.filter((m) => m.createdAt <= cutoff);
    if (survey.batches.length === 0) survey.newestIds = kept.map((m) => m.id);
    survey.batches.push(before);
    survey.count += kept.length;
    if (kept.length > 0) {
      survey.last ??= kept[0]!.createdAt;
      survey.first = kept.at(-1)!.createdAt;
    }
    before = page.nextCursor;
  } while (before);
  return survey;
}

export async function* chronological(
  chat: ChatProvider,
  groupId: string,
  channelId: string,
  survey: Survey,
  cutoff: Date,
): AsyncGenerator<ChatMessage> {
  for (let i = survey.batches.length - 1; i >= 1; i--) {
    const page = await chat.listMessages(groupId, channelId, {
      before: survey.batches[i]!,
      limit: EXPORT_BATCH,
    });
    if (!page) throw new Error('the channel disappeared during the export');
    for (const message of page.messages.toReversed()) {
      const kept = asOf(message, cutoff);
      if (kept) yield kept;
    }
  }
  const wanted = new Set(survey.newestIds);
  const newest: ChatMessage[] = [];
  let before: string | null = null;
  while (wanted.size > 0) {
    const page = await chat.listMessages(groupId, channelId, { before, limit: EXPORT_BATCH });
    if (!page) throw new Error('the channel disappeared during the export');
    for (const message of page.messages) if (wanted.delete(message.id)) newest.push(asOf(message, cutoff)!);
    if (!page.nextCursor) break;
    before = page.nextCursor;
  }
  yield* newest.toReversed();
}

export type ExportOutcome = 'sent' | 'skipped' | 'failed';

/** Builds and e-mails one export; safe to run again for the same export. */
export async function runExport(ctx: AppContext, exportId: string): Promise<ExportOutcome> {
  const row = await repo.findExportForJob(ctx.db, exportId);
  if (row?.status !== 'queued') return 'skipped';
  const channel = (await ctx.chat.listChannels(row.groupId)).find((c) => c.id === row.channelId);
  const cutoff = row.createdAt;
  const survey = channel ? await surveyChannel(ctx.chat, row.groupId, row.channelId, cutoff) : null;
  if (!channel || !survey) {
    ctx.logger.warn({ exportId }, 'export: the channel no longer exists');
    await repo.markExport(ctx.db, exportId, 'failed');
    return 'failed';
  }
  const familyName = row.familyName ?? 'Unnamed family';
  const channelLabel = MSG.families.channelLabel(channel.number);
  const requester = row.requesterEmail
    ? {
        name: `${row.requesterFirstName ?? ''} ${row.requesterLastName ?? ''}`.trim(),
        email: row.requesterEmail,
      }
    : null;
  const verifyUrl = verifyBaseUrl(ctx);
  // The PDF writer (pdfkit with its fonts, and the HTML reader) loads with the first export, not
  // with the server: most processes never export, and it would weigh on every start.
  const { buildTranscriptPdf } = await import('./transcript-pdf.js');
  const attachments = createAttachmentsService(ctx);
  const pdfPath = path.join(await exportsFolder(ctx), `${exportId}.pdf`);
  try {
    const file = await buildTranscriptPdf(
      {
        familyName,
        entityName: row.entityName,
        channelLabel,
        members: channel.members.map(({ name, role, permission }) => ({ name, role, permission })),
        messageCount: survey.count,
        firstMessageAt: survey.first,
        lastMessageAt: survey.last,
        requestedBy: requester,
        requestedAt: row.createdAt,
        sentTo: row.email,
        exportId,
        verifyUrl,
      },
      chronological(ctx.chat, row.groupId, row.channelId, survey, cutoff),
      createWriteStream(pdfPath, { mode: 0o600 }),
      (attachment) => attachments.pictureForPrint(row.channelId, attachment, PRINT_PICTURE_PIXELS),
    );
    const message = exportMail({
      to: row.email,
      familyName,
      channelLabel,
      requestedBy: requester?.name || 'a former user',
      requestedOn: `${formatDate(row.createdAt, 'UTC')} ${formatMessageTime(row.createdAt, 'UTC')}`,
      messageCount: survey.count,
      sha256: file.sha256,
      verifyUrl,
      fileName: transcriptFileName(familyName, channel.number, row.createdAt),
      pdfPath,
    });
    await sendMailOnce(ctx, `export:${exportId}`, message, () =>
      repo.recordExportFile(ctx.db, exportId, {
        sha256: file.sha256,
        byteSize: file.byteSize,
        messageCount: survey.count,
      }),
    );
    await repo.markExport(ctx.db, exportId, 'sent');
    ctx.logger.info({ exportId, messages: survey.count, bytes: file.byteSize }, 'export sent');
    return 'sent';
  } finally {
    await rm(pdfPath, { force: true });
  }
}

export function registerExportJobs(ctx: AppContext): void {
  ctx.queue.register('conversation.export', async ({ exportId }, { retryCount }) => {
    try {
      await runExport(ctx, exportId);
    } catch (error) {
      // The queue retries with backoff; after the last attempt the export is marked failed.
      if (retryCount >= QUEUES['conversation.export'].retryLimit)
        await repo.markExport(ctx.db, exportId, 'failed');
      throw error;
    }
  });
}
