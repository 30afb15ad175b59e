// Admin accounts in SQL: `users` rows with role and subtype 'admin'.
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { type AuditEventInput, recordAudit } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';

const adminColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
};

export type AdminRow = { [K in keyof typeof adminColumns]: (typeof users.$inferSelect)[K] };

const isAdmin = eq(users.role, 'admin');

export async function findAdmins(
  db: Db,
  query: { page: number; pageSize: number },
): Promise<{ rows: AdminRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select(adminColumns)
      .from(users)
      .where(isAdmin)
      .orderBy(
        asc(sql`natural_sort_key(${users.firstName})`),
        asc(sql`natural_sort_key(${users.lastName})`),
        asc(users.id),
      )
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(users).where(isAdmin),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One admin, and whether they have chosen a password (an invited admin has not yet). */
export async function findAdminById(db: Db, id: string): Promise<(AdminRow & { activated: boolean }) | null> {
  const [row] = await db
    .select({ ...adminColumns, activated: sql<boolean>`${users.passwordHash} is not null` })
    .from(users)
    .where(and(eq(users.id, id), isAdmin));
  return row ?? null;
}

/** A new admin without a password: the invitation's activation code leads to choosing one. */
export async function insertAdmin(
  db: Db,
  values: { email: string; firstName: string; lastName: string },
  audit: Omit<AuditEventInput, 'action'>,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({ ...values, role: 'admin', subtype: 'admin', passwordHash: null })
      .returning({ id: users.id });
    await recordAudit(tx, { ...audit, action: 'admin.created', targetId: row!.id });
    return row!.id;
  });
}

export async function updateAdmin(
  db: Db,
  id: string,
  values: { email: string; firstName: string; lastName: string },
  audit: Omit<AuditEventInput, 'action'>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(users.id, id), isAdmin));
    await recordAudit(tx, { ...audit, action: 'admin.edited', targetId: id });
  });
}

/**
 * Deletes an admin unless it is the last one. The admin rows are locked first, so two removals at the
 * same moment cannot both pass the check. Its sessions and codes go with it (foreign-key cascade).
 */
export async function deleteAdmin(
  db: Db,
  id: string,
  audit: Omit<AuditEventInput, 'action'>,
): Promise<'removed' | 'not-found' | 'last-admin'> {
  return db.transaction(async (tx) => {
    const admins = await tx.select({ id: users.id }).from(users).where(isAdmin).for('update');
    if (!admins.some((admin) => admin.id === id)) return 'not-found';
    if (admins.length <= 1) return 'last-admin';
    await tx.delete(users).where(and(eq(users.id, id), isAdmin));
    await recordAudit(tx, { ...audit, action: 'admin.removed' });
    return 'removed';
  });
}
