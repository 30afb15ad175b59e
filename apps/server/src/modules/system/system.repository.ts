// Queries of the start-up tasks: the first admin and the settings kept in the database.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appSettings, users } from '../../db/schema.js';

export async function countAdmins(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.role, 'admin'));
  return row?.n ?? 0;
}

/** The password hash of the admin with this e-mail (any case); null for none. */
export async function findAdminPasswordHash(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(and(eq(users.role, 'admin'), sql`lower(${users.email}) = lower(${email})`));
  return row?.hash ?? null;
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

/** A setting of app_settings, or null. */
export async function findSetting(db: Db, key: string): Promise<string | null> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, key));
  return row?.value ?? null;
}

export async function deleteSetting(db: Db, key: string): Promise<void> {
  await db.delete(appSettings).where(eq(appSettings.key, key));
}
