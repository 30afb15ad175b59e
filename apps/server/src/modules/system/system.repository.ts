// Queries of the start-up tasks: the first admin and the settings kept in the database.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appSettings, users } from '../../db/schema.js';

export async function countAdmins(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.role, 'admin'));
  return row?.n ?? 0;
}

/** Inserts an admin; false if the e-mail is taken (another process made it first). */
export async function insertAdmin(
  db: Db,
  admin: { email: string; firstName: string; lastName: string; passwordHash: string },
): Promise<boolean> {
  const inserted = await db
    .insert(users)
    .values({ ...admin, role: 'admin', subtype: 'admin' })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return inserted.length > 0;
}

/** The setting's value, stored first as `value` if it has none. */
export async function findOrInsertSetting(db: Db, key: string, value: string): Promise<string | null> {
  await db.insert(appSettings).values({ key, value }).onConflictDoNothing();
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, key));
  return row?.value ?? null;
}
