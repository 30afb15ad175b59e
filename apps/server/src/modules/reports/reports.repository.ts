// The mirror of reported messages (message_reports): written when a report arrives, read by the
// reports queue, the families' and channels' '!', and the alert jobs.
import { REPORT_PAGE_SIZE, type ReportAlertMode, type ReportState } from '@bridge-talk/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alertAddressOf } from '../../db/alert-address.js';
import type { Db } from '../../db/client.js';
import { appSettings, entities, groups, users } from '../../db/schema.js';
import { messageReports } from '../../db/schema-desk.js';

/** A report as it arrives from the chat provider. */
export interface IncomingReport {
  entityId: string;
  groupId: string;
  channelId: string;
  channelNumber: number | null;
  messageId: string;
  reportedById: string;
  reportedByName: string;
  authorName: string | null;
  reason: string | null;
  reportedAt: Date;
  excerpt: string;
  alertedAt: Date | null;
}

/** Stores reports not yet known; answers how many were new (a report arrives once, whichever way). */
export async function insertReports(db: Db, reports: IncomingReport[]): Promise<number> {
  if (reports.length === 0) return 0;
  const inserted = await db
    .insert(messageReports)
    .values(reports)
    .onConflictDoNothing()
    .returning({ id: messageReports.id });
  return inserted.length;
}

const familyName = sql<string>`coalesce(nullif(${groups.name}, ''),
  nullif(trim(concat_ws(' ', ${groups.childFirstName}, ${groups.childLastName})), ''), '')`;
const reviewerName = sql<
  string | null
>`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`;

const reportColumns = {
  id: messageReports.id,
  groupId: messageReports.groupId,
  familyName,
  channelId: messageReports.channelId,
  channelNumber: messageReports.channelNumber,
  messageId: messageReports.messageId,
  reportedBy: messageReports.reportedByName,
  author: messageReports.authorName,
  reason: messageReports.reason,
  reportedAt: messageReports.reportedAt,
  excerpt: messageReports.excerpt,
  state: messageReports.state,
  reviewedAt: messageReports.reviewedAt,
  reviewedBy: reviewerName,
  reviewNote: messageReports.reviewNote,
};

export type ReportRow = {
  [K in keyof typeof reportColumns]: (typeof reportColumns)[K] extends { _: { data: infer T } } ? T : never;
} & { familyName: string; reviewedBy: string | null };

/**
 * A page of the entity's reports, open ones first, newest first, and the count of all of them: two
 * statements sent together. A count carried on the page's rows (`count(*) over ()`) made PostgreSQL
 * join and read every report of the entity whole for a page of 25, which grew with the reports.
 */
export async function findReports(
  db: Db,
  entityId: string,
  query: { state: 'all' | ReportState; groupId?: string | undefined; page: number },
): Promise<{ rows: ReportRow[]; total: number }> {
  const conditions = reportConditions(entityId, query);
  const [rows, total] = await Promise.all([reportPage(db, entityId, query), countReports(db, conditions)]);
  return { rows: rows as ReportRow[], total };
}

function reportConditions(
  entityId: string,
  query: { state: 'all' | ReportState; groupId?: string | undefined },
) {
  const conditions = [eq(messageReports.entityId, entityId)];
  if (query.state !== 'all') conditions.push(eq(messageReports.state, query.state));
  if (query.groupId) conditions.push(eq(messageReports.groupId, query.groupId));
  return conditions;
}

/** The statement of a page of the queue (what EXPLAIN reads in the tests). */
export function reportPage(
  db: Db,
  entityId: string,
  query: { state: 'all' | ReportState; groupId?: string | undefined; page: number },
) {
  return (
    db
      .select(reportColumns)
      .from(messageReports)
      .innerJoin(groups, eq(groups.id, messageReports.groupId))
      .leftJoin(users, eq(users.id, messageReports.reviewedBy))
      .where(and(...reportConditions(entityId, query)))
      // 'open' sorts before 'reviewed'; the order of message_reports_queue_order_idx.
      .orderBy(messageReports.state, sql`${messageReports.reportedAt} desc`, sql`${messageReports.id} desc`)
      .limit(REPORT_PAGE_SIZE)
      .offset((query.page - 1) * REPORT_PAGE_SIZE)
  );
}

async function countReports(db: Db, conditions: ReturnType<typeof eq>[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(messageReports)
    .where(and(...conditions));
  return row?.n ?? 0;
}

export async function countOpenReports(db: Db, entityId: string): Promise<number> {
  return countReports(db, [eq(messageReports.entityId, entityId), eq(messageReports.state, 'open')]);
}

export async function findReport(db: Db, entityId: string, id: string): Promise<ReportRow | null> {
  const [row] = await db
    .select(reportColumns)
    .from(messageReports)
    .innerJoin(groups, eq(groups.id, messageReports.groupId))
    .leftJoin(users, eq(users.id, messageReports.reviewedBy))
    .where(and(eq(messageReports.entityId, entityId), eq(messageReports.id, id)));
  return (row as ReportRow | undefined) ?? null;
}

/**
 * Moves a report from one state to the other; false when it was not in `from` (someone else did it
 * first). Reviewing keeps who, when and the note; reopening clears them (the activity keeps them).
 */
export async function setReportState(
  db: Db,
  input: { entityId: string; id: string; from: ReportState; reviewerId: string; note: string | null },
): Promise<boolean> {
  const reviewing = input.from === 'open';
  const updated = await db
    .update(messageReports)
    .set(
      reviewing
        ? { state: 'reviewed', reviewedAt: new Date(), reviewedBy: input.reviewerId, reviewNote: input.note }
        : { state: 'open', reviewedAt: null, reviewedBy: null, reviewNote: null },
    )
    .where(
      and(
        eq(messageReports.entityId, input.entityId),
        eq(messageReports.id, input.id),
        eq(messageReports.state, input.from),
      ),
    )
    .returning({ id: messageReports.id });
  return updated.length === 1;
}

/** Which channels of the family have an open report (the family page's and the viewer's '!'). */
export async function channelsWithOpenReports(db: Db, groupId: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ channelId: messageReports.channelId })
    .from(messageReports)
    .where(and(eq(messageReports.groupId, groupId), eq(messageReports.state, 'open')));
  return new Set(rows.map((row) => row.channelId));
}

export async function findAlertMode(db: Db, entityId: string): Promise<ReportAlertMode> {
  const [row] = await db
    .select({ mode: entities.reportAlerts })
    .from(entities)
    .where(eq(entities.id, entityId));
  return row?.mode ?? 'immediate';
}

export async function saveAlertMode(db: Db, entityId: string, mode: ReportAlertMode): Promise<void> {
  await db.update(entities).set({ reportAlerts: mode }).where(eq(entities.id, entityId));
}

/** A report still to announce, with where its alert goes. */
export interface UnalertedReport {
  id: string;
  entityId: string;
  email: string;
  groupId: string;
  familyName: string;
  channelId: string;
  channelNumber: number | null;
  messageId: string;
}

/**
 * Claims the reports still to announce to entities of this alert mode, and marks them announced, in
 * the caller's transaction: rows another process holds are skipped (FOR UPDATE SKIP LOCKED), so two
 * workers never send the same alert, and a rollback (the mail could not be queued) leaves them to the
 * next run. A report made after the claim waits for the next run (at most a minute).
 */
export async function claimUnalertedReports(tx: Db, mode: ReportAlertMode): Promise<UnalertedReport[]> {
  const claimed = await tx
    .select({ id: messageReports.id })
    .from(messageReports)
    .innerJoin(entities, eq(entities.id, messageReports.entityId))
    .where(and(isNull(messageReports.alertedAt), eq(entities.reportAlerts, mode)))
    .orderBy(messageReports.reportedAt, messageReports.id)
    .limit(500)
    .for('update', { of: messageReports, skipLocked: true });
  const ids = claimed.map((row) => row.id);
  if (ids.length === 0) return [];
  await tx
    .update(messageReports)
    .set({ alertedAt: new Date() })
    .where(and(inArray(messageReports.id, ids), isNull(messageReports.alertedAt)));
  // With where each entity's alert goes.
  const rows = await tx
    .select({
      id: messageReports.id,
      entityId: messageReports.entityId,
      email: alertAddressOf(messageReports.entityId),
      groupId: messageReports.groupId,
      familyName,
      channelId: messageReports.channelId,
      channelNumber: messageReports.channelNumber,
      messageId: messageReports.messageId,
    })
    .from(messageReports)
    .innerJoin(entities, eq(entities.id, messageReports.entityId))
    .innerJoin(groups, eq(groups.id, messageReports.groupId))
    .where(inArray(messageReports.id, ids))
    .orderBy(messageReports.reportedAt, messageReports.id);
  return rows;
}

/**
 * The entity of each of these families (a report is the entity's of the family it was made in), and
 * whether it wants to hear of a report at once: one statement for both, at every report.
 */
export async function ownersOfFamilies(
  db: Db,
  groupIds: string[],
): Promise<Map<string, { entityId: string; alerts: ReportAlertMode }>> {
  if (groupIds.length === 0) return new Map();
  const rows = await db
    .select({ id: groups.id, entityId: entities.id, alerts: entities.reportAlerts })
    .from(groups)
    .innerJoin(entities, eq(entities.id, groups.entityId))
    .where(inArray(groups.id, groupIds));
  return new Map(rows.map((row) => [row.id, { entityId: row.entityId, alerts: row.alerts }]));
}

/** Gives back the claim of reports whose alert could not be queued, for the next run. */
export async function releaseAlertClaim(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(messageReports).set({ alertedAt: null }).where(inArray(messageReports.id, ids));
}

/** Family ids in order, after `after`: the sync walks every family of every entity in batches. */
export async function listFamilyIdsAfter(db: Db, after: string | null, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(after ? sql`${groups.id} > ${after}` : undefined)
    .orderBy(groups.id)
    .limit(limit);
  return rows.map((row) => row.id);
}

const SYNC_CURSOR_KEY = 'reports.stream_sync.after';

/** Where Stream's report sync stopped: the last family id it read, or null to start from the first. */
export async function findSyncCursor(db: Db): Promise<string | null> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, SYNC_CURSOR_KEY));
  return row?.value || null;
}

export async function saveSyncCursor(db: Db, after: string | null): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key: SYNC_CURSOR_KEY, value: after ?? '' })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: after ?? '' } });
}
