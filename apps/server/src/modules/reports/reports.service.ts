// The caseworker's desk: the entity's reported messages, their review, and how the entity hears of
// new ones. Reports reach the mirror (message_reports) from the chat provider: the local provider at
// the report, Stream through its webhook or the periodic sync; each is stored once.
import {
  MSG,
  REPORT_EXCERPT_MAX,
  REPORT_PAGE_SIZE,
  type Report,
  type ReportAlertSetting,
  type ReportCountResponse,
  type ReportListResponse,
  type ZReopenReportRequest,
  type ZReportListQuery,
  type ZReviewReportRequest,
} from '@bridge-talk/contract';
import type { Actor, AppContext } from '../../app-context.js';
import { recordAudit } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import { findFamilyNames } from '../../db/family-names.js';
import { AppError, isUuid } from '../../lib/app-error.js';
import { htmlToText } from '../../lib/html-to-text.js';
import type { Valid } from '../../lib/route.js';
import type { ProviderReport } from '../../providers/chat/chat-reports.js';
import { entityIdOf, loadFamily } from '../tenancy/tenancy.service.js';
import * as repo from './reports.repository.js';

/** The first line of a message as text, for the queue: never the whole message. */
function reportExcerpt(html: string): string {
  const line =
    htmlToText(html)
      .split('\n')
      .map((part) => part.trim())
      .find(Boolean) ?? '';
  return line.length > REPORT_EXCERPT_MAX ? `${line.slice(0, REPORT_EXCERPT_MAX - 1).trimEnd()}…` : line;
}

function toReport(row: repo.ReportRow): Report {
  return {
    id: row.id,
    groupId: row.groupId,
    familyName: row.familyName,
    channelId: row.channelId,
    channelNumber: row.channelNumber,
    messageId: row.messageId,
    reportedBy: row.reportedBy,
    author: row.author,
    reason: row.reason,
    reportedAt: row.reportedAt.toISOString(),
    excerpt: row.excerpt,
    state: row.state,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reviewedBy: row.reviewedBy,
    reviewNote: row.reviewNote,
  };
}

/**
 * Stores the reports the chat provider gave (those already known change nothing) and, when a new one
 * is for an entity that wants to hear at once, queues the alert job. Answers how many were new.
 */
export async function recordReports(
  ctx: Pick<AppContext, 'db' | 'queue'>,
  reports: ProviderReport[],
  /** `false`: stored as already announced (demo data, whose addresses are made up). */
  options: { alert?: boolean } = {},
): Promise<number> {
  const alert = options.alert ?? true;
  const groupIds = [...new Set(reports.map((r) => r.groupId))];
  // Who reported and who wrote are named as the report's own family names them, never by the
  // provider's one name per person (which another entity's family may have given).
  const [owners, names] = await Promise.all([
    repo.ownersOfFamilies(ctx.db, groupIds),
    findFamilyNames(ctx.db, groupIds),
  ]);
  const incoming = reports.flatMap((r) => {
    const owner = owners.get(r.groupId);
    if (!owner) return [];
    return [
      {
        entityId: owner.entityId,
        groupId: r.groupId,
        channelId: r.channelId,
        channelNumber: r.channelNumber,
        messageId: r.messageId,
        reportedById: r.userId,
        reportedByName: names.of(r.groupId, r.userId) ?? r.userName,
        authorName: (r.authorId ? names.of(r.groupId, r.authorId) : undefined) ?? r.authorName,
        reason: r.reason,
        reportedAt: r.createdAt,
        excerpt: reportExcerpt(r.html),
        alertedAt: alert ? null : new Date(),
      },
    ];
  });
  const added = await repo.insertReports(ctx.db, incoming);
  const someoneWaits = [...owners.values()].some((owner) => owner.alerts === 'immediate');
  if (alert && added > 0 && someoneWaits)
    // A run announces every report not yet announced: one queued by a report that arrived together
    // with others finds nothing left to send, and costs one statement.
    await ctx.queue.send('reports.alert', {});
  return added;
}

/** Which of the family's channels have open reports (the family page's and the viewer's '!'). */
export function channelsWithOpenReports(db: Db, groupId: string): Promise<Set<string>> {
  return repo.channelsWithOpenReports(db, groupId);
}

export function createReportsService(ctx: AppContext) {
  const { db } = ctx;

  async function loadReport(entityId: string, id: string) {
    const row = isUuid(id) ? await repo.findReport(db, entityId, id) : null;
    if (!row) throw new AppError('NOT_FOUND', MSG.reports.reportNotFound);
    return row;
  }

  /** `text`: the review's note, or the reason of a reopening. */
  async function changeState(actor: Actor, id: string, from: 'open' | 'reviewed', text: string) {
    const entityId = entityIdOf(actor);
    const before = await loadReport(entityId, id);
    await db.transaction(async (tx) => {
      const changed = await repo.setReportState(tx, {
        entityId,
        id,
        from,
        reviewerId: actor.userId,
        note: from === 'open' ? text : null,
      });
      if (!changed)
        throw new AppError(
          'CONFLICT',
          from === 'open' ? MSG.reports.alreadyReviewed : MSG.reports.alreadyOpen,
        );
      // The family's activity keeps every review with its note, and every reopening with its reason and
      // the note it set aside, after the report moves on.
      await recordAudit(tx, {
        actorUserId: actor.userId,
        action: from === 'open' ? 'report.reviewed' : 'report.reopened',
        entityId,
        groupId: before.groupId,
        channelId: before.channelId,
        subject: before.reportedBy,
        details:
          from === 'open'
            ? { reportId: id, messageId: before.messageId, note: text }
            : { reportId: id, messageId: before.messageId, reason: text, note: before.reviewNote },
      });
    });
    return toReport(await loadReport(entityId, id));
  }

  return {
    async list({
      actor,
      input: query,
    }: {
      actor: Actor;
      input: Valid<typeof ZReportListQuery>;
    }): Promise<ReportListResponse> {
      const entityId = entityIdOf(actor);
      // A family of another entity is not found, as everywhere else, rather than an empty list.
      if (query.groupId) await loadFamily(ctx, entityId, query.groupId);
      const { rows, total } = await repo.findReports(db, entityId, query);
      return { reports: rows.map(toReport), total, page: query.page, pageSize: REPORT_PAGE_SIZE };
    },

    async count({ actor }: { actor: Actor }): Promise<ReportCountResponse> {
      return { open: await repo.countOpenReports(db, entityIdOf(actor)) };
    },

    async review({
      actor,
      id,
      input,
    }: {
      actor: Actor;
      id: string;
      input: Valid<typeof ZReviewReportRequest>;
    }) {
      const { note } = input;
      return { message: MSG.reports.reviewed, report: await changeState(actor, id, 'open', note) };
    },

    async reopen({
      actor,
      id,
      input,
    }: {
      actor: Actor;
      id: string;
      input: Valid<typeof ZReopenReportRequest>;
    }) {
      const { reason } = input;
      return { message: MSG.reports.reopened, report: await changeState(actor, id, 'reviewed', reason) };
    },

    async alertSetting({ actor }: { actor: Actor }): Promise<ReportAlertSetting> {
      return { mode: await repo.findAlertMode(db, entityIdOf(actor)) };
    },

    async saveAlertSetting({ actor, input }: { actor: Actor; input: ReportAlertSetting }) {
      await repo.saveAlertMode(db, entityIdOf(actor), input.mode);
      return { message: MSG.alerts.saved };
    },
  };
}
