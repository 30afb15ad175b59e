// A family's contact agreement: its versions, their items, the caseworker's marks, and the days the
// family's members gave what an item promises (read from the local chat tables).
import {
  type AgreementItemKind,
  type AgreementSide,
  LETTER_MIN_LENGTH,
  type ReportAlertMode,
  type ZSaveAgreementRequest,
} from '@bridge-talk/contract';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { alertAddressOf } from '../../db/alert-address.js';
import type { Db } from '../../db/client.js';
import { entities, groups } from '../../db/schema.js';
import {
  agreementDocuments,
  agreementItems,
  agreementMarks,
  agreementNotices,
  agreementReports,
  agreementStates,
  agreementVersions,
} from '../../db/schema-agreements.js';
import { chatChannelMembers, chatChannels, chatMessages } from '../../db/schema-chat.js';
import { familyMembers, groupMembers } from '../../db/schema-families.js';
import type { Valid } from '../../lib/route.js';

export type AgreementVersionRow = typeof agreementVersions.$inferSelect;
export type AgreementItemRow = typeof agreementItems.$inferSelect;
export type AgreementMarkRow = typeof agreementMarks.$inferSelect;

/** The family's versions, newest first. */
export function versionsOf(db: Db, groupId: string): Promise<AgreementVersionRow[]> {
  return db
    .select()
    .from(agreementVersions)
    .where(eq(agreementVersions.groupId, groupId))
    .orderBy(desc(agreementVersions.version));
}

export function itemsOf(db: Db, versionId: string): Promise<AgreementItemRow[]> {
  return db
    .select()
    .from(agreementItems)
    .where(eq(agreementItems.versionId, versionId))
    .orderBy(asc(agreementItems.position));
}

export function marksOf(db: Db, itemIds: string[]): Promise<AgreementMarkRow[]> {
  if (itemIds.length === 0) return Promise.resolve([]);
  return db.select().from(agreementMarks).where(inArray(agreementMarks.itemId, itemIds));
}

/** What the family's members of one side gave on one day, in the agency's zone. */
export interface GivenDay {
  day: string;
  side: AgreementSide;
  letter: boolean;
  photos: boolean;
  video: boolean;
}

/**
 * The days since `since` on which the adoptive parents or the birth family wrote in any of the
 * family's channels (each message on the side its writer had when writing), with what they gave: a
 * letter (a text of `LETTER_MIN_LENGTH` characters or more as read, tags left out), photos (a picture), a
 * video. The child's own messages count for no side.
 */
export async function givenDays(db: Db, groupId: string, timeZone: string, since: Date): Promise<GivenDay[]> {
  return givenDaysOfFamilies(db, [groupId], timeZone, since);
}

/** `givenDays` of several families at once, each day with its family. */
export async function givenDaysOfFamilies(
  db: Db,
  groupIds: string[],
  timeZone: string,
  since: Date,
): Promise<(GivenDay & { groupId: string })[]> {
  if (groupIds.length === 0) return [];
  // The text as read: tags left out, and an entity ('&amp;', '&#39;') one character, as it shows.
  const text = sql`regexp_replace(regexp_replace(${chatMessages.html}, '<[^>]+>', '', 'g'), '&(#[0-9]+|#x[0-9a-f]+|[a-z][a-z0-9]*);', '.', 'gi')`;
  const rows = await db
    .select({
      day: sql<string>`to_char((${chatMessages.createdAt} at time zone ${timeZone})::date, 'YYYY-MM-DD')`,
      role: sql<string | null>`coalesce(${chatMessages.authorRole}, ${chatChannelMembers.role})`,
      groupId: chatChannels.groupId,
      letter: sql<boolean>`bool_or(char_length(${text}) >= ${LETTER_MIN_LENGTH})`,
      photos: sql<boolean>`bool_or(${chatMessages.attachments} @> '[{"type":"image"}]'::jsonb)`,
      video: sql<boolean>`bool_or(${chatMessages.attachments} @> '[{"type":"video"}]'::jsonb)`,
    })
    .from(chatChannels)
    .innerJoin(
      chatMessages,
      and(eq(chatMessages.channelId, chatChannels.id), gte(chatMessages.createdAt, since)),
    )
    // The role the message was written with; for older rows, the writer's role in the channel now.
    .leftJoin(
      chatChannelMembers,
      and(
        eq(chatChannelMembers.channelId, chatMessages.channelId),
        eq(chatChannelMembers.userId, chatMessages.userId),
      ),
    )
    .where(
      and(
        inArray(chatChannels.groupId, groupIds),
        sql`coalesce(${chatMessages.authorRole}, ${chatChannelMembers.role}) in ('adoptive_parent', 'birth_family')`,
      ),
    )
    // By position: the day's expression carries the zone as a parameter, which a repeated expression
    // would carry as another one, and PostgreSQL would not know them for the same.
    .groupBy(sql`1, 2, 3`);
  return rows.map((row) => ({
    groupId: row.groupId,
    day: row.day,
    side: row.role === 'adoptive_parent' ? 'adoptive' : 'birth',
    letter: row.letter,
    photos: row.photos,
    video: row.video,
  }));
}

// ─── The agency's year ────────────────────────────────────────────────────────────────────────────

/** The entity's families with an agreement in force on or before `through`, by name. */
export function familiesWithAgreements(db: Db, entityId: string, through: string) {
  return db
    .selectDistinct({ groupId: agreementVersions.groupId, name: groups.name })
    .from(agreementVersions)
    .innerJoin(groups, eq(groups.id, agreementVersions.groupId))
    .where(and(eq(agreementVersions.entityId, entityId), lte(agreementVersions.effectiveFrom, through)))
    .orderBy(asc(groups.name), asc(agreementVersions.groupId));
}

/** The versions of these families, each family's newest first. */
export function versionsOfFamilies(db: Db, groupIds: string[]): Promise<AgreementVersionRow[]> {
  return db
    .select()
    .from(agreementVersions)
    .where(inArray(agreementVersions.groupId, groupIds))
    .orderBy(asc(agreementVersions.groupId), desc(agreementVersions.version));
}

export function itemsOfVersions(db: Db, versionIds: string[]): Promise<AgreementItemRow[]> {
  if (versionIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(agreementItems)
    .where(inArray(agreementItems.versionId, versionIds))
    .orderBy(asc(agreementItems.versionId), asc(agreementItems.position));
}

/**
 * The family's latest version, read with the family's row locked: two saves at once then number their
 * versions one after the other (call inside the save's transaction).
 */
export async function latestVersionLocked(
  tx: Db,
  groupId: string,
): Promise<{ version: number; effectiveFrom: string } | null> {
  await tx.select({ id: groups.id }).from(groups).where(eq(groups.id, groupId)).for('update');
  const [latest] = await tx
    .select({ version: agreementVersions.version, effectiveFrom: agreementVersions.effectiveFrom })
    .from(agreementVersions)
    .where(eq(agreementVersions.groupId, groupId))
    .orderBy(desc(agreementVersions.version))
    .limit(1);
  return latest ?? null;
}

export async function insertVersion(
  tx: Db,
  input: {
    entityId: string;
    groupId: string;
    version: number;
    createdBy: string;
    createdByName: string;
    agreement: Valid<typeof ZSaveAgreementRequest>;
  },
): Promise<void> {
  const { agreement } = input;
  const [row] = await tx
    .insert(agreementVersions)
    .values({
      entityId: input.entityId,
      groupId: input.groupId,
      version: input.version,
      effectiveFrom: agreement.effectiveFrom,
      timeZone: agreement.timeZone,
      reminderDays: agreement.reminderDays,
      childBirthDate: agreement.childBirthDate,
      createdBy: input.createdBy,
      createdByName: input.createdByName,
    })
    .returning({ id: agreementVersions.id });
  await tx.insert(agreementItems).values(
    agreement.items.map((item, position) => ({
      versionId: row!.id,
      position,
      kind: item.kind,
      giver: item.giver,
      receiver: item.receiver,
      frequency: item.frequency,
      until: item.until,
      note: item.note,
    })),
  );
}

/** Stores a mark; false when the window already has one. */
export async function insertMark(
  db: Db,
  mark: Omit<typeof agreementMarks.$inferInsert, 'id' | 'createdAt'>,
): Promise<boolean> {
  const inserted = await db
    .insert(agreementMarks)
    .values(mark)
    .onConflictDoNothing()
    .returning({ id: agreementMarks.id });
  return inserted.length === 1;
}

// ─── Standings and notices ─────────────────────────────────────────────────────────────────────────

/** What the standing of a family is kept with: its entity, its creation, its name and alert mode. */
export async function familyOfStanding(db: Db, groupId: string) {
  const [row] = await db
    .select({
      entityId: groups.entityId,
      createdAt: groups.createdAt,
      name: groups.name,
      alerts: entities.reportAlerts,
    })
    .from(groups)
    .innerJoin(entities, eq(entities.id, groups.entityId))
    .where(eq(groups.id, groupId));
  return row ?? null;
}

export async function saveStanding(db: Db, row: typeof agreementStates.$inferInsert): Promise<void> {
  const { groupId: _key, ...changes } = row;
  await db
    .insert(agreementStates)
    .values(row)
    .onConflictDoUpdate({ target: agreementStates.groupId, set: { ...changes, updatedAt: new Date() } });
}

export async function removeStanding(db: Db, groupId: string): Promise<void> {
  await db.delete(agreementStates).where(eq(agreementStates.groupId, groupId));
}

/**
 * Writes the notices of these windows that no run wrote before, and answers those it wrote: the
 * unique (item, due, kind) makes a second process, a retry or a restart find them and send nothing.
 */
export async function claimNotices(
  db: Db,
  kind: 'reminder' | 'overdue',
  family: { entityId: string; groupId: string },
  windows: { itemId: string; due: string }[],
): Promise<{ id: string; itemId: string; due: string }[]> {
  if (windows.length === 0) return [];
  return db
    .insert(agreementNotices)
    .values(windows.map((window) => ({ ...family, kind, itemId: window.itemId, due: window.due })))
    .onConflictDoNothing()
    .returning({ id: agreementNotices.id, itemId: agreementNotices.itemId, due: agreementNotices.due });
}

/** Takes back notices whose mail could not be queued, for the next run to write again. */
export async function releaseNotices(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(agreementNotices).where(inArray(agreementNotices.id, ids));
}

/** The family's active members of one side with their e-mail, to remind. */
export async function givingMembers(db: Db, groupId: string, side: AgreementSide) {
  return db
    .select({
      email: sql<string>`${familyMembers.email}`,
      firstName: sql<string>`coalesce(${groupMembers.firstName}, ${familyMembers.firstName})`,
    })
    .from(groupMembers)
    .innerJoin(familyMembers, eq(familyMembers.id, groupMembers.memberId))
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.active, true),
        eq(groupMembers.role, side === 'adoptive' ? 'adoptive_parent' : 'birth_family'),
        isNotNull(familyMembers.email),
      ),
    )
    .orderBy(asc(groupMembers.position));
}

/** The families whose standing may have changed by now, oldest check first. */
export async function standingsToCheck(db: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ groupId: agreementStates.groupId })
    .from(agreementStates)
    .where(lte(agreementStates.checkAt, now))
    .orderBy(asc(agreementStates.checkAt))
    .limit(limit);
  return rows.map((row) => row.groupId);
}

const DUE_STANDINGS = sql`${agreementStates.standing} in ('overdue', 'dueSoon')`;

/** A page of the entity's families with an item overdue or due soon: overdue first, oldest first. */
export async function dueFamilies(db: Db, entityId: string, page: { limit: number; offset: number }) {
  const rows = await db
    .select({
      groupId: agreementStates.groupId,
      name: groups.name,
      standing: agreementStates.standing,
      date: agreementStates.standingDate,
      items: agreementStates.dueItems,
    })
    .from(agreementStates)
    .innerJoin(groups, eq(groups.id, agreementStates.groupId))
    .where(and(eq(agreementStates.entityId, entityId), DUE_STANDINGS))
    .orderBy(
      sql`${agreementStates.standing} = 'dueSoon'`,
      asc(agreementStates.standingDate),
      asc(agreementStates.groupId),
    )
    .limit(page.limit)
    .offset(page.offset);
  return rows;
}

/** How many of the entity's families are overdue, and how many due soon. */
export async function dueCounts(db: Db, entityId: string): Promise<{ overdue: number; dueSoon: number }> {
  const rows = await db
    .select({ standing: agreementStates.standing, count: sql<number>`count(*)::int` })
    .from(agreementStates)
    .where(and(eq(agreementStates.entityId, entityId), DUE_STANDINGS))
    .groupBy(agreementStates.standing);
  const of = (standing: string) => rows.find((row) => row.standing === standing)?.count ?? 0;
  return { overdue: of('overdue'), dueSoon: of('dueSoon') };
}

/** An overdue window still to announce to its agency, with where the alert goes. */
export interface UnalertedNotice {
  id: string;
  entityId: string;
  email: string;
  groupId: string;
  familyName: string | null;
  kind: AgreementItemKind;
  due: string;
}

/**
 * Claims the overdue notices still to announce to entities of this alert mode and marks them
 * announced, in the caller's transaction (rows another process holds are skipped), as the report
 * alerts do: a rollback leaves them to the next run.
 */
export async function claimUnalertedNotices(tx: Db, mode: ReportAlertMode): Promise<UnalertedNotice[]> {
  const claimed = await tx
    .select({ id: agreementNotices.id })
    .from(agreementNotices)
    .innerJoin(entities, eq(entities.id, agreementNotices.entityId))
    .where(
      and(
        isNull(agreementNotices.alertedAt),
        eq(agreementNotices.kind, 'overdue'),
        eq(entities.reportAlerts, mode),
      ),
    )
    .orderBy(asc(agreementNotices.createdAt), asc(agreementNotices.id))
    .limit(500)
    .for('update', { of: agreementNotices, skipLocked: true });
  const ids = claimed.map((row) => row.id);
  if (ids.length === 0) return [];
  await tx.update(agreementNotices).set({ alertedAt: new Date() }).where(inArray(agreementNotices.id, ids));
  return tx
    .select({
      id: agreementNotices.id,
      entityId: agreementNotices.entityId,
      email: alertAddressOf(agreementNotices.entityId),
      groupId: agreementNotices.groupId,
      familyName: groups.name,
      kind: agreementItems.kind,
      due: agreementNotices.due,
    })
    .from(agreementNotices)
    .innerJoin(entities, eq(entities.id, agreementNotices.entityId))
    .innerJoin(groups, eq(groups.id, agreementNotices.groupId))
    .innerJoin(agreementItems, eq(agreementItems.id, agreementNotices.itemId))
    .where(inArray(agreementNotices.id, ids))
    .orderBy(asc(agreementNotices.createdAt), asc(agreementNotices.id));
}

export async function releaseAlertClaim(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(agreementNotices).set({ alertedAt: null }).where(inArray(agreementNotices.id, ids));
}

/** Has the sweep look at the family at its next run (a refresh that failed part way). */
export async function checkSoon(db: Db, groupId: string): Promise<void> {
  await db.update(agreementStates).set({ checkAt: new Date() }).where(eq(agreementStates.groupId, groupId));
}

export async function hasStanding(db: Db, groupId: string): Promise<boolean> {
  const [row] = await db
    .select({ groupId: agreementStates.groupId })
    .from(agreementStates)
    .where(eq(agreementStates.groupId, groupId));
  return row !== undefined;
}

/** Has the sweep look at every standing (the test clock moved: any of them may have changed). */
export async function checkAllSoon(db: Db): Promise<void> {
  await db.update(agreementStates).set({ checkAt: sql`'-infinity'::timestamptz` });
}

/** Families with an agreement and no standing kept yet (agreements written before standings were). */
export async function familiesWithoutStanding(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ groupId: agreementVersions.groupId })
    .from(agreementVersions)
    .where(
      sql`not exists (select 1 from ${agreementStates} where ${agreementStates.groupId} = ${agreementVersions.groupId})`,
    )
    .limit(limit);
  return rows.map((row) => row.groupId);
}

/** A PDF report as issued, with its audit event, in one transaction. */
export async function insertIssuedReport(
  db: Db,
  report: {
    entityId: string;
    groupId: string;
    from: string;
    to: string;
    windowCount: number;
    sha256: string;
    byteSize: number;
    issuedBy: string;
    issuedAt: Date;
  },
  audit: (tx: Db) => Promise<unknown>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(agreementReports)
      .values({
        entityId: report.entityId,
        groupId: report.groupId,
        periodFrom: report.from,
        periodTo: report.to,
        windowCount: report.windowCount,
        sha256: report.sha256,
        byteSize: report.byteSize,
        issuedBy: report.issuedBy,
        issuedAt: report.issuedAt,
      })
      // The same bytes issued twice (the same report in the same millisecond) are one file.
      .onConflictDoNothing({ target: agreementReports.sha256 });
    await audit(tx);
  });
}

/** A report issued with this fingerprint: when, which period, how many windows; never whose. */
export async function findIssuedReportBySha(db: Db, sha256: string) {
  const [row] = await db
    .select({
      issuedAt: agreementReports.issuedAt,
      from: agreementReports.periodFrom,
      to: agreementReports.periodTo,
      windowCount: agreementReports.windowCount,
      byteSize: agreementReports.byteSize,
    })
    .from(agreementReports)
    .where(eq(agreementReports.sha256, sha256));
  return row ?? null;
}

// ─── The signed agreement ─────────────────────────────────────────────────────────────────────────

export type AgreementDocumentRow = typeof agreementDocuments.$inferSelect;

export async function documentOf(db: Db, versionId: string): Promise<AgreementDocumentRow | null> {
  const [row] = await db.select().from(agreementDocuments).where(eq(agreementDocuments.versionId, versionId));
  return row ?? null;
}

/** Attaches the file to the version in the caller's transaction; answers the storage key it replaced. */
export async function replaceDocument(
  tx: Db,
  document: Omit<AgreementDocumentRow, 'uploadedAt'>,
): Promise<string | null> {
  const [previous] = await tx
    .select({ storageKey: agreementDocuments.storageKey })
    .from(agreementDocuments)
    .where(eq(agreementDocuments.versionId, document.versionId))
    .for('update');
  const { versionId, ...rest } = document;
  await tx
    .insert(agreementDocuments)
    .values(document)
    .onConflictDoUpdate({
      target: agreementDocuments.versionId,
      set: { ...rest, uploadedAt: sql`now()` },
    });
  return previous?.storageKey ?? null;
}
