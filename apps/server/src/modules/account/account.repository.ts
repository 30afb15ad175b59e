import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { entities, users } from '../../db/schema.js';

export async function updateNames(
  db: Db,
  userId: string,
  firstName: string,
  lastName: string,
): Promise<void> {
  await db.update(users).set({ firstName, lastName, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function updateEntityName(db: Db, entityId: string, name: string): Promise<void> {
  await db.update(entities).set({ name, updatedAt: new Date() }).where(eq(entities.id, entityId));
}

/** Moves the sign-in address; the entity's contact address follows when it was the same. */
export async function updateEmail(
  db: Db,
  input: { userId: string; entityId: string | null; from: string; to: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ email: input.to, updatedAt: new Date() }).where(eq(users.id, input.userId));
    if (input.entityId) {
      await tx
        .update(entities)
        .set({ email: input.to, updatedAt: new Date() })
        .where(and(eq(entities.id, input.entityId), sql`lower(${entities.email}) = lower(${input.from})`));
    }
  });
}
