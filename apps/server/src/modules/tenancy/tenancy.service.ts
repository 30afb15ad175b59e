// The tenancy rule every module applies before it touches a family: an entity's staff reach only
// their entity's families, and a family of another entity is answered as not found, exactly as a
// family that does not exist, so that nothing about it is revealed.
import { MSG } from '@bridge-talk/contract';
import type { Actor, AppContext } from '../../app-context.js';
import { AppError, isUuid, notFound } from '../../lib/app-error.js';
import { sharedLookup } from '../../speed-ups/lookup-by-ids.js';
import { preparedPerHandle } from '../../speed-ups/prepared.js';
import * as repo from './tenancy.repository.js';

/** The entity of an entity caller; anyone else is refused (the route's guard refuses them first). */
export function entityIdOf(actor: Actor): string {
  if (actor.role !== 'entity' || !actor.entityId) throw new AppError('FORBIDDEN', MSG.extra.forbidden);
  return actor.entityId;
}

// Every family and conversation route reads its family first: requests that arrive while two such
// reads are under way share the next one (speed-ups/coalesce.ts), per database handle.
const familyLookups = preparedPerHandle((db) => sharedLookup((pairs) => repo.findEntityFamilies(db, pairs)));

/** The entity's family, or 404 — for a family of another entity too, so that nothing is revealed. */
export async function loadFamily(ctx: Pick<AppContext, 'db'>, entityId: string, familyId: string) {
  const family = isUuid(familyId) ? await familyLookups(ctx.db)(familyId, entityId) : undefined;
  if (!family) throw notFound();
  return family;
}
