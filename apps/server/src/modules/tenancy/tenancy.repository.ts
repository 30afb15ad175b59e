// The family a request is about, read for the tenancy rule (tenancy.service.ts): with its entity,
// payment e-mail and plan, so that the family's details answer from the same read.
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { billingInformation, entities, groups } from '../../db/schema.js';
import { subscriptions } from '../../db/schema-billing.js';
import { fieldsOf, lookedUpId, ownedRows } from '../../speed-ups/lookup-by-ids.js';

/**
 * Families with their entity, payment e-mail and plan, several in one statement (speed-ups/lookup-by-ids.ts):
 * every family and conversation route reads its family first (concurrent requests share the statement,
 * tenancy.service.ts), and the details answer from it. The current subscription (not over: incomplete,
 * active or past due — at most one, a partial unique index) decides the plan; the billing module writes
 * subscriptions, this module only reads them.
 */
function familiesQuery(db: Db, ids: SQL) {
  const family = db
    .select({
      id: groups.id,
      entityId: groups.entityId,
      name: groups.name,
      childFirstName: groups.childFirstName,
      childLastName: groups.childLastName,
      active: groups.active,
      createdAt: groups.createdAt,
      // Named apart from the family's own name: the outer select reads the fields by name.
      entityName: sql<string>`${entities.name}`.as('entity_name'),
      paymentEmail: billingInformation.email,
      planId: subscriptions.planId,
      planType: subscriptions.planType,
      providerPaymentId: subscriptions.providerPaymentId,
      providerSubscriptionId: subscriptions.providerSubscriptionId,
    })
    .from(groups)
    .innerJoin(entities, eq(entities.id, groups.entityId))
    .leftJoin(billingInformation, eq(billingInformation.groupId, groups.id))
    .leftJoin(
      subscriptions,
      and(
        eq(subscriptions.groupId, groups.id),
        inArray(subscriptions.status, ['incomplete', 'active', 'past_due']),
      ),
    )
    .where(eq(groups.id, lookedUpId))
    .limit(1)
    .as('family');
  return db.select(fieldsOf(family)).from(ids).crossJoinLateral(family);
}

/**
 * Families asked by several entities at once, by (family id, entity id): a family answers only the
 * entity it belongs to.
 */
export const findEntityFamilies = ownedRows('find_families', familiesQuery, (row) => ({
  id: row.id,
  ownerId: row.entityId,
}));
