// Which stored files are signed agreements: the sweep of files no row names must keep them.
import { inArray } from 'drizzle-orm';
import type { Db } from './client.js';
import { agreementDocuments } from './schema-agreements.js';

/** The keys among these that a signed agreement names. */
export async function agreementDocumentKeys(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: agreementDocuments.storageKey })
    .from(agreementDocuments)
    .where(inArray(agreementDocuments.storageKey, keys));
  return new Set(rows.map((row) => row.key));
}
