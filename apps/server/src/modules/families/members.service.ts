// The people of a family (entity only): the member list, the e-mail lookup,
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
//
// Tenancy of people: a person (one per e-mail) may be in families of several entities, but an entity
// learns a person's id and name only from its own families. The e-mail look-up answers as for an
// unknown e-mail when the person is only in other entities' families; a new person given such an e-mail
// is that person, linked (the caller sees the name it typed, never the other entity's); and each
// entity names the person in its own families without changing anyone else's. An e-mail is who the
// person is in the family app, so no entity changes it for another: an entity that gives its person
// another e-mail, while another entity's family has that person too, moves its own places to the
// person of the new e-mail (an existing one, linked, or a new one).
import {
  type CheckUserResponse,
  type FamilyMember,
  type FamilyMemberList,
  filledSlots,
  joinName,
  MEMBER_SLOTS,
  type MemberRole,
  type MemberUser,
  type MessageResponse,
  MSG,
  splitName,
  tooManyInRoleMessage,
  type ZAddMemberRequest,
  type ZCheckUserRequest,
  type ZCreateMemberUserRequest,
  type ZEditMemberUserRequest,
  type ZSaveFamilyMembersRequest,
  type ZSyncMembersRequest,
} from '@bridge-talk/contract';
import type { Actor, AppContext } from '../../app-context.js';
import { recordAudit } from '../../db/audit.js';
import { hasPgCode } from '../../db/pg-errors.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { portalUrl } from '../../lib/portal-url.js';
import type { Valid } from '../../lib/route.js';
import { queueMail } from '../mail/mail.service.js';
import { familyAddedMail, familyInvitationMail } from '../mail/templates.js';
import { entityIdOf, loadFamily } from '../tenancy/tenancy.service.js';
import { syncFamilyChannels } from './family-channels.js';
import * as repo from './members.repository.js';

/** Until the final list, a role may hold this many times its places (see the header). */
const TRANSIENT_PLACES_FACTOR = 2;

function toMember(row: repo.MemberRow): FamilyMember {
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
  return hasPgCode(error, '23505');
}

type Tx = Parameters<typeof repo.findMember>[0];

/** How the activity record names a membership's status. */
function statusName(active: boolean): 'active' | 'inactive' {
  return active ? 'active' : 'inactive';
}
type Person = { email: string | null; firstName: string; lastName: string };

/**
 * Gives a person of the entity's families a new name or e-mail (the caller holds the family's lock):
 * answers who the person is now in those families, which places moved to them, and whether the
 * person's own record (their name in the family app) changed.
 */
async function editPerson(tx: Tx, entityId: string, member: repo.MemberRow, next: Person) {
  const emailChanged = (member.email ?? '').toLowerCase() !== (next.email ?? '').toLowerCase();
  const renamed = member.firstName !== next.firstName || member.lastName !== next.lastName;
  const result = {
    personId: member.id,
    emailChanged,
    renamedPerson: false,
    moved: [] as { groupId: string; role: repo.MemberRole }[],
  };
  if (!emailChanged && !renamed) return result;
  const shared = await repo.belongsToOtherEntity(tx, member.id, entityId);
  const names = { firstName: next.firstName, lastName: next.lastName };
  if (emailChanged) {
    const holder = next.email ? await repo.findPersonIdByEmail(tx, next.email) : null;
    if (holder && holder !== member.id) {
      // Someone of the entity's own families has the e-mail: the entity may be told so.
      if (await repo.findKnownPerson(tx, entityId, { id: holder })) throw emailInUse();
      // Someone of other entities' families only: that person, linked here by the e-mail.
      const moved = await repo.moveMemberships(tx, entityId, { from: member.id, to: holder, names });
      return { ...result, personId: holder, moved };
    }
    if (shared) {
      const personId = await repo.insertPerson(tx, next);
      const moved = await repo.moveMemberships(tx, entityId, { from: member.id, to: personId, names: null });
      return { ...result, personId, moved };
    }
  } else if (shared) {
    await repo.setMembershipNames(tx, entityId, member.id, names);
    return result;
  }
  await repo.updatePerson(tx, member.id, next);
  await repo.setMembershipNames(tx, entityId, member.id, null);
  return { ...result, renamedPerson: true };
}

/** Where a place is on the families' forms: 'child', 'adoptive.0', 'birth.1'. */
function formPath(role: MemberRole, position: number): string {
  if (role === 'child') return 'child';
  return `${role === 'adoptive_parent' ? 'adoptive' : 'birth'}.${position - 1}`;
}

/** A found person is bound to the e-mail they were found by: another e-mail is another person. */
function personChanged(field: string): AppError {
  return new AppError('CONFLICT', MSG.families.foundPersonChanged, {
    [field]: MSG.families.foundPersonChanged,
  });
}

/** A refusal of one person's edit, said on that person's place of the form ('birth.0.email'). */
function atPlace(error: unknown, field: string): unknown {
  if (!(error instanceof AppError) || !error.fields) return error;
  const fields = Object.fromEntries(
    Object.entries(error.fields).map(([name, text]) => [`${field}.${name}`, text]),
  );
  return new AppError(error.code, error.message, fields);
}

function twiceInFamily(field: string): AppError {
  return new AppError('CONFLICT', MSG.validation.emailTwiceInFamily, {
    [field]: MSG.validation.emailTwiceInFamily,
  });
}

/** The places as the save's schema answered them (checked once, by the caller). */
type SavedPlaces = ReturnType<typeof ZSaveFamilyMembersRequest.parse>;

/** An event of the family's activity, before it is given its actor and family. */
type MemberAudit = Pick<Parameters<typeof recordAudit>[1], 'action' | 'subject' | 'details'>;

/** Someone to be told, once the save is kept, that they are in the family (or at a new address). */
interface Newcomer {
  personId: string;
  person: Person;
  /** Already in another family: told they were added, not asked to install the app. */
  knowsTheApp: boolean;
}

/** A place as saved: who holds it and how they came. */
interface Placed {
  personId: string;
  role: MemberRole;
  field: string;
  /** Not yet in the family: a membership is made, with these names of its own (null: the person's). */
  joins: { names: repo.MembershipNames } | null;
  person: Person;
  newAddress: boolean;
}

/**
 * The family's places, saved in the caller's transaction: every person found again by the e-mail sent,
 * then created, linked or edited; whoever the form leaves out leaves the family. Answers what must
 * follow the commit: who left, which other families' channels lost someone, and whom to tell.
 */
async function savePlaces(
  tx: Tx,
  job: { entityId: string; groupId: string; actorUserId: string; form: SavedPlaces },
) {
  const { entityId, groupId } = job;
  await repo.lockFamily(tx, groupId);
  const before = await repo.findMembers(tx, entityId, groupId);
  const current = new Map(before.map((m) => [m.id, m]));
  const placed: Placed[] = [];
  const moved: { groupId: string; role: repo.MemberRole; from: string }[] = [];
  const audits: MemberAudit[] = [];

  for (const { role, position, slot } of filledSlots(job.form)) {
    const field = formPath(role, position);
    const email = slot.email.trim().toLowerCase() || null;
    const person = { email, firstName: slot.firstName.trim(), lastName: slot.lastName.trim() };
    let member = slot.userId ? current.get(slot.userId) : undefined;
    if (slot.userId && !member) {
      const found = await repo.findKnownPerson(tx, entityId, { id: slot.userId });
      if (!found || !email || (found.email ?? '').toLowerCase() !== email)
        throw personChanged(`${field}.email`);
    }
    const edit = (of: repo.MemberRow) =>
      editedPlace(tx, entityId, of, { role, field, person }, moved, audits).catch((error: unknown) => {
        throw atPlace(error, field);
      });
    let place: Placed;
    if (member) {
      place = await edit(member);
    } else {
      const holder = email ? await repo.findPersonIdByEmail(tx, email) : null;
      member = holder ? current.get(holder) : undefined;
      if (member) {
        // Someone of this family, typed again at another place.
        place = await edit(member);
      } else if (holder) {
        // Someone of the entity's other families joins as the entity knows them; someone of other
        // entities' families only, with the name typed here.
        const known = await repo.findKnownPerson(tx, entityId, { id: holder });
        const names = known ? { firstName: known.firstName, lastName: known.lastName } : person;
        place = {
          personId: holder,
          role,
          field,
          joins: { names },
          person: { email, ...names },
          newAddress: false,
        };
      } else {
        const personId = await repo.insertPerson(tx, person);
        place = { personId, role, field, joins: { names: null }, person, newAddress: false };
      }
    }
    if (placed.some((p) => p.personId === place.personId)) throw twiceInFamily(`${field}.email`);
    placed.push(place);
  }

  const left = await repo.removeMembersExcept(
    tx,
    groupId,
    placed.map((p) => p.personId),
  );
  const newcomers: Newcomer[] = [];
  // New places go past the last one first, so that the places below never meet the unique index.
  let spare = 100;
  for (const place of placed) {
    if (place.joins) {
      const knowsTheApp = await repo.isInAnotherFamily(tx, place.personId, groupId);
      await repo.insertMembership(tx, {
        groupId,
        memberId: place.personId,
        role: place.role,
        position: spare++,
        invited: Boolean(place.person.email),
        names: place.joins.names,
      });
      audits.push({
        action: 'member.added',
        subject: joinName(place.person.firstName, place.person.lastName),
      });
      newcomers.push({ personId: place.personId, person: place.person, knowsTheApp });
    } else if (place.newAddress && place.person.email) {
      await repo.markInvited(tx, groupId, place.personId);
      const knowsTheApp = await repo.isInAnotherFamily(tx, place.personId, groupId);
      newcomers.push({ personId: place.personId, person: place.person, knowsTheApp });
    }
  }
  const seen = new Map<MemberRole, number>();
  await repo.assignPlaces(
    tx,
    groupId,
    placed.map((p) => {
      const position = (seen.get(p.role) ?? 0) + 1;
      seen.set(p.role, position);
      return { memberId: p.personId, role: p.role, position };
    }),
  );
  for (const gone of left) {
    const was = current.get(gone.memberId);
    audits.push({ action: 'member.removed', subject: was ? joinName(was.firstName, was.lastName) : null });
  }
  for (const audit of audits) {
    await recordAudit(tx, { ...audit, actorUserId: job.actorUserId, entityId, groupId });
  }
  return { left, moved, newcomers };
}

/**
 * A person of the family at a place of the form: renamed, re-addressed or moved to another role as
 * typed (a new e-mail may make the place another person's, see the header). Notes the change.
 */
async function editedPlace(
  tx: Tx,
  entityId: string,
  member: repo.MemberRow,
  at: { role: MemberRole; field: string; person: Person },
  moved: { groupId: string; role: repo.MemberRole; from: string }[],
  audits: MemberAudit[],
): Promise<Placed> {
  const edited = await editPerson(tx, entityId, member, at.person);
  for (const m of edited.moved) moved.push({ ...m, from: member.id });
  const changes: Record<string, string> = {};
  const before = joinName(member.firstName, member.lastName);
  const after = joinName(at.person.firstName, at.person.lastName);
  if (before !== after) Object.assign(changes, { nameFrom: before, nameTo: after });
  if (edited.emailChanged)
    Object.assign(changes, { emailFrom: member.email ?? '', emailTo: at.person.email ?? '' });
  if (member.role !== at.role) Object.assign(changes, { roleFrom: member.role, roleTo: at.role });
  if (Object.keys(changes).length > 0)
    audits.push({ action: 'member.edited', subject: after, details: changes });
  return {
    personId: edited.personId,
    role: at.role,
    field: at.field,
    joins: null,
    person: at.person,
    newAddress: edited.emailChanged,
  };
}

export function createMembersService(ctx: AppContext) {
  const { db } = ctx;

  /** Tells a person they are in the family: how to start, or (already in a family) where to look. */
  async function invite(
    group: { entityName: string; name: string | null; childFirstName: string | null },
    person: { email: string | null; firstName: string; lastName: string },
    knowsTheApp = false,
  ): Promise<void> {
    if (!person.email) return;
    const mail = {
      to: person.email,
      name: joinName(person.firstName, person.lastName),
      entityName: group.entityName,
      childName: group.childFirstName || group.name || 'your child',
      // With the local chat provider the families talk in the portal's own app: the mail leads there.
      appLink:
        ctx.chat.kind === 'local'
          ? portalUrl(ctx, `/family/sign-in?email=${encodeURIComponent(person.email)}`)
          : null,
    };
    await queueMail(ctx.queue, knowsTheApp ? familyAddedMail(mail) : familyInvitationMail(mail));
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
    async listMembers({ actor, input }: { actor: Actor; input: { id: string } }): Promise<FamilyMemberList> {
      const entityId = entityIdOf(actor);
      const group = await loadFamily(ctx, entityId, input.id);
      return { result: (await repo.findMembers(db, entityId, group.id)).map(toMember) };
    },

    /**
     * The person of one of the caller's families with this e-mail: their id and the name the caller gave
     * them. A person of other entities' families only is answered as an unknown e-mail. Audited.
     */
    async checkUser({
      actor,
      input,
    }: {
      actor: Actor;
      input: Valid<typeof ZCheckUserRequest>;
    }): Promise<CheckUserResponse> {
      const entityId = entityIdOf(actor);
      const { email } = input;
      await repo.recordLookup(db, { actorUserId: actor.userId, entityId, email });
      const person = await repo.findKnownPerson(db, entityId, { email });
      if (!person) throw notFound();
      return {
        _id: person.id,
        name: joinName(person.firstName, person.lastName),
        firstName: person.firstName,
        lastName: person.lastName,
      };
    },

    /**
     * A new person in the family, at the next place of their role; invited when they have an e-mail. A
     * person who already has the e-mail (in another family) is linked instead, with the name typed here
     * for this entity's families: the answer is the same either way.
     */
    async createUser({
      actor,
      input: request,
    }: {
      actor: Actor;
      input: Valid<typeof ZCreateMemberUserRequest>;
    }): Promise<MemberUser> {
      const entityId = entityIdOf(actor);
      const group = await loadFamily(ctx, entityId, request.groupId);
      const { firstName, lastName } = splitName(request.name);
      const person = { email: request.email, firstName, lastName };
      const create = () =>
        db.transaction(async (tx) => {
          await repo.lockFamily(tx, group.id);
          const existing = request.email ? await repo.findPersonIdByEmail(tx, request.email) : null;
          if (existing && (await repo.findMember(tx, entityId, group.id, existing))) throw emailInUse();
          const { next } = await occupancyOrRefuse(tx, group.id, request.subtype);
          const knowsTheApp = existing ? await repo.isInAnotherFamily(tx, existing, group.id) : false;
          const memberId = existing ?? (await repo.insertPerson(tx, person));
          await repo.insertMembership(tx, {
            groupId: group.id,
            memberId,
            role: request.subtype,
            position: next,
            invited: Boolean(request.email),
            names: existing ? { firstName, lastName } : null,
          });
          return { memberId, knowsTheApp };
        });
      let created: { memberId: string; knowsTheApp: boolean };
      try {
        created = await create();
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // The e-mail was given to a new person in another family between our look-up and our write:
        // once more, to link that person.
        try {
          created = await create();
        } catch (again) {
          if (isUniqueViolation(again)) throw emailInUse();
          throw again;
        }
      }
      await invite(group, person, created.knowsTheApp);
      return { _id: created.memberId, name: joinName(firstName, lastName), email: request.email };
    },

    /**
     * Links a person of another of the entity's families (found by e-mail) to this one, with the name the
     * entity gave them; linking them again changes nothing. Any other person is not found.
     */
    async addMember({
      actor,
      input: request,
    }: {
      actor: Actor;
      input: Valid<typeof ZAddMemberRequest>;
    }): Promise<MemberUser> {
      const entityId = entityIdOf(actor);
      const group = await loadFamily(ctx, entityId, request.groupId);
      const person = await repo.findKnownPerson(db, entityId, { id: request.userId });
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
          names: { firstName: person.firstName, lastName: person.lastName },
        });
        return true;
      });
      // A person of the entity's other families already has the app: they are told where to look.
      if (added) await invite(group, person, true);
      return { _id: person.id, name: joinName(person.firstName, person.lastName), email: person.email };
    },

    /**
     * Edits a person of the family: name, e-mail, role. The name changes in the entity's own families
     * only; a new e-mail is invited. A person who is also in another entity's family keeps their e-mail
     * there: this entity's places move to the person of the new e-mail (see the header), and the answer
     * carries that person's id.
     */
    async editUser({
      actor,
      input,
    }: {
      actor: Actor;
      input: { userId: string; body: Valid<typeof ZEditMemberUserRequest> };
    }): Promise<MemberUser> {
      const entityId = entityIdOf(actor);
      const request = input.body;
      if (request.userId !== undefined && request.userId !== input.userId) {
        throw new AppError('BAD_REQUEST', MSG.families.memberNotInFamily, {
          userId: MSG.families.memberNotInFamily,
        });
      }
      const group = await loadFamily(ctx, entityId, request.groupId);
      const { firstName, lastName } = splitName(request.name);
      const next = { email: request.email, firstName, lastName };
      let outcome: Awaited<ReturnType<typeof editPerson>>;
      try {
        outcome = await db.transaction(async (tx) => {
          await repo.lockFamily(tx, group.id);
          const member = await repo.findMember(tx, entityId, group.id, input.userId);
          if (!member) throw notInFamily();
          const edited = await editPerson(tx, entityId, member, next);
          if (member.role !== request.subtype) {
            const { next: position } = await occupancyOrRefuse(tx, group.id, request.subtype);
            await repo.updateMembershipRole(tx, group.id, edited.personId, {
              role: request.subtype,
              position,
            });
          }
          if (edited.emailChanged && next.email) await repo.markInvited(tx, group.id, edited.personId);
          return edited;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw emailInUse();
        throw error;
      }
      if (outcome.renamedPerson) {
        await ctx.chat.upsertUsers([{ id: outcome.personId, name: joinName(firstName, lastName) }]);
      }
      // The person who left this entity's families leaves the chat channels made for them there.
      for (const { groupId, role } of outcome.moved) {
        if ((await ctx.chat.listChannels(groupId)).length === 0) continue;
        await syncFamilyChannels(ctx, entityId, groupId, [{ memberId: input.userId, role }]);
      }
      if (outcome.emailChanged && next.email) await invite(group, next);
      return { _id: outcome.personId, name: joinName(firstName, lastName), email: next.email };
    },

    /**
     * The final member list: roles and places as listed, whoever is not listed leaves the family, and
     * the family's chat channels are made or brought up to date (existing ones keep their history).
     */
    async syncUsers({
      actor,
      input: request,
    }: {
      actor: Actor;
      input: Valid<typeof ZSyncMembersRequest>;
    }): Promise<FamilyMemberList> {
      const entityId = entityIdOf(actor);
      const group = await loadFamily(ctx, entityId, request.groupId);
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

    /**
     * The family's places saved at once (the families' forms): all or nothing in one transaction, each
     * person found again by the e-mail sent; invitations and the chat channels follow the commit.
     */
    async saveMembers({
      actor,
      input,
    }: {
      actor: Actor;
      input: { groupId: string; body: Valid<typeof ZSaveFamilyMembersRequest> };
    }): Promise<FamilyMemberList> {
      const entityId = entityIdOf(actor);
      const form = input.body;
      const group = await loadFamily(ctx, entityId, input.groupId);
      let saved: Awaited<ReturnType<typeof savePlaces>>;
      try {
        saved = await db.transaction((tx) =>
          savePlaces(tx, { entityId, groupId: group.id, actorUserId: actor.userId, form }),
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw emailInUse();
        throw error;
      }
      // Someone whose places moved to the person of their new e-mail leaves the channels made for them.
      const left = [...saved.left];
      for (const { groupId, role, from } of saved.moved) {
        if (groupId === group.id) left.push({ memberId: from, role });
        else if ((await ctx.chat.listChannels(groupId)).length > 0) {
          await syncFamilyChannels(ctx, entityId, groupId, [{ memberId: from, role }]);
        }
      }
      await syncFamilyChannels(ctx, entityId, group.id, left);
      for (const { person, knowsTheApp } of saved.newcomers) await invite(group, person, knowsTheApp);
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
      const group = await loadFamily(ctx, entityId, input.groupId);
      await db.transaction(async (tx) => {
        const member = await repo.findMember(tx, entityId, group.id, input.userId);
        if (!member || !(await repo.setMembershipActive(tx, entityId, group.id, member.id, input.active))) {
          throw notInFamily();
        }
        if (member.active === input.active) return;
        await recordAudit(tx, {
          actorUserId: actor.userId,
          action: 'member.status_changed',
          entityId,
          groupId: group.id,
          subject: joinName(member.firstName, member.lastName),
          details: { from: statusName(member.active), to: statusName(input.active) },
        });
      });
      await syncFamilyChannels(ctx, entityId, group.id);
      return { message: MSG.families.memberStatusUpdated };
    },
  };
}
