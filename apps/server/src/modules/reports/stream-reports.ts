// Stream's side of the reports mirror: its webhook (signed with the API secret, each report applied
// once) and a periodic sync that brings in what a webhook missed (Stream was unreachable, the portal
// was down, the webhook is not configured yet).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { MSG } from '@bridge-talk/contract';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../lib/app-error.js';
import { listGroupIdsAfter } from './reports.repository.js';
import { recordReports } from './reports.service.js';

/** Every 10 minutes, and families are read from Stream in batches of this many. */
export const REPORT_SYNC_SCHEDULE = '*/10 * * * *';
export const REPORT_SYNC_BATCH = 50;

/** Whether `signature` (the x-signature header: hex HMAC-SHA256 of the raw body) is Stream's. */
export function isStreamSignature(rawBody: Buffer, signature: string | undefined, secret: string): boolean {
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
    const groupId = await ctx.chat.findChannelGroup(event.channel_id);
    if (groupId) await recordReports(ctx, await ctx.chat.reportsIn([groupId]));
  }
  return { message: 'ok' };
}

/** Reads every family's reports from Stream, a batch of families at a time; answers how many were new. */
export async function syncStreamReports(ctx: AppContext): Promise<number> {
  let added = 0;
  let after: string | null = null;
  for (;;) {
    const groupIds = await listGroupIdsAfter(ctx.db, after, REPORT_SYNC_BATCH);
    if (groupIds.length === 0) return added;
    added += await recordReports(ctx, await ctx.chat.reportsIn(groupIds));
    after = groupIds.at(-1)!;
  }
}

export async function registerStreamReportSync(ctx: AppContext): Promise<void> {
  ctx.queue.register('reports.sync', async () => {
    const added = await syncStreamReports(ctx);
    if (added > 0) ctx.logger.info({ added }, 'reports brought in from Stream');
  });
  await ctx.queue.schedule('reports.sync', REPORT_SYNC_SCHEDULE);
}
