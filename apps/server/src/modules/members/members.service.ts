// The people of a family (entity only; spec sections 4, 5 and 7): the member list, the e-mail lookup,
// new people, linking an existing person, editing a person, the final list (which makes the family's
// chat channels) and the member status toggle.
//
// Places: a role holds 1 child, 2 adoptive parents, 2 birth family. Creating or linking a person takes
// the next place of the role; to let a form replace someone before the final list drops them, a role
// may hold twice its places until then. The final list (POST /group/user/sync) is the rule: it holds at
// most the places of each role, and whoever it does not name leaves the family.
//
// Invitations: a person with an e-mail who joins a family (created, linked, or given a new e-mail) is
// e-mailed an invitation to the family app, through the mail job.
import {
  type AddMemberRequest,
  type CheckUserRequest,
  type CheckUserResponse,
  type CreateMemberUserRequest,
  type EditMemberUserRequest,
  type GroupMember,
  type GroupMemberList,
  joinName,
  MEMBER_SLOTS,
  type MemberUser,
  type MessageResponse,
  MSG,
  type SyncMembersRequest,
  splitName,
  tooManyInRoleMessage,
  ZAddMemberRequest,
  ZCheckUserRequest,
  ZCreateMemberUserRequest,
  ZEditMemberUserRequest,
  ZSyncMembersRequest,
} from '@bridge-talk/contract';
import type { Actor, AppContext } from '../../app-context.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { entityIdOf, loadGroup } from '../groups/groups.service.js';
import { queueMail } from '../mail/mail.service.js';
import { familyInvitationMail } from '../mail/templates.js';
import { syncFamilyChannels } from './family-channels.js';
import * as repo from './members.repository.js';

/** Until the final list, a role may hold this many times its places (see the header). */
const TRANSIENT_PLACES_FACTOR = 2;

function toMember(row: repo.MemberRow): GroupMember {
  return {
    _id: row.id,
    role: row.role,
    position: row.position,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    name: joinName(row.firstName, row.lastName),
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
  };
}

function emailInUse(): AppError {
  return new AppError('CONFLICT', MSG.families.emailInUse, { email: MSG.families.emailInUse });
}

function notInFamily(): AppError {
  return new AppError('NOT_FOUND', MSG.families.memberNotInFamily);
}

/** A unique index said no: the e-mail was taken between our check and our write. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

export function createMembersService(ctx: AppContext) {
  const { db } = ctx;

  async function invite(
    group: { entityName: string; name: string | null; childFirstName: string | null },
    person: { email: string | null; firstName: string; lastName: string },
  ): Promise<void> {
    if (!person.email) return;
    await queueMail(
      ctx.queue,
      familyInvitationMail({
        to: person.email,
        name: joinName(person.firstName, person.lastName),
        entityName: group.entityName,
        childName: group.childFirstName || group.name || 'your child',
      }),
    );
  }

  async function occupancyOrRefuse(
    tx: Parameters<typeof repo.roleOccupancy>[0],
    groupId: string,
    role: repo.MemberRole,
  ) {
    const occupancy = await repo.roleOccupancy(tx, groupId, role);
    if (occupancy.count >= MEMBER_SLOTS[role] * TRANSIENT_PLACES_FACTOR) {
      throw new AppError('UNPROCESSABLE', tooManyInRoleMessage(role));
    }
    return occupancy;
  }

  return {
    async listMembers({ actor, input }: { actor: Actor; input: { id: string } }): Promise<GroupMemberList> {
      const entityId = entityIdOf(actor);
      const group = await loadGroup(ctx, entityId, input.id);
      return { result: (await repo.findMembers(db, entityId, group.id)).map(toMember) };
    },

    /** Who has this e-mail: their id and name only — never which families they belong to. */
    async checkUser({ actor, input }: { actor: Actor; input: CheckUserRequest }): Promise<CheckUserResponse> {
      entityIdOf(actor);
      const { email } = ZCheckUserRequest.parse(input);
      const person = await repo.findPersonByEmail(db, email);
      if (!person) throw notFound();
      return { _id: person.id, name: joinName(person.firstName, person.lastName) };
    },

    /** A new person in the family, at the next place of their role; invited when they have an e-mail. */
    async createUser({
      actor,
      input,
    }: {
      actor: Actor;
      input: CreateMemberUserRequest;
    }): Promise<MemberUser> {
      const entityId = entityIdOf(actor);
      const request = ZCreateMemberUserRequest.parse(input);
      const group = await loadGroup(ctx, entityId, request.groupId);
      const { firstName, lastName } = splitName(request.name);
      const person = { email: request.email, firstName, lastName };
      let id: string;
      try {
        id = await db.transaction(async (tx) => {
          await repo.lockFamily(tx, group.id);
          if (request.email && (await repo.findPersonByEmail(tx, request.email))) throw emailInUse();
          const { next } = await occupancyOrRefuse(tx, group.id, request.subtype);
          const memberId = await repo.insertPerson(tx, person);
          await repo.insertMembership(tx, {
            groupId: group.id,
            memberId,
            role: request.subtype,
            position: next,
            invited: Boolean(request.email),
          });
          return memberId;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw emailInUse();
        throw error;
      }
      await invite(group, person);
      return { _id: id, name: joinName(firstName, lastName), email: request.email };
    },

    /** Links an existing person (found by e-mail) to the family; linking them again changes nothing. */
    async addMember({ actor, input }: { actor: Actor; input: AddMemberRequest }): Promise<MemberUser> {
      const entityId = entityIdOf(actor);
      const request = ZAddMemberRequest.parse(input);
      const group = await loadGroup(ctx, entityId, request.groupId);
      const person = await repo.findPerson(db, request.userId);
      if (!person) throw notFound();
      const added = await db.transaction(async (tx) => {
        await repo.lockFamily(tx, group.id);
        const current = await repo.findMember(tx, entityId, group.id, person.id);
        if (current) {
          if (current.role === request.role) return false;
          throw new AppError('CONFLICT', MSG.families.memberAlreadyInFamily);
        }
        const { next } = await occupancyOrRefuse(tx, group.id, request.role);
        await repo.insertMembership(tx, {
          groupId: group.id,
          memberId: person.id,
          role: request.role,
          position: next,
          invited: Boolean(person.email),
        });
        return true;
      });
      if (added) await invite(group, person);
      return { _id: person.id, name: joinName(person.firstName, person.lastName), email: person.email };
    },

    /**
     * Edits a person of the family: name, e-mail, role. A person who also belongs to a family of another
     * entity keeps their name and e-mail (only their role here may change). A new e-mail is invited.
     */
    async editUser({
      actor,
      input,
    }: {
      actor: Actor;
      input: { userId: string; body: EditMemberUserRequest };
    }): Promise<MemberUser> {
      const entityId = entityIdOf(actor);
      const request = ZEditMemberUserRequest.parse(input.body);
      if (request.userId !== undefined && request.userId !== input.userId) {
        throw new AppError('BAD_REQUEST', MSG.families.memberNotInFamily, {
          userId: MSG.families.memberNotInFamily,
        });
      }
      const group = await loadGroup(ctx, entityId, request.groupId);
      const { firstName, lastName } = splitName(request.name);
      const next = { email: request.email, firstName, lastName };
      let emailChanged = false;
      try {
        emailChanged = await db.transaction(async (tx) => {
          await repo.lockFamily(tx, group.id);
          const member = await repo.findMember(tx, entityId, group.id, input.userId);
          if (!member) throw notInFamily();
          const changedEmail = (member.email ?? '').toLowerCase() !== (next.email ?? '').toLowerCase();
          const changedPerson =
            changedEmail || member.firstName !== next.firstName || member.lastName !== next.lastName;
          if (changedPerson) {
            if (await repo.belongsToOtherEntity(tx, member.id, entityId)) {
              throw new AppError('CONFLICT', MSG.families.memberSharedCannotEdit);
            }
            if (changedEmail && next.email) {
              const owner = await repo.findPersonByEmail(tx, next.email);
              if (owner && owner.id !== member.id) throw emailInUse();
            }
            await repo.updatePerson(tx, member.id, next);
          }
          if (member.role !== request.subtype) {
            const { next: position } = await occupancyOrRefuse(tx, group.id, request.subtype);
            await repo.updateMembershipRole(tx, group.id, member.id, { role: request.subtype, position });
          }
          if (changedEmail && next.email) await repo.markInvited(tx, group.id, member.id);
          return changedEmail && Boolean(next.email);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw emailInUse();
        throw error;
      }
      await ctx.chat.upsertUsers([{ id: input.userId, name: joinName(firstName, lastName) }]);
      if (emailChanged) await invite(group, next);
      return { _id: input.userId, name: joinName(firstName, lastName), email: next.email };
    },

    /**
     * The final member list: roles and places as listed, whoever is not listed leaves the family, and
     * the family's chat channels are made or brought up to date (existing ones keep their history).
     */
    async syncUsers({ actor, input }: { actor: Actor; input: SyncMembersRequest }): Promise<GroupMemberList> {
      const entityId = entityIdOf(actor);
      const request = ZSyncMembersRequest.parse(input);
      const group = await loadGroup(ctx, entityId, request.groupId);
      const left = await db.transaction(async (tx) => {
        await repo.lockFamily(tx, group.id);
        const current = new Set((await repo.findMembers(tx, entityId, group.id)).map((m) => m.id));
        if (request.results.some((r) => !current.has(r.userId))) {
          throw new AppError('UNPROCESSABLE', MSG.families.memberNotInFamily);
        }
        const removed = await repo.removeMembersExcept(
          tx,
          group.id,
          request.results.map((r) => r.userId),
        );
        const seen = new Map<string, number>();
        const places = request.results.map((r) => {
          const position = (seen.get(r.userType) ?? 0) + 1;
          seen.set(r.userType, position);
          return { memberId: r.userId, role: r.userType, position };
        });
        await repo.assignPlaces(tx, group.id, places);
        return removed;
      });
      await syncFamilyChannels(ctx, entityId, group.id, left);
      return { result: (await repo.findMembers(db, entityId, group.id)).map(toMember) };
    },

    /** Activates or deactivates a person in this family; a deactivated person cannot post there. */
    async setMemberStatus({
      actor,
      input,
    }: {
      actor: Actor;
      input: { groupId: string; userId: string; active: boolean };
    }): Promise<MessageResponse> {
      const entityId = entityIdOf(actor);
      const group = await loadGroup(ctx, entityId, input.groupId);
      if (!(await repo.setMembershipActive(db, entityId, group.id, input.userId, input.active))) {
        throw notInFamily();
      }
      await syncFamilyChannels(ctx, entityId, group.id);
      return { message: MSG.families.memberStatusUpdated };
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
