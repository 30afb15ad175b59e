// Families of the signed-in entity (entity only): the searched list with the Reports flag, one family
// with its plan, and the rename. A family of another entity is answered as not found.
import {
  type EditGroupRequest,
  type Group,
  type GroupListQuery,
  type GroupListResponse,
  type GroupSavedResponse,
  MSG,
  ZEditGroupRequest,
  ZGroupListQuery,
} from '@bridge-talk/contract';
import type { Actor, AppContext } from '../../app-context.js';
import { sharedLookup } from '../../db/lookup-by-ids.js';
import { preparedPerHandle } from '../../db/prepared.js';
import { AppError, isUuid, notFound } from '../../lib/app-error.js';
import * as repo from './groups.repository.js';

/** The entity of an entity caller; anyone else is refused (the route's guard refuses them first). */
export function entityIdOf(actor: Actor): string {
  if (actor.role !== 'entity' || !actor.entityId) throw new AppError('FORBIDDEN', MSG.extra.forbidden);
  return actor.entityId;
}

// Every family and conversation route reads its family first: requests that arrive while two such
// reads are under way share the next one (lib/coalesce.ts), per database handle.
const familyLookups = preparedPerHandle((db) => sharedLookup((pairs) => repo.findEntityFamilies(db, pairs)));

/** The entity's family, or 404 — for a family of another entity too, so that nothing is revealed. */
export async function loadGroup(ctx: Pick<AppContext, 'db'>, entityId: string, groupId: string) {
  const group = isUuid(groupId) ? await familyLookups(ctx.db)(groupId, entityId) : undefined;
  if (!group) throw notFound();
  return group;
}

export function createGroupsService(ctx: AppContext) {
  const { db } = ctx;

  return {
    async listGroups({ actor, input }: { actor: Actor; input: GroupListQuery }): Promise<GroupListResponse> {
      const entityId = entityIdOf(actor);
      const query = ZGroupListQuery.parse(input);
      const { rows, total } = await repo.findGroups(db, entityId, query);
      return {
        result: rows.map((row) => ({
          _id: row.id,
          name: row.name,
          active: row.active,
          reports: row.reports,
          billingInformation: row.paymentEmail === null ? null : { email: row.paymentEmail },
          createdAt: row.createdAt.toISOString(),
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async getGroup({ actor, input }: { actor: Actor; input: { id: string } }): Promise<Group> {
      const entityId = entityIdOf(actor);
      const group = await loadGroup(ctx, entityId, input.id);
      const oneTime = group.planType === 'one_time';
      return {
        _id: group.id,
        name: group.name,
        childFirstName: group.childFirstName,
        childLastName: group.childLastName,
        active: group.active,
        billingInformation: group.paymentEmail === null ? null : { email: group.paymentEmail },
        plan:
          group.planId === null || group.planType === null
            ? null
            : { priceId: group.planId, type: group.planType },
        paymentId: oneTime ? group.providerPaymentId : null,
        subscriptionId: oneTime ? null : group.providerSubscriptionId,
        oneTime,
        createdAt: group.createdAt.toISOString(),
      };
    },

    /**
     * Renames the family (PUT /group/edit/{groupId}). The name is the family's, one name kept whole: the
     * child's names change only when they are sent as well (the wizard's child step).
     */
    async renameGroup({
      actor,
      input,
    }: {
      actor: Actor;
      input: { groupId: string; body: EditGroupRequest };
    }): Promise<GroupSavedResponse> {
      const entityId = entityIdOf(actor);
      const group = await loadGroup(ctx, entityId, input.groupId);
      const { name, childFirstName, childLastName } = ZEditGroupRequest.parse(input.body);
      await repo.renameGroup(db, entityId, group.id, {
        name: name.replace(/\s+/g, ' '),
        childFirstName,
        childLastName,
      });
      return { _id: group.id, message: MSG.families.groupRenamed };
    },
  };
}
