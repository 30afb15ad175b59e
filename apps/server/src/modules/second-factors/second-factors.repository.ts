import type { SecondFactorKind } from '@bridge-talk/contract';
import { and, asc, count, eq, isNotNull, isNull, lt, lte, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { recoveryCodes, secondFactors, sessions, users, webauthnChallenges } from '../../db/schema.js';
import type { StoredPasskey } from './passkeys.js';

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

/** An active (confirmed) factor of the account: what every question about its factors starts from. */
const activeFactorOf = (userId: string) =>
  and(eq(secondFactors.userId, userId), isNotNull(secondFactors.confirmedAt));

/** The account's active factors, oldest first. */
export async function findActiveFactors(db: Db, userId: string): Promise<FactorRow[]> {
  return db
    .select(factorColumns)
    .from(secondFactors)
    .where(activeFactorOf(userId))
    .orderBy(asc(secondFactors.createdAt), asc(secondFactors.id));
}

export async function countActiveFactors(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(secondFactors).where(activeFactorOf(userId));
  return row?.n ?? 0;
}

export async function hasActiveFactor(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: secondFactors.id })
    .from(secondFactors)
    .where(activeFactorOf(userId))
    .limit(1);
  return row !== undefined;
}

/** The kinds of the account's active factors, each once, in the contract's order. */
export async function findActiveKinds(db: Db, userId: string): Promise<SecondFactorKind[]> {
  const rows = await db
    .selectDistinct({ kind: secondFactors.kind })
    .from(secondFactors)
    .where(activeFactorOf(userId));
  return rows.map((row) => row.kind);
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
      and(activeFactorOf(userId), eq(secondFactors.kind, 'totp'), isNotNull(secondFactors.secretEncrypted)),
    )
    .then((rows) => rows.map((row) => ({ ...row, secretEncrypted: row.secretEncrypted! })));
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
      and(
        eq(secondFactors.id, id),
        eq(secondFactors.userId, userId),
        eq(secondFactors.kind, 'totp'),
        isNull(secondFactors.confirmedAt),
      ),
    );
  return row?.secretEncrypted ? { ...row, secretEncrypted: row.secretEncrypted } : null;
}

/** An active factor and whether it brought the account's first recovery codes. */
export type EnrolledFactor = { factor: FactorRow; recoveryCodesStored: boolean };

/** Stores a first set of recovery codes when the account has none; whether it did. */
async function storeFirstRecoveryCodes(
  tx: Pick<Db, 'select' | 'insert'>,
  userId: string,
  codeHashes: string[],
): Promise<boolean> {
  const [existing] = await tx
    .select({ n: count() })
    .from(recoveryCodes)
    .where(eq(recoveryCodes.userId, userId));
  if ((existing?.n ?? 0) > 0) return false;
  await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  return true;
}

/**
 * Activates an enrolment with the step of the code that confirmed it (that code cannot sign in), and
 * stores the first recovery codes when the account has none. Null when it was confirmed meanwhile.
 */
export async function confirmTotp(
  db: Db,
  input: { userId: string; id: string; name: string; step: number; recoveryCodeHashes: string[] },
): Promise<EnrolledFactor | null> {
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
    return {
      factor,
      recoveryCodesStored: await storeFirstRecoveryCodes(tx, input.userId, input.recoveryCodeHashes),
    };
  });
}

/**
 * Stores a verified passkey, active at once, and the first recovery codes when the account has none.
 * Null when some account already holds that credential.
 */
export async function insertPasskey(
  db: Db,
  input: { userId: string; name: string; passkey: StoredPasskey; recoveryCodeHashes: string[] },
): Promise<EnrolledFactor | null> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [factor] = await tx
      .insert(secondFactors)
      .values({
        userId: input.userId,
        kind: 'passkey',
        name: input.name,
        credentialId: input.passkey.credentialId,
        publicKey: input.passkey.publicKey,
        counter: input.passkey.counter,
        transports: input.passkey.transports.join(','),
        confirmedAt: now,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning(factorColumns);
    if (!factor) return null;
    return {
      factor,
      recoveryCodesStored: await storeFirstRecoveryCodes(tx, input.userId, input.recoveryCodeHashes),
    };
  });
}

/** The account's active passkeys, with what their checks need. */
export async function findPasskeys(db: Db, userId: string): Promise<(StoredPasskey & { id: string })[]> {
  const rows = await db
    .select({
      id: secondFactors.id,
      credentialId: secondFactors.credentialId,
      publicKey: secondFactors.publicKey,
      counter: secondFactors.counter,
      transports: secondFactors.transports,
    })
    .from(secondFactors)
    .where(
      and(
        activeFactorOf(userId),
        eq(secondFactors.kind, 'passkey'),
        isNotNull(secondFactors.credentialId),
        isNotNull(secondFactors.publicKey),
      ),
    )
    .orderBy(asc(secondFactors.createdAt), asc(secondFactors.id));
  return rows.map((row) => ({
    id: row.id,
    credentialId: row.credentialId!,
    publicKey: row.publicKey!,
    counter: row.counter ?? 0,
    transports: row.transports ? row.transports.split(',') : [],
  }));
}

/**
 * Records a passkey's use with its new counter, once: false when another answer moved the counter
 * meanwhile (two answers of one challenge racing each other).
 */
export async function takePasskeyUse(
  db: Db,
  input: { id: string; counter: number; newCounter: number },
): Promise<boolean> {
  const rows = await db
    .update(secondFactors)
    .set({ counter: input.newCounter, lastUsedAt: new Date() })
    .where(and(eq(secondFactors.id, input.id), eq(secondFactors.counter, input.counter)))
    .returning({ id: secondFactors.id });
  return rows.length === 1;
}

export type ChallengePurpose = 'register' | 'sign-in';

/** Stores a ceremony's challenge; the account's expired ones go. */
export async function insertChallenge(
  db: Db,
  input: { userId: string; purpose: ChallengePurpose; challenge: string; expiresAt: Date },
): Promise<string> {
  return db.transaction(async (tx) => {
    await tx
      .delete(webauthnChallenges)
      .where(and(eq(webauthnChallenges.userId, input.userId), lte(webauthnChallenges.expiresAt, new Date())));
    const [row] = await tx.insert(webauthnChallenges).values(input).returning({ id: webauthnChallenges.id });
    return row!.id;
  });
}

/** Takes a challenge of the account for its purpose, once and before it expires; else null. */
export async function takeChallenge(
  db: Db,
  input: { id: string; userId: string; purpose: ChallengePurpose },
): Promise<string | null> {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.id, input.id),
        eq(webauthnChallenges.userId, input.userId),
        eq(webauthnChallenges.purpose, input.purpose),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge, expiresAt: webauthnChallenges.expiresAt });
  return row && row.expiresAt.getTime() > Date.now() ? row.challenge : null;
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
 * factor's name and kind, or null when the account has no such factor.
 */
export async function deleteFactor(
  db: Db,
  userId: string,
  id: string,
): Promise<{ name: string; kind: SecondFactorKind } | null> {
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(secondFactors)
      .where(and(eq(secondFactors.id, id), activeFactorOf(userId)))
      .returning({ name: secondFactors.name, kind: secondFactors.kind });
    if (!removed) return null;
    const [left] = await tx.select({ n: count() }).from(secondFactors).where(activeFactorOf(userId));
    if ((left?.n ?? 0) === 0) await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    return removed;
  });
}

/**
 * Every factor (finished or not), recovery code and ceremony under way of the account; how many
 * factors were active.
 */
export async function deleteAllFactors(db: Pick<Db, 'delete'>, userId: string): Promise<number> {
  const removed = await db
    .delete(secondFactors)
    .where(eq(secondFactors.userId, userId))
    .returning({ confirmedAt: secondFactors.confirmedAt });
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.delete(webauthnChallenges).where(eq(webauthnChallenges.userId, userId));
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
