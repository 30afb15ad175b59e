// Whether every admin must have a second factor, and what follows from it: an admin without one is
// signed in to add one and nothing else, and cannot remove their last one.
import { type MessageResponse, MSG, type ZSecondFactorPolicy } from '@bridge-talk/contract';
import type { Actor, AppContext } from '../../app-context.js';
import { recordAudit } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import { assertAdmin } from '../../lib/app-error.js';
import type { Valid } from '../../lib/route.js';
import * as repo from './admin-policy.repository.js';
import { countActiveFactors } from './second-factors.repository.js';

/** At every start, before anyone could enrol: see settlePolicyDefault. */
export const settleAdminPolicyDefault = (db: Db) => repo.settlePolicyDefault(db);

async function adminsMustHaveFactor(db: Db): Promise<boolean> {
  const setting = await repo.findPolicySetting(db);
  if (setting === 'auto') return repo.anyAdminHasFactor(db);
  return setting === 'required';
}

/** An admin the policy asks for a second factor they do not have yet. */
export async function mustAddSecondFactor(db: Db, user: { id: string; role: string }): Promise<boolean> {
  if (user.role !== 'admin') return false;
  return (await countActiveFactors(db, user.id)) === 0 && (await adminsMustHaveFactor(db));
}

/** Removing this account's last factor would leave an admin the policy requires one of. */
export async function keepsLastRequiredFactor(db: Db, actor: Actor): Promise<boolean> {
  if (actor.role !== 'admin') return false;
  return (await countActiveFactors(db, actor.userId)) <= 1 && (await adminsMustHaveFactor(db));
}

export function createAdminPolicyService(ctx: AppContext) {
  const { db } = ctx;
  return {
    async getPolicy({ actor }: { actor: Actor }): Promise<Valid<typeof ZSecondFactorPolicy>> {
      assertAdmin(actor);
      return { requiredForAdmins: await adminsMustHaveFactor(db) };
    },

    /** An administrator's choice replaces the default for good, recorded in the platform activity. */
    async setPolicy({
      actor,
      input,
    }: {
      actor: Actor;
      input: Valid<typeof ZSecondFactorPolicy>;
    }): Promise<MessageResponse> {
      assertAdmin(actor);
      const { requiredForAdmins } = input;
      await db.transaction(async (tx) => {
        await repo.storePolicySetting(tx, requiredForAdmins ? 'required' : 'optional');
        await recordAudit(tx, {
          actorUserId: actor.userId,
          action: 'platform.second_factor_policy',
          subject: requiredForAdmins ? MSG.secondFactor.policyStateOn : MSG.secondFactor.policyStateOff,
        });
      });
      return { message: requiredForAdmins ? MSG.secondFactor.policyOn : MSG.secondFactor.policyOff };
    },
  };
}
