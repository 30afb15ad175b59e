// Entity management (admin only): the searched list, one entity, creating an entity with its invited
// sign-in person, editing it, and the status changes — disable (sessions end at once) and enable (a
// pending access request, once its form is complete, gets its invitation).
import {
  type Entity,
  type EntityDetails,
  type EntityListResponse,
  joinName,
  type MessageResponse,
  MSG,
  splitName,
  type ZCreateEntityRequest,
  type ZEntityListQuery,
  type ZRejectAccessRequest,
  type ZUpdateEntityRequest,
} from '@bridge-talk/contract';
import type { Actor, AppContext } from '../../app-context.js';
import type { AuditEventInput } from '../../db/audit.js';
import { emailInUse } from '../../db/email-in-use.js';
import { AppError, assertAdmin, isUuid, notFound } from '../../lib/app-error.js';
import type { Valid } from '../../lib/route.js';
import { inviteUser, tellOfEmailChange } from '../auth/invitations.js';
import { queueMail } from '../mail/mail.service.js';
import { accessRejectedMail } from '../mail/templates.js';
import * as repo from './entities.repository.js';

function duplicateEmail(): AppError {
  return new AppError('CONFLICT', MSG.entities.emailInDatabase, { email: MSG.entities.emailInDatabase });
}

/**
 * An access request holds a name, an e-mail and a phone only: it becomes active (and its person is
 * invited) when the address and the contract dates are filled in too. The fields it still lacks.
 */
function missingForActivation(entity: repo.EntityRow): Record<string, string> {
  const missing: Record<string, string> = {};
  if (!entity.address.trim()) missing.address = MSG.validation.addressRequired;
  if (!entity.startContract) missing.startContract = MSG.validation.startContractLength;
  if (!entity.endContract) missing.endContract = MSG.validation.endContractLength;
  return missing;
}

function toEntity(row: repo.EntityRow): Entity {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    subtype: row.subtype,
    status: row.status,
    active: row.status === 'active',
    startContract: row.startContract,
    endContract: row.endContract,
    coupon: row.coupon,
    version: row.updatedAt.toISOString(),
  };
}

/** The fields of an entity whose changes the activity records, each as before and after. */
const AUDITED_FIELDS = [
  'name',
  'email',
  'phone',
  'address',
  'coupon',
  'startContract',
  'endContract',
] as const;

function fieldChanges(
  current: repo.EntityRow,
  values: Partial<repo.EntityValues>,
): Record<string, string> | null {
  const details: Record<string, string> = {};
  for (const key of AUDITED_FIELDS) {
    const to = values[key];
    if (to === undefined) continue;
    const from = current[key] ?? '';
    if ((to ?? '') === from) continue;
    details[`${key}From`] = from;
    details[`${key}To`] = to ?? '';
  }
  return Object.keys(details).length > 0 ? details : null;
}

/** Two admins edited one entity: the later save, made on what the first changed, is refused. */
function changedSinceRead(): AppError {
  return new AppError('CONFLICT', MSG.extra.entityChangedSinceRead);
}

export function createEntitiesService(ctx: AppContext) {
  const { db } = ctx;

  async function load(id: string): Promise<repo.EntityRow> {
    const row = isUuid(id) ? await repo.findEntityById(db, id) : null;
    if (!row) throw notFound();
    return row;
  }

  async function invitePeople(entityId: string): Promise<void> {
    for (const person of await repo.findUninvitedPeople(db, entityId)) {
      await inviteUser(ctx, {
        id: person.id,
        email: person.email,
        name: joinName(person.firstName, person.lastName),
        role: 'entity',
      });
    }
  }

  /** The people who signed in with the entity's old address now sign in with the new one. */
  async function tellPeopleOfEmailChange(current: repo.EntityRow, email: string): Promise<void> {
    for (const person of await repo.findPeopleByEmail(db, current.id, email)) {
      await tellOfEmailChange(
        ctx,
        {
          id: person.id,
          name: joinName(person.firstName, person.lastName),
          role: 'entity',
          activated: person.activated,
        },
        { from: current.email, to: email },
      );
    }
  }

  return {
    async listEntities({
      actor,
      input: query,
    }: {
      actor: Actor;
      input: Valid<typeof ZEntityListQuery>;
    }): Promise<EntityListResponse> {
      assertAdmin(actor);
      const { rows, total } = await repo.findEntities(db, query);
      return { result: rows.map(toEntity), total, page: query.page, pageSize: query.pageSize };
    },

    async getEntity({ actor, input }: { actor: Actor; input: { id: string } }): Promise<EntityDetails> {
      assertAdmin(actor);
      const row = isUuid(input.id) ? await repo.findEntityDetails(db, input.id) : null;
      if (!row) throw notFound();
      return {
        ...toEntity(row),
        accountId: row.accountId,
        contactName:
          row.contactFirstName === null ? null : joinName(row.contactFirstName, row.contactLastName ?? ''),
        createdAt: row.createdAt.toISOString(),
      };
    },

    /**
     * Rejects a pending access request: the entity and its person are removed (the address may ask
     * again), the activity keeps who asked and who rejected, and the requester is told when asked to.
     */
    async rejectAccessRequest({
      actor,
      input,
    }: {
      actor: Actor;
      input: { id: string; body: Valid<typeof ZRejectAccessRequest> };
    }): Promise<MessageResponse> {
      assertAdmin(actor);
      const { notify } = input.body;
      const row = isUuid(input.id) ? await repo.findEntityDetails(db, input.id) : null;
      if (!row) throw notFound();
      const contact = joinName(row.contactFirstName ?? '', row.contactLastName ?? '') || row.name;
      const outcome = await repo.deleteAccessRequest(db, row.id, {
        actorUserId: actor.userId,
        action: 'entity.access_rejected',
        entityId: row.id,
        subject: MSG.activity.actor(row.name, row.email),
        details: { notified: notify ? 1 : 0 },
      });
      if (outcome === 'not-found') throw notFound();
      if (outcome === 'not-pending') throw new AppError('CONFLICT', MSG.accessRequests.notPending);
      if (notify) await queueMail(ctx.queue, accessRejectedMail({ to: row.email, name: contact }));
      return { message: MSG.accessRequests.rejected };
    },

    /** Creates an active entity and its sign-in person, who gets an invitation with an activation code. */
    async createEntity({
      actor,
      input: values,
    }: {
      actor: Actor;
      input: Valid<typeof ZCreateEntityRequest>;
    }): Promise<Entity> {
      assertAdmin(actor);
      if (await emailInUse(db, values.email)) throw duplicateEmail();
      const { firstName, lastName } = splitName(values.name);
      let created: { entityId: string; userId: string };
      try {
        created = await repo.insertEntityWithUser(db, { ...values, firstName, lastName }, actor.userId);
      } catch (error) {
        // Two saves of one address at the same moment: the unique indexes decide.
        if (await emailInUse(db, values.email)) throw duplicateEmail();
        throw error;
      }
      await inviteUser(ctx, { id: created.userId, email: values.email, name: values.name, role: 'entity' });
      return toEntity(await load(created.entityId));
    },

    /**
     * Saves the form, or changes the status, or both. Disabling ends the entity's sessions at once (the
     * authenticate hook also refuses every request of a non-active entity); enabling a pending access
     * request — only with its form complete, usually sent with the status — e-mails its person the
     * invitation.
     */
    async updateEntity({
      actor,
      input,
    }: {
      actor: Actor;
      input: { id: string; body: Valid<typeof ZUpdateEntityRequest> };
    }): Promise<Entity> {
      assertAdmin(actor);
      const current = await load(input.id);
      const { coupon, status, version, ...fields } = input.body;
      if (version !== undefined && version !== current.updatedAt.toISOString()) throw changedSinceRead();
      const values = {
        ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
        ...(coupon !== undefined ? { coupon: coupon || null } : {}),
        ...(status !== undefined ? { status } : {}),
      } as Partial<repo.EntityValues> & { status?: repo.EntityStatus };
      if (status === 'active' && current.status === 'pending') {
        const missing = missingForActivation({ ...current, ...values });
        if (Object.keys(missing).length > 0) {
          throw new AppError('CONFLICT', MSG.extra.entityIncomplete, missing);
        }
      }
      const emailChanged =
        values.email !== undefined && values.email.toLowerCase() !== current.email.toLowerCase();
      if (emailChanged && (await emailInUse(db, values.email!, { entityId: current.id })))
        throw duplicateEmail();
      const statusChanged = status !== undefined && status !== current.status;
      const subject = values.name ?? current.name;
      const changed = fieldChanges(current, values);
      const audits: AuditEventInput[] = [
        ...(changed
          ? [
              {
                actorUserId: actor.userId,
                action: 'entity.edited' as const,
                entityId: current.id,
                subject,
                details: changed,
              },
            ]
          : []),
        ...(statusChanged
          ? [
              {
                actorUserId: actor.userId,
                action: 'entity.status_changed' as const,
                entityId: current.id,
                subject,
                details: { from: current.status, to: status },
              },
            ]
          : []),
      ];
      try {
        if (!(await repo.updateEntity(db, current.id, current.email, values, audits, version))) {
          throw changedSinceRead();
        }
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (emailChanged && (await emailInUse(db, values.email!, { entityId: current.id })))
          throw duplicateEmail();
        throw error;
      }
      if (status !== undefined && status !== 'active') await repo.revokeEntitySessions(db, current.id);
      if (status === 'active' && current.status === 'pending') await invitePeople(current.id);
      // An access request not yet enabled has been told nothing; its invitation goes out when it is.
      else if (emailChanged && current.status !== 'pending')
        await tellPeopleOfEmailChange(current, values.email!);
      return toEntity(await load(current.id));
    },
  };
}
