// The jobs of contact agreements: a family's standing worked out again after one of its members
// posts, the hourly sweep of the standings whose next change has come (with the reminders it sends),
// and the agency's alerts of items newly overdue — at once or in the daily digest, as the entity chose
// for reported messages.
import type { ReportAlertMode } from '@bridge-talk/contract';
import type { AppContext } from '../../app-context.js';
import { queueMail } from '../mail/mail.service.js';
import { agreementAlertMail } from './agreement-mail.js';
import * as repo from './agreements.repository.js';
import { createAgreementsService } from './agreements.service.js';

/** Hourly, a few minutes past (away from the top of the hour's other jobs); the digest as the reports'. */
const SWEEP_SCHEDULE = '7 * * * *';
const DIGEST_SCHEDULE = '0 13 * * *';
/** Families refreshed per batch of a sweep. */
const SWEEP_BATCH = 200;
/** Batches one sweep runs at most; what is left is the next sweep's (the oldest checks go first). */
const SWEEP_BATCHES = 50;

/** Sends the overdue alerts due for entities of this mode: one e-mail per entity with every notice claimed. */
export async function sendAgreementAlerts(ctx: AppContext, mode: ReportAlertMode): Promise<number> {
  const claimed = await ctx.db.transaction((tx) => repo.claimUnalertedNotices(tx, mode));
  const byEntity = new Map<string, repo.UnalertedNotice[]>();
  for (const notice of claimed)
    byEntity.set(notice.entityId, [...(byEntity.get(notice.entityId) ?? []), notice]);
  let sent = 0;
  for (const notices of byEntity.values()) {
    try {
      await queueMail(ctx.queue, agreementAlertMail(ctx, notices[0]!.email, notices, mode));
      sent += 1;
    } catch (error) {
      await repo.releaseAlertClaim(
        ctx.db,
        notices.map((notice) => notice.id),
      );
      throw error;
    }
  }
  return sent;
}

/**
 * Refreshes, in batches, the families whose agreement has no standing yet (written before standings
 * were kept), then every standing whose check time has come, oldest first. A refresh moves the row's
 * check time on, so a batch never comes back to a row it did; one that fails is logged and looked at
 * again by the next sweep.
 */
export async function sweepStandings(ctx: AppContext): Promise<number> {
  const service = createAgreementsService(ctx);
  const refreshAll = async (next: () => Promise<string[]>) => {
    let done = 0;
    for (let batch = 0; batch < SWEEP_BATCHES; batch += 1) {
      const groupIds = await next();
      let moved = 0;
      for (const groupId of groupIds) {
        try {
          await service.refresh(groupId);
          moved += 1;
        } catch (error) {
          ctx.logger.warn({ err: error, groupId }, 'agreement standing not refreshed');
        }
      }
      done += moved;
      // A batch that moved nothing on would find the same rows again.
      if (groupIds.length < SWEEP_BATCH || moved === 0) break;
    }
    return done;
  };
  const done =
    (await refreshAll(() => repo.familiesWithoutStanding(ctx.db, SWEEP_BATCH))) +
    (await refreshAll(() => repo.standingsToCheck(ctx.db, ctx.clock.now(), SWEEP_BATCH)));
  await sendAgreementAlerts(ctx, 'immediate');
  return done;
}

export async function registerAgreementJobs(ctx: AppContext): Promise<void> {
  const service = createAgreementsService(ctx);
  ctx.queue.register('agreements.refresh', async ({ groupId }) => {
    await service.refresh(groupId);
  });
  ctx.queue.register('agreements.sweep', async () => {
    await sweepStandings(ctx);
  });
  ctx.queue.register('agreements.alert', async () => {
    await sendAgreementAlerts(ctx, 'immediate');
  });
  ctx.queue.register('agreements.digest', async () => {
    await sendAgreementAlerts(ctx, 'daily');
  });
  await ctx.queue.schedule('agreements.sweep', SWEEP_SCHEDULE);
  await ctx.queue.schedule('agreements.digest', DIGEST_SCHEDULE);
}
