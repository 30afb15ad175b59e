import { and, eq, gt, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import { entities, refreshTokens, sessions, users } from '../../db/schema.js';
import { fieldsOf, lookedUpId, ownedRows } from '../../speed-ups/lookup-by-ids.js';

const userColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  subtype: users.subtype,
  status: users.status,
  passwordHash: users.passwordHash,
  entityId: users.entityId,
  entityName: entities.name,
  entityStatus: entities.status,
  coupon: entities.coupon,
};

export type UserRecord = Awaited<ReturnType<typeof findUserByEmail>>;

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .leftJoin(entities, eq(entities.id, users.entityId))
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row ?? null;
}

export async function findUserById(db: Db, id: string) {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .leftJoin(entities, eq(entities.id, users.entityId))
    .where(eq(users.id, id));
  return row ?? null;
}

/**
 * The callers of several sessions in one statement (speed-ups/lookup-by-ids.ts): each session with its account
 * and entity, read by their keys.
 */
function sessionActorsQuery(db: Db, ids: SQL) {
  // Columns of the same name in two tables are named apart: the outer select reads them by name.
  const actor = db
    .select({
      ...userColumns,
      entityStatus: sql<EntityStatus>`${entities.status}`.as('entity_status'),
      sessionId: sql<string>`${sessions.id}`.as('session_id'),
      sessionRevokedAt: sessions.revokedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(entities, eq(entities.id, users.entityId))
    .where(eq(sessions.id, lookedUpId))
    .limit(1)
    .as('actor');
  return db.select(fieldsOf(actor)).from(ids).crossJoinLateral(actor);
}

type EntityStatus = (typeof entities.$inferSelect)['status'];

/**
 * The callers behind access tokens, asked by (session id, account id): user, entity and session state
 * of each session that belongs to the account asked. It runs for every authenticated request, so its
 * statements are prepared and concurrent requests share them (auth.service.ts).
 */
export const findSessionActors = ownedRows('find_session_actors', sessionActorsQuery, (row) => ({
  id: row.sessionId,
  ownerId: row.id,
}));

export async function createSession(db: Db, userId: string, persistent: boolean): Promise<string> {
  const [row] = await db.insert(sessions).values({ userId, persistent }).returning({ id: sessions.id });
  if (!row) throw new Error('session not created');
  return row.id;
}

export async function insertRefreshToken(db: Db, sessionId: string, tokenHash: string, expiresAt: Date) {
  await db.insert(refreshTokens).values({ sessionId, tokenHash, expiresAt });
}

export async function findRefreshToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      id: refreshTokens.id,
      sessionId: refreshTokens.sessionId,
      expiresAt: refreshTokens.expiresAt,
      rotatedAt: refreshTokens.rotatedAt,
      userId: sessions.userId,
      persistent: sessions.persistent,
      sessionRevokedAt: sessions.revokedAt,
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return row ?? null;
}

/** Marks a token used; false when another request rotated it first. */
export async function markRefreshTokenRotated(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: new Date() })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

/**
 * A rotated token presented again whose successors were never used: its answer was lost (the browser
 * died before it kept the new cookie). Takes it once: the token can never be used again and its
 * unused successors are dropped, so the caller can issue the session a new pair. False when a
 * successor was used (the old token is then a stolen one) or the token was already taken once.
 */
export async function takeLostRotation(db: Db, token: { id: string; sessionId: string }): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Compared in the database: a JavaScript Date would cut its microseconds and count the token itself.
    const later = and(
      eq(refreshTokens.sessionId, token.sessionId),
      ne(refreshTokens.id, token.id),
      gt(refreshTokens.createdAt, sql`(select created_at from refresh_tokens where id = ${token.id})`),
    );
    const [used] = await tx
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(and(later, isNotNull(refreshTokens.rotatedAt)))
      .limit(1);
    if (used) return false;
    const [taken] = await tx
      .update(refreshTokens)
      .set({ expiresAt: sql`now()` })
      .where(and(eq(refreshTokens.id, token.id), gt(refreshTokens.expiresAt, sql`now()`)))
      .returning({ id: refreshTokens.id });
    if (!taken) return false;
    await tx.delete(refreshTokens).where(later);
    return true;
  });
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeUserSessions(db: Db, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function setPassword(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** An access request: a pending entity and its person, who has no password yet. */
export async function createAccessRequest(
  db: Db,
  input: {
    entityName: string;
    email: string;
    phone: string;
    subtype: 'agency' | 'lawyer';
    firstName: string;
    lastName: string;
  },
): Promise<{ entityId: string; userId: string }> {
  return db.transaction(async (tx) => {
    const [entity] = await tx
      .insert(entities)
      .values({
        name: input.entityName,
        email: input.email,
        phone: input.phone,
        subtype: input.subtype,
        status: 'pending',
      })
      .returning({ id: entities.id });
    const [user] = await tx
      .insert(users)
      .values({
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        role: 'entity',
        subtype: input.subtype,
        entityId: entity!.id,
        passwordHash: null,
      })
      .returning({ id: users.id });
    // The requester is the actor: the platform activity names them as they asked.
    await recordAudit(tx, {
      actorUserId: user!.id,
      action: 'entity.access_requested',
      entityId: entity!.id,
      subject: input.entityName,
    });
    return { entityId: entity!.id, userId: user!.id };
  });
}
