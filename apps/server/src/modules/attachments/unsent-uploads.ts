// Uploads nobody sent: a member sends what they upload at once, so a file still unsent a day later is
// removed — its row and its bytes — by an hourly job. The same job removes stored files that no row
// names, neither a message's file nor a signed agreement (a server stopped between storing an upload
// and recording it, a channel's rows deleted), and what puts cut short left behind, once they are an
// hour old: a file is stored a moment before its row is written, so a younger one may be an upload
// still in progress.
import type { AppContext } from '../../app-context.js';
import { agreementDocumentKeys } from '../../db/agreement-document-keys.js';
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

/** How old a stored file no row names must be before it is removed: far longer than any upload takes. */
export const ORPHAN_FILE_GRACE_MS = 60 * 60 * 1000;

/** Removes stored files no row names, and temporary files of puts cut short, older than the grace period. */
export async function deleteOrphanFiles(ctx: AppContext, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - ORPHAN_FILE_GRACE_MS);
  let removed = await ctx.storage.removeLeftovers(before);
  // Which files rows name is known only to the local provider; with another, nothing else is removed.
  const local = localActionsOf(ctx.chat);
  if (!local) return removed;
  let batch: string[] = [];
  const removeUnnamed = async () => {
    const named = await local.namedStorageKeys(batch);
    const signed = await agreementDocumentKeys(ctx.db, batch);
    for (const key of batch) {
      if (named.has(key) || signed.has(key)) continue;
      await ctx.storage.delete(key);
      removed += 1;
    }
    batch = [];
  };
  for await (const { key, storedAt } of ctx.storage.list()) {
    if (storedAt >= before) continue;
    batch.push(key);
    if (batch.length === CLEANUP_BATCH) await removeUnnamed();
  }
  await removeUnnamed();
  return removed;
}

export async function registerAttachmentJobs(ctx: AppContext): Promise<void> {
  ctx.queue.register('attachments.cleanup', async () => {
    const removed = await deleteUnsentFiles(ctx);
    if (removed > 0) ctx.logger.info({ removed }, 'unsent uploads removed');
    const orphans = await deleteOrphanFiles(ctx);
    if (orphans > 0) ctx.logger.info({ removed: orphans }, 'stored files no row names removed');
  });
  await ctx.queue.schedule('attachments.cleanup', CLEANUP_SCHEDULE);
}
