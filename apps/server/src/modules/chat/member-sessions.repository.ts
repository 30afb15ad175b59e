// The families' app's sessions on members' devices (member_sessions): opened by the code exchange,
// rotated by each refresh, ended by signing out or by a reuse of a rotated token.
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { memberSessions } from '../../db/schema-chat.js';
import { isUuid } from '../../lib/app-error.js';

export async function createMemberSession(
  db: Db,
  session: { memberId: string; email: string; tokenHash: string; expiresAt: Date },
): Promise<string> {
  const [row] = await db
    .insert(memberSessions)
    .values({ ...session, email: session.email.toLowerCase() })
    .returning({ id: memberSessions.id });
  return row!.id;
}

/** The session a presented token opens: as its current token, or as the one before the last rotation. */
export async function findMemberSessionByToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      id: memberSessions.id,
      memberId: memberSessions.memberId,
      email: memberSessions.email,
      current: sql<boolean>`${memberSessions.tokenHash} = ${tokenHash}`,
      rotatedAt: memberSessions.rotatedAt,
      expiresAt: memberSessions.expiresAt,
      revokedAt: memberSessions.revokedAt,
    })
    .from(memberSessions)
    .where(or(eq(memberSessions.tokenHash, tokenHash), eq(memberSessions.previousHash, tokenHash)))
    .limit(1);
  return row ?? null;
}

/** Replaces the session's token; false when another refresh replaced it first or it has ended. */
export async function rotateMemberSession(
  db: Db,
  input: { id: string; fromHash: string; toHash: string; expiresAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(memberSessions)
    .set({
      previousHash: input.fromHash,
      tokenHash: input.toHash,
      rotatedAt: new Date(),
      expiresAt: input.expiresAt,
    })
    .where(
      and(
        eq(memberSessions.id, input.id),
        eq(memberSessions.tokenHash, input.fromHash),
        isNull(memberSessions.revokedAt),
      ),
    )
    .returning({ id: memberSessions.id });
  return rows.length > 0;
}

export async function revokeMemberSession(db: Db, id: string): Promise<void> {
  if (!isUuid(id)) return;
  await db
    .update(memberSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(memberSessions.id, id), isNull(memberSessions.revokedAt)));
}

export async function currentTokenHash(db: Db, id: string): Promise<string | null> {
  const [row] = await db
    .select({ tokenHash: memberSessions.tokenHash })
    .from(memberSessions)
    .where(eq(memberSessions.id, id));
  return row?.tokenHash ?? null;
}
