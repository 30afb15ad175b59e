// Terms in SQL: every version is a row; the highest version is the one in force.
import { desc, eq, max } from 'drizzle-orm';
import { recordAudit } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import { terms } from '../../db/schema.js';

const termsColumns = {
  id: terms.id,
  content: terms.content,
  version: terms.version,
  updatedAt: terms.updatedAt,
};

export type TermsRow = { [K in keyof typeof termsColumns]: (typeof terms.$inferSelect)[K] };

export async function findLatestTerms(db: Db): Promise<TermsRow | null> {
  const [row] = await db.select(termsColumns).from(terms).orderBy(desc(terms.version)).limit(1);
  return row ?? null;
}

export async function findTermsById(db: Db, id: string): Promise<TermsRow | null> {
  const [row] = await db.select(termsColumns).from(terms).where(eq(terms.id, id));
  return row ?? null;
}

/**
 * Adds the next version. Two saves at the same moment compute the same number: the unique index on
 * version refuses the second, which the caller retries.
 */
export async function insertNextVersion(
  db: Db,
  values: { title: string; content: string; createdBy: string },
): Promise<TermsRow> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ version: max(terms.version) }).from(terms);
    const [row] = await tx
      .insert(terms)
      .values({ ...values, version: (current?.version ?? 0) + 1 })
      .returning(termsColumns);
    await recordAudit(tx, {
      actorUserId: values.createdBy,
      action: 'terms.published',
      subject: values.title,
      details: { version: row!.version },
    });
    return row!;
  });
}
