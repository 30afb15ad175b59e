// Bridge Talk Admin (admin only): the list of admins, one admin, creating one (invited by e-mail with
// an activation code), editing and removing one. Nobody removes their own account, and the last admin
// stays.
import {
  ADMIN_PHONE_PLACEHOLDER,
  type AdminListResponse,
  type AdminUser,
  joinName,
  type MessageResponse,
  MSG,
  splitName,
  type ZAdminListQuery,
  type ZAdminRequest,
} from '@bridge-talk/contract';
import type { Actor, AppContext } from '../../app-context.js';
import { emailInUse } from '../../db/email-in-use.js';
import { AppError, assertAdmin, isUuid, notFound } from '../../lib/app-error.js';
import type { Valid } from '../../lib/route.js';
import { inviteUser, tellOfEmailChange } from '../auth/invitations.js';
import * as repo from './admins.repository.js';

/** The toast says MSG.admins.emailInUse, the e-mail field MSG.admins.emailInDatabase. */
function duplicateEmail(): AppError {
  return new AppError('CONFLICT', MSG.admins.emailInUse, { email: MSG.admins.emailInDatabase });
}

function toAdminUser(row: repo.AdminRow): AdminUser {
  return {
    _id: row.id,
    name: joinName(row.firstName, row.lastName),
    email: row.email,
    subtype: 'admin',
    phone: ADMIN_PHONE_PLACEHOLDER,
  };
}

export function createAdminsService(ctx: AppContext) {
  const { db } = ctx;

  async function load(id: string): Promise<repo.AdminRow & { activated: boolean }> {
    const row = isUuid(id) ? await repo.findAdminById(db, id) : null;
    if (!row) throw notFound();
    return row;
  }

  return {
    async listAdmins({
      actor,
      input,
    }: {
      actor: Actor;
      input: Valid<typeof ZAdminListQuery>;
    }): Promise<AdminListResponse> {
      assertAdmin(actor);
      const { page, pageSize } = input;
      const { rows, total } = await repo.findAdmins(db, { page, pageSize });
      return { result: rows.map(toAdminUser), total, page, pageSize };
    },

    async getAdmin({ actor, input }: { actor: Actor; input: { id: string } }): Promise<AdminUser> {
      assertAdmin(actor);
      return toAdminUser(await load(input.id));
    },

    async createAdmin({
      actor,
      input,
    }: {
      actor: Actor;
      input: Valid<typeof ZAdminRequest>;
    }): Promise<AdminUser> {
      assertAdmin(actor);
      const { name, email } = input;
      const { firstName, lastName } = splitName(name);
      if (await emailInUse(db, email)) throw duplicateEmail();
      let id: string;
      try {
        id = await repo.insertAdmin(
          db,
          { email, firstName, lastName },
          { actorUserId: actor.userId, subject: MSG.activity.actor(joinName(firstName, lastName), email) },
        );
      } catch (error) {
        if (await emailInUse(db, email)) throw duplicateEmail();
        throw error;
      }
      await inviteUser(ctx, { id, email, name: joinName(firstName, lastName), role: 'admin' });
      return toAdminUser(await load(id));
    },

    async updateAdmin({
      actor,
      input,
    }: {
      actor: Actor;
      input: { id: string; body: Valid<typeof ZAdminRequest> };
    }): Promise<AdminUser> {
      assertAdmin(actor);
      const current = await load(input.id);
      const { name, email } = input.body;
      const { firstName, lastName } = splitName(name);
      const emailChanged = email !== current.email.toLowerCase();
      if (emailChanged && (await emailInUse(db, email, { userId: current.id }))) throw duplicateEmail();
      const newName = joinName(firstName, lastName);
      const previousName = joinName(current.firstName, current.lastName);
      try {
        await repo.updateAdmin(
          db,
          current.id,
          { email, firstName, lastName },
          {
            actorUserId: actor.userId,
            subject: MSG.activity.actor(newName, email),
            details: {
              ...(newName !== previousName ? { nameFrom: previousName, nameTo: newName } : {}),
              ...(email !== current.email ? { emailFrom: current.email, emailTo: email } : {}),
            },
          },
        );
      } catch (error) {
        if (emailChanged && (await emailInUse(db, email, { userId: current.id }))) throw duplicateEmail();
        throw error;
      }
      if (emailChanged) {
        await tellOfEmailChange(
          ctx,
          { id: current.id, name: newName, role: 'admin', activated: current.activated },
          { from: current.email, to: email },
        );
      }
      return toAdminUser(await load(current.id));
    },

    async removeAdmin({ actor, input }: { actor: Actor; input: { id: string } }): Promise<MessageResponse> {
      assertAdmin(actor);
      if (input.id === actor.userId) throw new AppError('CONFLICT', MSG.extra.cannotRemoveSelf);
      // Its name and e-mail as they were: the account is gone once removed.
      const removed = await load(input.id);
      const outcome = await repo.deleteAdmin(db, removed.id, {
        actorUserId: actor.userId,
        subject: MSG.activity.actor(joinName(removed.firstName, removed.lastName), removed.email),
      });
      if (outcome === 'not-found') throw notFound();
      if (outcome === 'last-admin') throw new AppError('CONFLICT', MSG.extra.lastAdminCannotBeRemoved);
      return { message: MSG.extra.adminRemoved };
    },
  };
}
