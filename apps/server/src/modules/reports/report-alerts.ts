// Alerts of reported messages to the entity's sign-in e-mail: within a minute of a report (a job the
// report queues, and a run every minute as the safety net), or one digest a day. An alert names the
// family and the channel and links to the message in the portal; it never holds the message.
import { MAIL_TEXTS, MSG, type ReportAlertMode } from '@bridge-talk/contract';
import type { AppContext } from '../../app-context.js';
import { portalUrl } from '../../lib/portal-url.js';
import type { MailMessage } from '../../providers/mail/index.js';
import { queueMail } from '../mail/mail.service.js';
import { compose } from '../mail/templates.js';
import * as repo from './reports.repository.js';

/** The safety net of immediate alerts, and the daily digest (13:00 UTC: morning in the Americas). */
const ALERT_SCHEDULE = '* * * * *';
const DIGEST_SCHEDULE = '0 13 * * *';

/** Where a report opens: the conversation, scrolled to the reported message. */
function reportLink(
  ctx: Pick<AppContext, 'config'>,
  report: { groupId: string; channelId: string; messageId: string },
): string {
  const path = `/manage-families/${encodeURIComponent(report.groupId)}/channel/${encodeURIComponent(report.channelId)}`;
  return portalUrl(ctx, `${path}?message=${encodeURIComponent(report.messageId)}`);
}

function alertMail(
  ctx: Pick<AppContext, 'config'>,
  to: string,
  reports: repo.UnalertedReport[],
  mode: ReportAlertMode,
): MailMessage {
  const first = reports[0]!;
  const subject =
    mode === 'daily'
      ? MAIL_TEXTS.reportAlerts.subjectDigest(reports.length)
      : reports.length === 1
        ? MAIL_TEXTS.reportAlerts.subjectOne(first.familyName)
        : MAIL_TEXTS.reportAlerts.subjectMany(reports.length);
  const lines = reports.map((report) => ({
    label: MAIL_TEXTS.reportAlerts.line(
      report.familyName,
      report.channelNumber === null
        ? MSG.reports.unknownChannel
        : MSG.reports.channelName(report.channelNumber),
    ),
    url: reportLink(ctx, report),
  }));
  return compose(to, subject, [
    'Hello,',
    reports.length === 1 ? MAIL_TEXTS.reportAlerts.intro : MAIL_TEXTS.reportAlerts.introMany,
    ...lines.map((line) => `${line.label}\n${line.url}`),
    `${MAIL_TEXTS.reportAlerts.openAll}\n${portalUrl(ctx, '/reports')}`,
    MAIL_TEXTS.reportAlerts.footer,
  ]);
}

/**
 * Sends the alerts due for entities of this mode: one e-mail per entity with every report claimed.
 * The claim is committed before the e-mails are queued (the queue is not part of the transaction);
 * a claim whose e-mail cannot be queued is given back for the next run.
 */
export async function sendReportAlerts(ctx: AppContext, mode: ReportAlertMode): Promise<number> {
  const claimed = await ctx.db.transaction((tx) => repo.claimUnalertedReports(tx, mode));
  const byEntity = new Map<string, repo.UnalertedReport[]>();
  for (const report of claimed)
    byEntity.set(report.entityId, [...(byEntity.get(report.entityId) ?? []), report]);
  let sent = 0;
  for (const reports of byEntity.values()) {
    try {
      await queueMail(ctx.queue, alertMail(ctx, reports[0]!.email, reports, mode));
      sent += 1;
    } catch (error) {
      await repo.releaseAlertClaim(
        ctx.db,
        reports.map((r) => r.id),
      );
      throw error;
    }
  }
  return sent;
}

export async function registerReportJobs(ctx: AppContext): Promise<void> {
  ctx.queue.register('reports.alert', async () => {
    await sendReportAlerts(ctx, 'immediate');
  });
  ctx.queue.register('reports.digest', async () => {
    await sendReportAlerts(ctx, 'daily');
  });
  await ctx.queue.schedule('reports.alert', ALERT_SCHEDULE);
  await ctx.queue.schedule('reports.digest', DIGEST_SCHEDULE);
}
