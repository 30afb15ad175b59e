// A family's contact agreement: its versions, their items, the caseworker's marks, and the days the
// family's members gave what an item promises (read from the local chat tables).
import { type AgreementSide, LETTER_MIN_LENGTH, type ZSaveAgreementRequest } from '@bridge-talk/contract';
import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { groups } from '../../db/schema.js';
import { agreementItems, agreementMarks, agreementVersions } from '../../db/schema-agreements.js';
import { chatChannelMembers, chatChannels, chatMessages } from '../../db/schema-chat.js';
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
 * letter (a text of `LETTER_MIN_LENGTH` characters or more, tags left out), photos (a picture), a
 * video. The child's own messages count for no side.
 */
export async function givenDays(db: Db, groupId: string, timeZone: string, since: Date): Promise<GivenDay[]> {
  const text = sql`regexp_replace(${chatMessages.html}, '<[^>]+>', '', 'g')`;
  const rows = await db
    .select({
      day: sql<string>`to_char((${chatMessages.createdAt} at time zone ${timeZone})::date, 'YYYY-MM-DD')`,
      role: sql<string | null>`coalesce(${chatMessages.authorRole}, ${chatChannelMembers.role})`,
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
        eq(chatChannels.groupId, groupId),
        sql`coalesce(${chatMessages.authorRole}, ${chatChannelMembers.role}) in ('adoptive_parent', 'birth_family')`,
      ),
    )
    // By position: the day's expression carries the zone as a parameter, which a repeated expression
    // would carry as another one, and PostgreSQL would not know them for the same.
    .groupBy(sql`1, 2`);
  return rows.map((row) => ({
    day: row.day,
    side: row.role === 'adoptive_parent' ? 'adoptive' : 'birth',
    letter: row.letter,
    photos: row.photos,
    video: row.video,
  }));
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
