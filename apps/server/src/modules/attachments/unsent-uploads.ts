// Uploads nobody sent: a member sends what they upload at once, so a file still unsent a day later is
// removed — its row and its bytes — by an hourly job.
import type { AppContext } from '../../app-context.js';
import { localActionsOf } from '../../providers/chat/index.js';

/** An upload not sent within a day is of no use: a member sends what they upload at once. */
export const UNSENT_FILE_TTL_MS = 24 * 60 * 60 * 1000;
const CLEANUP_BATCH = 500;
const CLEANUP_SCHEDULE = '17 * * * *';

/** Removes files uploaded more than a day ago and never sent, from the table and from storage. */
export async function deleteUnsentFiles(ctx: AppContext, now = new Date()): Promise<number> {
  const local = localActionsOf(ctx.chat);
  if (!local) return 0;
  let removed = 0;
  for (let batch = 0; batch < 100; batch++) {
    const { count, keys } = await local.deleteUnsentFiles(
      new Date(now.getTime() - UNSENT_FILE_TTL_MS),
      CLEANUP_BATCH,
    );
    for (const key of keys) await ctx.storage.delete(key);
    removed += count;
    if (count < CLEANUP_BATCH) break;
  }
  return removed;
}

export async function registerAttachmentJobs(ctx: AppContext): Promise<void> {
  ctx.queue.register('attachments.cleanup', async () => {
    const removed = await deleteUnsentFiles(ctx);
    if (removed > 0) ctx.logger.info({ removed }, 'unsent uploads removed');
  });
  await ctx.queue.schedule('attachments.cleanup', CLEANUP_SCHEDULE);
}
