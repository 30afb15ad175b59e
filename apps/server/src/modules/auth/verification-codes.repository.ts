// Queries of the one-time e-mailed codes (verification-codes.ts holds their rules).
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { verificationCodes } from '../../db/schema.js';

type Purpose = (typeof verificationCodes.$inferSelect)['purpose'];

export interface NewCode {
  /** Given by the caller: the code is derived from it before the row is written. */
  id: string;
  userId: string;
  purpose: Purpose;
  codeHash: string;
  target: string | null;
  expiresAt: Date;
}

/** Inserts a code; with `voidOthers`, first spends the user's other live codes of that purpose. */
export async function insertCode(db: Db, code: NewCode, voidOthers: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    if (voidOthers)
      await tx
        .update(verificationCodes)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(verificationCodes.userId, code.userId),
            eq(verificationCodes.purpose, code.purpose),
            isNull(verificationCodes.usedAt),
          ),
        );
    await tx.insert(verificationCodes).values(code);
  });
}

/** The newest unspent, unexpired codes of a user and purpose. */
export function findLiveCodes(db: Db, userId: string, purpose: Purpose, now: Date, limit: number) {
  return db
    .select({
      id: verificationCodes.id,
      codeHash: verificationCodes.codeHash,
      target: verificationCodes.target,
      attempts: verificationCodes.attempts,
    })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, userId),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(limit);
}

/** The newest unspent code of a user and purpose, live or not: says why no live code matched. */
export async function findNewestUnspentCode(db: Db, userId: string, purpose: Purpose) {
  const [row] = await db
    .select({ expiresAt: verificationCodes.expiresAt, attempts: verificationCodes.attempts })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, userId),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.usedAt),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return row;
}

export async function countFailedAttempt(db: Db, ids: string[]): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(inArray(verificationCodes.id, ids));
}

export async function markCodeVerified(db: Db, id: string): Promise<void> {
  await db.update(verificationCodes).set({ verifiedAt: new Date() }).where(eq(verificationCodes.id, id));
}

/** Spends a code; false if it was already spent. */
export async function spendCode(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(verificationCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.usedAt)))
    .returning({ id: verificationCodes.id });
  return rows.length === 1;
}
