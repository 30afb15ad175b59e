// Terms and the privacy policy in SQL: every version is a row of its document; a document's highest
// version is the one in force.
import type { TermsDocument } from '@bridge-talk/contract';
import { and, desc, eq, max, sql } from 'drizzle-orm';
import { recordAudit } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import { terms, users } from '../../db/schema.js';

const versionColumns = {
  id: terms.id,
  document: terms.document,
  version: terms.version,
  updatedAt: terms.updatedAt,
  /** null once the administrator who saved it is removed (the key is set null). */
  author: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
};

const termsColumns = { ...versionColumns, content: terms.content };

export interface TermsVersionRow {
  id: string;
  document: TermsDocument;
  version: number;
  updatedAt: Date;
  author: string | null;
}
export type TermsRow = TermsVersionRow & { content: string };

/** Versions with their text and their author's name. */
function selectTerms(db: Db) {
  return db.select(termsColumns).from(terms).leftJoin(users, eq(users.id, terms.createdBy));
}

export async function findLatestTerms(db: Db, document: TermsDocument): Promise<TermsRow | null> {
  const [row] = await selectTerms(db)
    .where(eq(terms.document, document))
    .orderBy(desc(terms.version))
    .limit(1);
  return row ?? null;
}

export async function findTermsById(db: Db, id: string): Promise<TermsRow | null> {
  const [row] = await selectTerms(db).where(eq(terms.id, id));
  return row ?? null;
}

/** A document's versions, newest first: numbers, dates and authors, never the texts. */
export async function listTermsVersions(db: Db, document: TermsDocument): Promise<TermsVersionRow[]> {
  return db
    .select(versionColumns)
    .from(terms)
    .leftJoin(users, eq(users.id, terms.createdBy))
    .where(eq(terms.document, document))
    .orderBy(desc(terms.version));
}

/**
 * Adds the document's next version — unless its text is the version in force's, which is answered as
 * it is, `unchanged`. Two saves at the same moment compute the same number: the unique index on
 * (document, version) refuses the second, which the caller retries.
 */
export async function insertNextVersion(
  db: Db,
  values: { document: TermsDocument; title: string; content: string; createdBy: string },
): Promise<{ row: TermsRow; unchanged: boolean }> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ version: max(terms.version) })
      .from(terms)
      .where(eq(terms.document, values.document));
    if (current?.version) {
      const [inForce] = await selectTerms(tx).where(
        and(eq(terms.document, values.document), eq(terms.version, current.version)),
      );
      if (inForce && inForce.content === values.content) return { row: inForce, unchanged: true };
    }
    const [inserted] = await tx
      .insert(terms)
      .values({ ...values, version: (current?.version ?? 0) + 1 })
      .returning({ id: terms.id });
    const [row] = await selectTerms(tx).where(eq(terms.id, inserted!.id));
    await recordAudit(tx, {
      actorUserId: values.createdBy,
      action: 'terms.published',
      subject: values.title,
      details: { version: row!.version, document: values.document },
    });
    return { row: row!, unchanged: false };
  });
}
