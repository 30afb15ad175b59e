// The people of a family.
//
// A person (`_id`, also called userId in the calls) may belong to more than one family; the e-mail
// identifies a person across families. Within a family a person has a role and a place: one child, up
// to two adoptive parents and up to two birth family members.
import { z } from 'zod';
import { MSG } from '../messages.js';
import { EMAIL_MAX, PERSON_NAME_MAX } from '../rules/text-limits.js';
import { ZEmail } from './auth.js';
import {
  FAMILY_PERSON_NAME,
  type NamePart,
  namePartIssue,
  namePartTooLong,
  ZPersonFullName,
} from './person-names.js';

export const MEMBER_ROLES = ['child', 'adoptive_parent', 'birth_family'] as const;
export const ZMemberRole = z.enum(MEMBER_ROLES);
export type MemberRole = z.infer<typeof ZMemberRole>;

/** How many people each role of a family holds: 1 child, 2 adoptive parents, 2 of the birth family. */
export const MEMBER_SLOTS: Record<MemberRole, number> = { child: 1, adoptive_parent: 2, birth_family: 2 };

/** The Role column of the members table. */
export function memberRoleLabel(role: MemberRole): string {
  if (role === 'child') return MSG.families.roleChild;
  if (role === 'adoptive_parent') return MSG.families.roleAdoptiveParent;
  return MSG.families.roleBirthFamily;
}

/** What the server says when a role would hold more people than it may. */
export function tooManyInRoleMessage(role: MemberRole): string {
  if (role === 'child') return MSG.families.tooManyChildren;
  if (role === 'adoptive_parent') return MSG.families.tooManyAdoptiveParents;
  return MSG.families.tooManyBirthFamily;
}

// ─── Responses ────────────────────────────────────────────────────────────────────────────────────

/** One person of a family as the family page lists them. */
export const ZFamilyMember = z.object({
  /** The person's id (the `userId` of the member calls). */
  _id: z.string(),
  role: ZMemberRole,
  /** The place within the role: 1, or 2 for a second adoptive parent or birth family member. */
  position: z.number().int(),
  active: z.boolean(),
  /** When the person joined this family (ISO). */
  createdAt: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
});
export type FamilyMember = z.infer<typeof ZFamilyMember>;

/** GET /group/member/list/{id}; also the answer of the final list (POST /group/user/sync). */
export const ZFamilyMemberList = z.object({ result: z.array(ZFamilyMember) });
export type FamilyMemberList = z.infer<typeof ZFamilyMemberList>;

/** A person created or edited: id, name and e-mail. */
export const ZMemberUser = z.object({ _id: z.string(), name: z.string(), email: z.string().nullable() });
export type MemberUser = z.infer<typeof ZMemberUser>;

/**
 * POST /group/user/check: the person with this e-mail in one of the caller's families — their id and the
 * name the caller gave them, never their families. Anyone else is not found, as an unknown e-mail.
 */
export const ZCheckUserRequest = z.object({ email: ZEmail(MSG.validation.invalidEmailFormat) });
export type CheckUserRequest = z.input<typeof ZCheckUserRequest>;
export const ZCheckUserResponse = z.object({
  _id: z.string(),
  name: z.string(),
  /** The name's parts as the caller keeps them (a name is never split again to fill a form). */
  firstName: z.string(),
  lastName: z.string(),
});
export type CheckUserResponse = z.infer<typeof ZCheckUserResponse>;

// ─── Requests ─────────────────────────────────────────────────────────────────────────────────────

/** 'first last', as the calls carry a person's name (split again at the first space). */
const personName = ZPersonFullName(FAMILY_PERSON_NAME);

/** An e-mail that may be left out: '' and null are no e-mail. */
const optionalEmail = z
  .union([z.literal(''), z.null(), ZEmail(MSG.validation.invalidEmailFormat)])
  .optional()
  .transform((email) => (email ? email : null));

/** Adoptive parents and birth family use the family app: they need an e-mail; a child may go without. */
function requireEmailOutsideChild(
  value: { email: string | null; subtype: MemberRole },
  ctx: z.RefinementCtx,
) {
  if (value.subtype !== 'child' && !value.email) {
    ctx.addIssue({ code: 'custom', path: ['email'], message: MSG.validation.emailIsRequired });
  }
}

/** POST /group/user/create: a new person, who takes the next place of `subtype` in the family. */
export const ZCreateMemberUserRequest = z
  .object({ groupId: z.uuid(), name: personName, email: optionalEmail, subtype: ZMemberRole })
  .superRefine(requireEmailOutsideChild);
export type CreateMemberUserRequest = z.input<typeof ZCreateMemberUserRequest>;

/** PUT /group/user/edit/{userId}: a person of the family, renamed, re-addressed or given another role. */
export const ZEditMemberUserRequest = z
  .object({
    groupId: z.uuid(),
    /** Optional; when sent it must be the path's userId. */
    userId: z.uuid().optional(),
    name: personName,
    email: optionalEmail,
    subtype: ZMemberRole,
  })
  .superRefine(requireEmailOutsideChild);
export type EditMemberUserRequest = z.input<typeof ZEditMemberUserRequest>;

/** POST /group/member/add: links an existing person (found by e-mail) to the family in a role. */
export const ZAddMemberRequest = z.object({ groupId: z.uuid(), role: ZMemberRole, userId: z.uuid() });
export type AddMemberRequest = z.input<typeof ZAddMemberRequest>;

/** The role rules of a whole family: at most 1 child and 2 + 2, at least one adoptive parent and one birth family. */
function checkFamilyComposition(
  roles: MemberRole[],
  ctx: z.RefinementCtx,
  paths: { adoptive: (string | number)[]; birth: (string | number)[]; tooMany: (string | number)[] },
): void {
  for (const role of MEMBER_ROLES) {
    if (roles.filter((r) => r === role).length > MEMBER_SLOTS[role]) {
      ctx.addIssue({ code: 'custom', path: paths.tooMany, message: tooManyInRoleMessage(role) });
    }
  }
  if (!roles.includes('adoptive_parent')) {
    ctx.addIssue({ code: 'custom', path: paths.adoptive, message: MSG.validation.adoptiveParentRequired });
  }
  if (!roles.includes('birth_family')) {
    ctx.addIssue({ code: 'custom', path: paths.birth, message: MSG.validation.birthFamilyRequired });
  }
}

/**
 * POST /group/user/sync: the family's final member list (spec: final list {groupId, userId, userType}).
 * Within a role the order of the list is the order of the places. People of the family who are not
 * listed leave it; the family's chat channels are made or updated.
 */
export const ZSyncMembersRequest = z
  .object({
    groupId: z.uuid(),
    results: z
      .array(z.object({ userId: z.uuid(), userType: ZMemberRole }))
      .max(MEMBER_SLOTS.child + MEMBER_SLOTS.adoptive_parent + MEMBER_SLOTS.birth_family),
  })
  .superRefine((value, ctx) => {
    const ids = value.results.map((r) => r.userId);
    if (new Set(ids).size !== ids.length) {
      ctx.addIssue({ code: 'custom', path: ['results'], message: MSG.families.duplicateMember });
    }
    checkFamilyComposition(
      value.results.map((r) => r.userType),
      ctx,
      { adoptive: ['results'], birth: ['results'], tooMany: ['results'] },
    );
  });
export type SyncMembersRequest = z.input<typeof ZSyncMembersRequest>;

/** POST /group/member/manager/{groupId}/{userId}. */
export const ZMemberStatusRequest = z.object({ active: z.boolean() });
export type MemberStatusRequest = z.input<typeof ZMemberStatusRequest>;

export const ZMemberParams = z.object({ groupId: z.uuid(), userId: z.uuid() });
export const ZUserIdParams = z.object({ userId: z.uuid() });

// ─── The forms: add-family details (wizard step 3) and edit family members ─────────────────────────

/** One place of the family on a form; `userId` is set when the person already exists. */
export const ZFamilySlot = z.object({
  userId: z.string().nullable(),
  email: z.string().max(EMAIL_MAX, MSG.validation.tooLong(MSG.fields.email, EMAIL_MAX)),
  firstName: z.string().max(PERSON_NAME_MAX, namePartTooLong('firstName')),
  lastName: z.string().max(PERSON_NAME_MAX, namePartTooLong('lastName')),
});
export type FamilySlot = z.infer<typeof ZFamilySlot>;

const familySlots = {
  child: ZFamilySlot,
  adoptive: z.tuple([ZFamilySlot, ZFamilySlot]),
  birth: z.tuple([ZFamilySlot, ZFamilySlot]),
};

/** A place as typed, valid or not: a kept draft brings back what was typed, with its messages. */
const ZDraftSlot = z.object({
  userId: z.string().nullable(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});

/** The places as typed, before any rule: what a kept draft of the family step must look like. */
export const ZFamilySlotsDraft = z.object({
  child: ZDraftSlot,
  adoptive: z.tuple([ZDraftSlot, ZDraftSlot]),
  birth: z.tuple([ZDraftSlot, ZDraftSlot]),
});

export type FamilySlotsForm = {
  child: FamilySlot;
  adoptive: [FamilySlot, FamilySlot];
  birth: [FamilySlot, FamilySlot];
};

export function emptySlot(): FamilySlot {
  return { userId: null, email: '', firstName: '', lastName: '' };
}

export function emptyFamilySlots(): FamilySlotsForm {
  return { child: emptySlot(), adoptive: [emptySlot(), emptySlot()], birth: [emptySlot(), emptySlot()] };
}

const isEmail = (value: string) => ZEmail('x').safeParse(value).success;

/** Whether a place has all three of e-mail, first and last name (the second row opens after that). */
export function isSlotComplete(slot: FamilySlot): boolean {
  return isEmail(slot.email) && slot.firstName.trim() !== '' && slot.lastName.trim() !== '';
}

function isSlotTouched(slot: FamilySlot): boolean {
  return slot.email.trim() !== '' || slot.firstName.trim() !== '' || slot.lastName.trim() !== '';
}

/** The places with a first and a last name, in order: the people a form sends. */
export function filledSlots(
  form: FamilySlotsForm,
): { role: MemberRole; position: number; slot: FamilySlot }[] {
  const all: { role: MemberRole; position: number; slot: FamilySlot }[] = [
    { role: 'child', position: 1, slot: form.child },
    ...form.adoptive.map((slot, i) => ({ role: 'adoptive_parent' as const, position: i + 1, slot })),
    ...form.birth.map((slot, i) => ({ role: 'birth_family' as const, position: i + 1, slot })),
  ];
  return all.filter(({ slot }) => slot.firstName.trim() !== '' && slot.lastName.trim() !== '');
}

type Issue = { path: (string | number)[]; message: string };

type PlaceOnForm = { slot: FamilySlot; path: (string | number)[]; role: MemberRole };

/** Every place of a form with its path on the form and its role, in the order of the form. */
function placesOf(form: FamilySlotsForm): PlaceOnForm[] {
  return [
    { slot: form.child, path: ['child'], role: 'child' },
    { slot: form.adoptive[0], path: ['adoptive', 0], role: 'adoptive_parent' },
    { slot: form.adoptive[1], path: ['adoptive', 1], role: 'adoptive_parent' },
    { slot: form.birth[0], path: ['birth', 0], role: 'birth_family' },
    { slot: form.birth[1], path: ['birth', 1], role: 'birth_family' },
  ];
}

/** An e-mail is one person: typed for two places of a family, the later place is told so. */
function duplicateEmailIssues(form: FamilySlotsForm): Issue[] {
  const seen = new Set<string>();
  const issues: Issue[] = [];
  for (const { slot, path } of placesOf(form)) {
    const email = slot.email.trim().toLowerCase();
    if (email === '') continue;
    if (seen.has(email))
      issues.push({ path: [...path, 'email'], message: MSG.validation.emailTwiceInFamily });
    seen.add(email);
  }
  return issues;
}

const NAMES_REQUIRED: Record<NamePart, string> = {
  firstName: FAMILY_PERSON_NAME.firstName.required,
  lastName: FAMILY_PERSON_NAME.lastName.required,
};

/**
 * The issues of a place's two names: a typed name follows the person-name rule, and an empty one is an
 * issue only where the place needs it, worded by `required`.
 */
function nameIssues(
  slot: FamilySlot,
  path: (string | number)[],
  required: Partial<Record<NamePart, string>>,
): Issue[] {
  const issues: Issue[] = [];
  for (const part of ['firstName', 'lastName'] as const) {
    const message =
      slot[part].trim() === '' ? required[part] : namePartIssue(part, slot[part], FAMILY_PERSON_NAME[part]);
    if (message) issues.push({ path: [...path, part], message });
  }
  return issues;
}

/** A place whose three fields are all required (wizard: first adoptive parent and first birth family). */
function requireAll(slot: FamilySlot, path: (string | number)[]): Issue[] {
  const issues: Issue[] = [];
  if (slot.email.trim() === '')
    issues.push({ path: [...path, 'email'], message: MSG.validation.emailIsRequired });
  else if (!isEmail(slot.email)) {
    issues.push({ path: [...path, 'email'], message: MSG.validation.invalidEmailFormat });
  }
  issues.push(...nameIssues(slot, path, NAMES_REQUIRED));
  return issues;
}

/**
 * Wizard step 3, Add Family Details: the first adoptive parent and
 * the first birth family member need e-mail, first and last name; a second person is optional, but
 * once any of their fields is filled all three are required; the child's e-mail is optional (their
 * name is the one given at step 2).
 */
export const ZFamilyDetailsForm = z.object(familySlots).superRefine((form, ctx) => {
  const issues: Issue[] = [];
  const { child } = form;
  if (child.email.trim() !== '' && !isEmail(child.email)) {
    issues.push({ path: ['child', 'email'], message: MSG.validation.invalidEmailFormat });
  }
  issues.push(...nameIssues(child, ['child'], NAMES_REQUIRED));
  for (const group of ['adoptive', 'birth'] as const) {
    issues.push(...requireAll(form[group][0], [group, 0]));
    if (isSlotTouched(form[group][1])) issues.push(...requireAll(form[group][1], [group, 1]));
  }
  issues.push(...duplicateEmailIssues(form));
  for (const issue of issues) ctx.addIssue({ code: 'custom', ...issue });
});
export type FamilyDetailsForm = z.infer<typeof ZFamilyDetailsForm>;

/**
 * The rules of a family's places on the edit form and at the save: e-mails valid and each given to one
 * place; a person with an e-mail needs first and last name; at least one adoptive parent and one birth
 * family member; a place is sent only when it has a first and a last name. Adoptive parents and birth
 * family also need an e-mail to use the app.
 */
function checkFamilyPlaces(form: FamilySlotsForm, ctx: z.RefinementCtx): void {
  const issues: Issue[] = [];
  for (const { slot, path, role } of placesOf(form)) {
    const email = slot.email.trim();
    const named = slot.firstName.trim() !== '' && slot.lastName.trim() !== '';
    if (email !== '' && !isEmail(email)) {
      issues.push({ path: [...path, 'email'], message: MSG.validation.invalidEmailFormat });
    } else if (email === '' && named && role !== 'child') {
      issues.push({ path: [...path, 'email'], message: MSG.validation.emailIsRequired });
    }
    issues.push(
      ...nameIssues(
        slot,
        path,
        email === ''
          ? {}
          : {
              firstName: MSG.validation.firstNameRequiredWithEmail,
              lastName: MSG.validation.lastNameRequiredWithEmail,
            },
      ),
    );
  }
  const roles = filledSlots(form).map((s) => s.role);
  if (!roles.includes('adoptive_parent')) {
    issues.push({ path: ['adoptive'], message: MSG.validation.adoptiveParentRequired });
  }
  if (!roles.includes('birth_family')) {
    issues.push({ path: ['birth'], message: MSG.validation.birthFamilyRequired });
  }
  issues.push(...duplicateEmailIssues(form));
  for (const issue of issues) ctx.addIssue({ code: 'custom', ...issue });
}

/** Edit family members: the rules of a family's places. */
export const ZEditFamilyMembersForm = z.object(familySlots).superRefine(checkFamilyPlaces);
export type EditFamilyMembersForm = z.infer<typeof ZEditFamilyMembersForm>;

/** A place as saved: `userId` is the person the place holds, or the person found by its e-mail. */
const ZSavedSlot = ZFamilySlot.extend({ userId: z.uuid().nullable() });

/**
 * PUT /group/member/save/{groupId}: the family's places, saved all at once (people created, linked,
 * edited and placed, whoever is left out leaves, in one transaction). The server finds every person
 * again by the e-mail sent: a found person (`userId` of someone not yet in the family) must still be
 * the person of that e-mail. Field messages name the form's own fields ('adoptive.1.email').
 */
export const ZSaveFamilyMembersRequest = z
  .object({
    child: ZSavedSlot,
    adoptive: z.tuple([ZSavedSlot, ZSavedSlot]),
    birth: z.tuple([ZSavedSlot, ZSavedSlot]),
  })
  .superRefine(checkFamilyPlaces);
export type SaveFamilyMembersRequest = z.input<typeof ZSaveFamilyMembersRequest>;
