// The people of families in SQL: a family's members, people found by e-mail, new people, places in a
// family (role and position) and their status. Every read or write of a family's membership takes the
// signed-in entity's id and joins the family on it: there is no unscoped variant.
//
// A person's name is shown as the family's entity knows it: the membership's own name when it has one
// (a person linked by e-mail from another entity's family), else the person's.
import { and, asc, desc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import { recordAudit } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import { groups } from '../../db/schema.js';
import { familyMembers, groupMembers } from '../../db/schema-families.js';

export type MemberRole = (typeof groupMembers.$inferSelect)['role'];

/** A transaction or the database: the queries below run in either. */
type Tx = Pick<Db, 'select' | 'selectDistinct' | 'insert' | 'update' | 'delete' | 'execute'>;

const ROLE_ORDER = sql`case ${groupMembers.role} when 'child' then 1 when 'adoptive_parent' then 2 else 3 end`;

const knownFirstName = sql<string>`coalesce(${groupMembers.firstName}, ${familyMembers.firstName})`;
const knownLastName = sql<string>`coalesce(${groupMembers.lastName}, ${familyMembers.lastName})`;

/** Names a membership keeps of its own; null: the person's. */
export type MembershipNames = { firstName: string; lastName: string } | null;

const memberColumns = {
  id: familyMembers.id,
  email: familyMembers.email,
  firstName: knownFirstName,
  lastName: knownLastName,
  role: groupMembers.role,
  position: groupMembers.position,
  active: groupMembers.active,
  invitedAt: groupMembers.invitedAt,
  createdAt: groupMembers.createdAt,
};
export type MemberRow = Awaited<ReturnType<typeof findMembers>>[number];

/** The family's people: child, adoptive parents, birth family, each in the order of their places. */
export async function findMembers(db: Tx, entityId: string, groupId: string) {
  return db
    .select(memberColumns)
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .innerJoin(familyMembers, eq(familyMembers.id, groupMembers.memberId))
    .where(and(eq(groupMembers.groupId, groupId), eq(groups.entityId, entityId)))
    .orderBy(ROLE_ORDER, asc(groupMembers.position), asc(groupMembers.createdAt));
}

export async function findMember(db: Tx, entityId: string, groupId: string, memberId: string) {
  const [row] = await db
    .select(memberColumns)
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .innerJoin(familyMembers, eq(familyMembers.id, groupMembers.memberId))
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.memberId, memberId),
        eq(groups.entityId, entityId),
      ),
    );
  return row ?? null;
}

/**
 * People's own names (their record's, not a family's): the one name per person the chat provider
 * keeps. Never shown to an entity for a person of its families (each family's name is).
 */
export async function findOwnNames(db: Tx, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: familyMembers.id, firstName: familyMembers.firstName, lastName: familyMembers.lastName })
    .from(familyMembers)
    .where(inArray(familyMembers.id, ids));
}

/**
 * The person with this e-mail (any case), in any family: their id only, to link them by e-mail. Never
 * answered to the caller unless the person is already in one of the caller's families.
 */
export async function findPersonIdByEmail(db: Tx, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: familyMembers.id })
    .from(familyMembers)
    .where(sql`lower(${familyMembers.email}) = lower(${email})`);
  return row?.id ?? null;
}

/**
 * A person of one of the entity's families, found by id or e-mail, with the name as the entity last
 * gave it (their newest place); null for a person of no family of the entity.
 */
export async function findKnownPerson(db: Tx, entityId: string, person: { id: string } | { email: string }) {
  const [row] = await db
    .select({
      id: familyMembers.id,
      email: familyMembers.email,
      firstName: knownFirstName,
      lastName: knownLastName,
    })
    .from(familyMembers)
    .innerJoin(groupMembers, eq(groupMembers.memberId, familyMembers.id))
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(
      and(
        eq(groups.entityId, entityId),
        'id' in person
          ? eq(familyMembers.id, person.id)
          : sql`lower(${familyMembers.email}) = lower(${person.email})`,
      ),
    )
    .orderBy(desc(groupMembers.createdAt))
    .limit(1);
  return row ?? null;
}

/** Serialises the membership writes of one family (the next place is read, then written). */
export async function lockFamily(tx: Tx, groupId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`family:${groupId}`}))`);
}

/** How many people the role holds now, and the next free place number. */
export async function roleOccupancy(tx: Tx, groupId: string, role: MemberRole) {
  const [row] = await tx
    .select({
      n: sql<number>`count(*)::int`,
      last: sql<number>`coalesce(max(${groupMembers.position}), 0)::int`,
    })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.role, role)));
  return { count: row?.n ?? 0, next: (row?.last ?? 0) + 1 };
}

export async function insertPerson(
  tx: Tx,
  values: { email: string | null; firstName: string; lastName: string },
): Promise<string> {
  const [row] = await tx.insert(familyMembers).values(values).returning({ id: familyMembers.id });
  return row!.id;
}

export async function insertMembership(
  tx: Tx,
  values: {
    groupId: string;
    memberId: string;
    role: MemberRole;
    position: number;
    invited: boolean;
    names: MembershipNames;
  },
): Promise<void> {
  await tx.insert(groupMembers).values({
    groupId: values.groupId,
    memberId: values.memberId,
    role: values.role,
    position: values.position,
    invitedAt: values.invited ? new Date() : null,
    firstName: values.names?.firstName ?? null,
    lastName: values.names?.lastName ?? null,
  });
}

/** The entity's families, as a condition on a membership's family. */
function inFamiliesOf(entityId: string) {
  return sql`${groupMembers.groupId} in (select ${groups.id} from ${groups} where ${groups.entityId} = ${entityId})`;
}

/** Gives the person's places in the entity's families their own name (null: the person's). */
export async function setMembershipNames(
  tx: Tx,
  entityId: string,
  memberId: string,
  names: MembershipNames,
): Promise<void> {
  await tx
    .update(groupMembers)
    .set({ firstName: names?.firstName ?? null, lastName: names?.lastName ?? null })
    .where(and(eq(groupMembers.memberId, memberId), inFamiliesOf(entityId)));
}

/**
 * Gives the person's places in the entity's families to another person (same roles and places, the
 * given names); answers the families and roles the first person left.
 */
export async function moveMemberships(
  tx: Tx,
  entityId: string,
  move: { from: string; to: string; names: MembershipNames },
) {
  return tx
    .update(groupMembers)
    .set({
      memberId: move.to,
      firstName: move.names?.firstName ?? null,
      lastName: move.names?.lastName ?? null,
    })
    .where(and(eq(groupMembers.memberId, move.from), inFamiliesOf(entityId)))
    .returning({ groupId: groupMembers.groupId, role: groupMembers.role });
}

/** Notes who looked up which e-mail, whatever the answer (the audit log). */
export async function recordLookup(
  db: Tx,
  event: { actorUserId: string; entityId: string; email: string },
): Promise<void> {
  await recordAudit(db, {
    action: 'member.looked_up',
    actorUserId: event.actorUserId,
    entityId: event.entityId,
    subject: event.email,
  });
}

/** Whether the person has a place in any family but this one (then they already use the app). */
export async function isInAnotherFamily(db: Tx, memberId: string, groupId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(groupMembers)
    .where(and(eq(groupMembers.memberId, memberId), ne(groupMembers.groupId, groupId)))
    .limit(1);
  return Boolean(row);
}

/** Whether the person is in a family of another entity (then only that entity may rename them). */
export async function belongsToOtherEntity(db: Tx, memberId: string, entityId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(and(eq(groupMembers.memberId, memberId), ne(groups.entityId, entityId)))
    .limit(1);
  return Boolean(row);
}

export async function updatePerson(
  tx: Tx,
  id: string,
  values: { email: string | null; firstName: string; lastName: string },
): Promise<void> {
  await tx
    .update(familyMembers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(familyMembers.id, id));
}

/** Moves a person of the family to another role, at the given place. */
export async function updateMembershipRole(
  tx: Tx,
  groupId: string,
  memberId: string,
  values: { role: MemberRole; position: number },
): Promise<void> {
  await tx
    .update(groupMembers)
    .set(values)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.memberId, memberId)));
}

export async function markInvited(tx: Tx, groupId: string, memberId: string): Promise<void> {
  await tx
    .update(groupMembers)
    .set({ invitedAt: new Date() })
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.memberId, memberId)));
}

/** Removes the family's people who are not in `keep`; returns who left and in which role. */
export async function removeMembersExcept(tx: Tx, groupId: string, keep: string[]) {
  return tx
    .delete(groupMembers)
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        keep.length > 0 ? notInArray(groupMembers.memberId, keep) : undefined,
      ),
    )
    .returning({ memberId: groupMembers.memberId, role: groupMembers.role });
}

/**
 * Gives the listed people their roles and places (1, 2 within each role, in list order). Places are
 * first moved out of the way so that a swap never meets the unique (family, role, place) index.
 */
export async function assignPlaces(
  tx: Tx,
  groupId: string,
  places: { memberId: string; role: MemberRole; position: number }[],
): Promise<void> {
  if (places.length === 0) return;
  await tx
    .update(groupMembers)
    .set({ position: sql`${groupMembers.position} + 1000` })
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        inArray(
          groupMembers.memberId,
          places.map((p) => p.memberId),
        ),
      ),
    );
  for (const place of places) {
    await updateMembershipRole(tx, groupId, place.memberId, { role: place.role, position: place.position });
  }
}

export async function setMembershipActive(
  db: Tx,
  entityId: string,
  groupId: string,
  memberId: string,
  active: boolean,
): Promise<boolean> {
  const rows = await db
    .update(groupMembers)
    .set({ active })
    .where(
      and(eq(groupMembers.groupId, groupId), eq(groupMembers.memberId, memberId), inFamiliesOf(entityId)),
    )
    .returning({ memberId: groupMembers.memberId });
  return rows.length === 1;
}

/** Which of these people are active in at least one family (they may post in the family app). */
export async function activeSomewhere(db: Tx, memberIds: string[]): Promise<Set<string>> {
  if (memberIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: groupMembers.memberId })
    .from(groupMembers)
    .where(and(inArray(groupMembers.memberId, memberIds), eq(groupMembers.active, true)));
  return new Set(rows.map((r) => r.id));
}
