// Stream's side of the reports mirror: its webhook (signed with the API secret, each report applied
// once) and a periodic sync that brings in what a webhook missed (Stream was unreachable, the portal
// was down, the webhook is not configured yet).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { MSG } from '@bridge-talk/contract';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../lib/app-error.js';
import { findSyncCursor, listFamilyIdsAfter, saveSyncCursor } from './reports.repository.js';
import { recordReports } from './reports.service.js';

/**
 * Every 10 minutes, 40 batches of 50 families: 2 000 families a run, 12 000 an hour — about 160 calls
 * to Stream a run. The webhook brings reports at once; the sync is the safety net that catches up.
 */
const REPORT_SYNC_SCHEDULE = '*/10 * * * *';
const REPORT_SYNC_BATCH = 50;
const REPORT_SYNC_MAX_BATCHES = 40;

/** Whether `signature` (the x-signature header: hex HMAC-SHA256 of the raw body) is Stream's. */
function isStreamSignature(rawBody: Buffer, signature: string | undefined, secret: string): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

interface StreamEvent {
  type?: unknown;
  channel_id?: unknown;
}

/**
 * Applies one webhook call: a `message.flagged` event brings in the reports of that channel's family
 * (read back from Stream, so that the event's own fields are never trusted beyond the channel id);
 * every other event is acknowledged and ignored. A report already known changes nothing.
 */
export async function receiveStreamWebhook(
  ctx: AppContext,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ message: string }> {
  const secret = ctx.config.chat.stream.apiSecret;
  if (!secret || !isStreamSignature(rawBody, signature, secret))
    throw new AppError('UNAUTHENTICATED', MSG.billing.invalidSignature);
  let event: StreamEvent;
  try {
    event = JSON.parse(rawBody.toString('utf8')) as StreamEvent;
  } catch {
    throw new AppError('BAD_REQUEST', MSG.billing.invalidSignature);
  }
  if (event.type === 'message.flagged' && typeof event.channel_id === 'string') {
    const groupId = await ctx.chat.findChannelFamily(event.channel_id);
    if (groupId) await recordReports(ctx, await ctx.chat.reportsIn([groupId]));
  }
  return { message: 'ok' };
}

/**
 * Reads the reports of the next families from Stream, a batch at a time, at most `maxBatches` batches
 * a run (Stream limits how often it may be asked), going on where the last run stopped and starting
 * again from the first family after the last; answers how many reports were new.
 */
export async function syncStreamReports(
  ctx: AppContext,
  maxBatches = REPORT_SYNC_MAX_BATCHES,
): Promise<number> {
  let added = 0;
  let after = await findSyncCursor(ctx.db);
  for (let batch = 0; batch < maxBatches; batch++) {
    const groupIds = await listFamilyIdsAfter(ctx.db, after, REPORT_SYNC_BATCH);
    if (groupIds.length === 0) {
      after = null;
      break;
    }
    added += await recordReports(ctx, await ctx.chat.reportsIn(groupIds));
    after = groupIds.at(-1)!;
  }
  await saveSyncCursor(ctx.db, after);
  return added;
}

export async function registerStreamReportSync(ctx: AppContext): Promise<void> {
  ctx.queue.register('reports.sync', async () => {
    const added = await syncStreamReports(ctx);
    if (added > 0) ctx.logger.info({ added }, 'reports brought in from Stream');
  });
  await ctx.queue.schedule('reports.sync', REPORT_SYNC_SCHEDULE);
}
