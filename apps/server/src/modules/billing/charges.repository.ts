// Queries of a family's charges (charges.ts holds their rules). Reads take the entity's id.
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { groups } from '../../db/schema.js';
import { familyCharges } from '../../db/schema-billing.js';

export type NewCharge = typeof familyCharges.$inferInsert;

/** Records a charge once per provider key; the row when it is new, null when it was recorded before. */
export async function insertCharge(db: Db, charge: NewCharge) {
  const [row] = await db
    .insert(familyCharges)
    .values(charge)
    .onConflictDoNothing()
    .returning({ id: familyCharges.id, createdAt: familyCharges.createdAt });
  return row ?? null;
}

/** The newest charges of one of the entity's families. */
export function findCharges(db: Db, entityId: string, groupId: string, limit: number) {
  return db
    .select({
      id: familyCharges.id,
      createdAt: familyCharges.createdAt,
      amount: familyCharges.amount,
      status: familyCharges.status,
      planName: familyCharges.planName,
      planType: familyCharges.planType,
      couponNames: familyCharges.couponNames,
      cardBrand: familyCharges.cardBrand,
      cardLast4: familyCharges.cardLast4,
    })
    .from(familyCharges)
    .innerJoin(groups, eq(groups.id, familyCharges.groupId))
    .where(and(eq(familyCharges.groupId, groupId), eq(groups.entityId, entityId)))
    .orderBy(desc(familyCharges.createdAt))
    .limit(limit);
}
