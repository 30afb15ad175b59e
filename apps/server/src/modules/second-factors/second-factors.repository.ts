import type { SecondFactorKind } from '@bridge-talk/contract';
import { and, asc, count, eq, isNotNull, isNull, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recoveryCodes, secondFactors, sessions, users } from '../../db/schema.js';

const factorColumns = {
  id: secondFactors.id,
  name: secondFactors.name,
  kind: secondFactors.kind,
  createdAt: secondFactors.createdAt,
  lastUsedAt: secondFactors.lastUsedAt,
};
export type FactorRow = {
  id: string;
  name: string;
  kind: SecondFactorKind;
  createdAt: Date;
  lastUsedAt: Date | null;
};

/** The account's active factors, oldest first. */
export async function findActiveFactors(db: Db, userId: string): Promise<FactorRow[]> {
  return db
    .select(factorColumns)
    .from(secondFactors)
    .where(and(eq(secondFactors.userId, userId), isNotNull(secondFactors.confirmedAt)))
    .orderBy(asc(secondFactors.createdAt), asc(secondFactors.id));
}

export async function hasActiveFactor(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: secondFactors.id })
    .from(secondFactors)
    .where(and(eq(secondFactors.userId, userId), isNotNull(secondFactors.confirmedAt)))
    .limit(1);
  return row !== undefined;
}

/** The sealed secrets of the account's active authenticator apps, for a sign-in's code check. */
export async function findActiveTotpSecrets(db: Db, userId: string) {
  return db
    .select({
      id: secondFactors.id,
      secretEncrypted: secondFactors.secretEncrypted,
      lastUsedStep: secondFactors.lastUsedStep,
    })
    .from(secondFactors)
    .where(
      and(
        eq(secondFactors.userId, userId),
        eq(secondFactors.kind, 'totp'),
        isNotNull(secondFactors.confirmedAt),
      ),
    );
}

/** A new enrolment replaces the account's unfinished ones: one QR code at a time is ever valid. */
export async function insertPendingTotp(db: Db, userId: string, secretEncrypted: string): Promise<string> {
  return db.transaction(async (tx) => {
    await tx
      .delete(secondFactors)
      .where(and(eq(secondFactors.userId, userId), isNull(secondFactors.confirmedAt)));
    const [row] = await tx
      .insert(secondFactors)
      .values({ userId, kind: 'totp', name: '', secretEncrypted, createdAt: new Date() })
      .returning({ id: secondFactors.id });
    return row!.id;
  });
}

export async function findPendingTotp(db: Db, userId: string, id: string) {
  const [row] = await db
    .select({
      id: secondFactors.id,
      secretEncrypted: secondFactors.secretEncrypted,
      createdAt: secondFactors.createdAt,
    })
    .from(secondFactors)
    .where(
      and(eq(secondFactors.id, id), eq(secondFactors.userId, userId), isNull(secondFactors.confirmedAt)),
    );
  return row ?? null;
}

/**
 * Activates an enrolment with the step of the code that confirmed it (that code cannot sign in), and
 * stores the first recovery codes when the account has none. Null when it was confirmed meanwhile.
 */
export async function confirmTotp(
  db: Db,
  input: { userId: string; id: string; name: string; step: number; recoveryCodeHashes: string[] },
): Promise<{ factor: FactorRow; recoveryCodesStored: boolean } | null> {
  return db.transaction(async (tx) => {
    const [factor] = await tx
      .update(secondFactors)
      .set({ name: input.name, confirmedAt: new Date(), lastUsedStep: input.step })
      .where(
        and(
          eq(secondFactors.id, input.id),
          eq(secondFactors.userId, input.userId),
          isNull(secondFactors.confirmedAt),
        ),
      )
      .returning(factorColumns);
    if (!factor) return null;
    const [existing] = await tx
      .select({ n: count() })
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, input.userId));
    const store = (existing?.n ?? 0) === 0;
    if (store) {
      await tx
        .insert(recoveryCodes)
        .values(input.recoveryCodeHashes.map((codeHash) => ({ userId: input.userId, codeHash })));
    }
    return { factor, recoveryCodesStored: store };
  });
}

/**
 * Records a code's step as used, once: false when that step (or a later one) already signed in with
 * this factor, so a code seen over a shoulder or in a log cannot be replayed.
 */
export async function takeTotpStep(db: Db, factorId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(secondFactors)
    .set({ lastUsedStep: step, lastUsedAt: new Date() })
    .where(
      and(
        eq(secondFactors.id, factorId),
        or(isNull(secondFactors.lastUsedStep), lt(secondFactors.lastUsedStep, step)),
      ),
    )
    .returning({ id: secondFactors.id });
  return rows.length === 1;
}

/** Uses a recovery code once; false when the account has no such unused code. */
export async function takeRecoveryCode(db: Db, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

export async function countUnusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function replaceRecoveryCodes(db: Db, userId: string, codeHashes: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  });
}

/**
 * Removes one active factor of the account; the recovery codes go with the last one. The removed
 * factor's name, or null when the account has no such factor.
 */
export async function deleteFactor(db: Db, userId: string, id: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(secondFactors)
      .where(
        and(eq(secondFactors.id, id), eq(secondFactors.userId, userId), isNotNull(secondFactors.confirmedAt)),
      )
      .returning({ name: secondFactors.name });
    if (!removed) return null;
    const [left] = await tx
      .select({ n: count() })
      .from(secondFactors)
      .where(and(eq(secondFactors.userId, userId), isNotNull(secondFactors.confirmedAt)));
    if ((left?.n ?? 0) === 0) await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    return removed.name;
  });
}

/** Every factor (finished or not) and recovery code of the account; how many factors were active. */
export async function deleteAllFactors(db: Pick<Db, 'delete'>, userId: string): Promise<number> {
  const removed = await db
    .delete(secondFactors)
    .where(eq(secondFactors.userId, userId))
    .returning({ confirmedAt: secondFactors.confirmedAt });
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  return removed.filter((row) => row.confirmedAt !== null).length;
}

/** The account a password check or a reset names: who it is, and its password hash. */
export async function findAccount(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      entityId: users.entityId,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** Ends every session of the account but the one that asked (a removed second factor). */
export async function revokeOtherSessions(db: Db, userId: string, keepSessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keepSessionId)));
}
