// Families of the signed-in entity (entity only): the searched list with the Reports flag, one family
// with its plan, and the rename. A family of another entity is answered as not found.
import {
  type Family,
  type FamilyListResponse,
  type FamilySavedResponse,
  MSG,
  type ZEditFamilyRequest,
  type ZFamilyListQuery,
} from '@bridge-talk/contract';
import type { Actor, AppContext } from '../../app-context.js';
import type { Valid } from '../../lib/route.js';
import { entityIdOf, loadFamily } from '../tenancy/tenancy.service.js';
import * as repo from './families.repository.js';

export function createFamiliesService(ctx: AppContext) {
  const { db } = ctx;

  return {
    async listFamilies({
      actor,
      input: query,
    }: {
      actor: Actor;
      input: Valid<typeof ZFamilyListQuery>;
    }): Promise<FamilyListResponse> {
      const entityId = entityIdOf(actor);
      const { rows, total, moreThanTotal } = await repo.findFamilies(db, entityId, query);
      return {
        result: rows.map((row) => ({
          _id: row.id,
          name: row.name,
          active: row.active,
          reports: row.reports,
          billingInformation: row.paymentEmail === null ? null : { email: row.paymentEmail },
          createdAt: row.createdAt.toISOString(),
          agreement:
            row.agreementStanding === null
              ? null
              : { standing: row.agreementStanding, date: row.agreementDate },
        })),
        total,
        moreThanTotal,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async getFamily({ actor, input }: { actor: Actor; input: { id: string } }): Promise<Family> {
      const entityId = entityIdOf(actor);
      const group = await loadFamily(ctx, entityId, input.id);
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
    async renameFamily({
      actor,
      input,
    }: {
      actor: Actor;
      input: { groupId: string; body: Valid<typeof ZEditFamilyRequest> };
    }): Promise<FamilySavedResponse> {
      const entityId = entityIdOf(actor);
      const group = await loadFamily(ctx, entityId, input.groupId);
      const { name, childFirstName, childLastName } = input.body;
      await repo.renameFamily(db, entityId, group.id, {
        name: name.replace(/\s+/g, ' '),
        childFirstName,
        childLastName,
      });
      return { _id: group.id, message: MSG.families.groupRenamed };
    },
  };
}
