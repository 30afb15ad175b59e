import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.js';
import {
  emptyFamilySlots,
  type FamilySlot,
  type FamilySlotsForm,
  filledSlots,
  isSlotComplete,
  memberRoleLabel,
  ZCreateMemberUserRequest,
  ZEditFamilyMembersForm,
  ZFamilyDetailsForm,
  ZSyncMembersRequest,
} from './members.js';

const person = (name: string, email = `${name.toLowerCase()}@family.test`): FamilySlot => ({
  userId: null,
  email,
  firstName: name,
  lastName: 'Smith',
});

function form(overrides: Partial<FamilySlotsForm> = {}): FamilySlotsForm {
  const base = emptyFamilySlots();
  return {
    ...base,
    child: { ...person('Robin', ''), email: '' },
    adoptive: [person('Alice'), base.adoptive[1]],
    birth: [person('Bella'), base.birth[1]],
    ...overrides,
  };
}

/** The messages of a failed parse, keyed by path. */
function errorsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  if (result.success) return {};
  return Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('ZFamilyDetailsForm (wizard step 3)', () => {
  it('accepts a child without e-mail, a first adoptive parent and a first birth family member', () => {
    expect(ZFamilyDetailsForm.safeParse(form()).success).toBe(true);
  });

  it('requires e-mail, first and last name of the first adoptive parent and birth family member', () => {
    const empty = emptyFamilySlots();
    const errors = errorsOf(ZFamilyDetailsForm.safeParse({ ...empty, child: person('Robin', '') }));
    expect(errors).toEqual({
      'adoptive.0.email': MSG.validation.emailIsRequired,
      'adoptive.0.firstName': MSG.validation.firstNameIsRequired,
      'adoptive.0.lastName': MSG.validation.lastNameIsRequired,
      'birth.0.email': MSG.validation.emailIsRequired,
      'birth.0.firstName': MSG.validation.firstNameIsRequired,
      'birth.0.lastName': MSG.validation.lastNameIsRequired,
    });
  });

  it('says a malformed e-mail is an invalid format, the child’s included', () => {
    const errors = errorsOf(
      ZFamilyDetailsForm.safeParse(
        form({
          child: person('Robin', 'robin@'),
          adoptive: [person('Alice', 'nope'), emptyFamilySlots().adoptive[1]],
        }),
      ),
    );
    expect(errors).toEqual({
      'child.email': MSG.validation.invalidEmailFormat,
      'adoptive.0.email': MSG.validation.invalidEmailFormat,
    });
  });

  it('leaves an untouched second person alone, but requires all three once any is filled', () => {
    const partial: FamilySlot = { userId: null, email: '', firstName: 'Ann', lastName: '' };
    const errors = errorsOf(ZFamilyDetailsForm.safeParse(form({ birth: [person('Bella'), partial] })));
    expect(errors).toEqual({
      'birth.1.email': MSG.validation.emailIsRequired,
      'birth.1.lastName': MSG.validation.lastNameIsRequired,
    });
    expect(ZFamilyDetailsForm.safeParse(form({ birth: [person('Bella'), person('Ben')] })).success).toBe(
      true,
    );
  });

  it('takes real short names (Bo Li, a one-letter J), and refuses a name without a letter', () => {
    const errors = errorsOf(
      ZFamilyDetailsForm.safeParse(
        form({
          child: { ...person('J', ''), lastName: '-' },
          adoptive: [{ ...person('Alice'), lastName: 'Li' }, emptyFamilySlots().adoptive[1]],
          birth: [{ ...person('Bo'), lastName: '42' }, emptyFamilySlots().birth[1]],
        }),
      ),
    );
    expect(errors).toEqual({
      'child.lastName': MSG.validation.lastNameNeedsLetter,
      'birth.0.lastName': MSG.validation.lastNameNeedsLetter,
    });
  });

  it('keeps a first name of several words whole: it is never split again', () => {
    expect(ZFamilyDetailsForm.safeParse(form({ child: person('Jo Ann', '') })).success).toBe(true);
    expect(ZFamilyDetailsForm.safeParse(form({ child: person('María del Carmen', '') })).success).toBe(true);
  });

  it('refuses the same e-mail for two people, on the later place, whatever its case', () => {
    const errors = errorsOf(
      ZFamilyDetailsForm.safeParse(
        form({
          adoptive: [person('Alice'), emptyFamilySlots().adoptive[1]],
          birth: [{ ...person('Bella'), email: 'ALICE@family.test' }, emptyFamilySlots().birth[1]],
        }),
      ),
    );
    expect(errors['birth.0.email']).toBe(MSG.validation.emailTwiceInFamily);
    expect(errors['adoptive.0.email']).toBeUndefined();
  });

  it('says a name longer than 60 characters is too long', () => {
    const long = 'a'.repeat(61);
    const errors = errorsOf(
      ZFamilyDetailsForm.safeParse(form({ child: { ...person(long, ''), lastName: long } })),
    );
    expect(errors).toEqual({
      'child.firstName': 'First name must be at most 60 characters',
      'child.lastName': 'Last name must be at most 60 characters',
    });
  });

  it('needs the child’s first and last name', () => {
    const errors = errorsOf(
      ZFamilyDetailsForm.safeParse(form({ child: { ...person('', ''), lastName: '' } })),
    );
    expect(errors).toEqual({
      'child.firstName': MSG.validation.firstNameIsRequired,
      'child.lastName': MSG.validation.lastNameIsRequired,
    });
  });
});

describe('ZEditFamilyMembersForm', () => {
  it('accepts a family with one adoptive parent and one birth family member', () => {
    expect(ZEditFamilyMembersForm.safeParse(form()).success).toBe(true);
  });

  it('requires first and last name when an e-mail is given', () => {
    const slot: FamilySlot = { userId: null, email: 'ben@family.test', firstName: '', lastName: '' };
    const errors = errorsOf(ZEditFamilyMembersForm.safeParse(form({ birth: [person('Bella'), slot] })));
    expect(errors).toEqual({
      'birth.1.firstName': MSG.validation.firstNameRequiredWithEmail,
      'birth.1.lastName': MSG.validation.lastNameRequiredWithEmail,
    });
  });

  it('takes one-letter names and refuses a name without a letter, with or without an e-mail', () => {
    const errors = errorsOf(
      ZEditFamilyMembersForm.safeParse(
        form({
          child: { ...person('J', ''), lastName: '.' },
          adoptive: [person('Alice'), { ...person('Ben'), lastName: 'Li' }],
        }),
      ),
    );
    expect(errors).toEqual({ 'child.lastName': MSG.validation.lastNameNeedsLetter });
  });

  it('requires at least one adoptive parent and one birth family member', () => {
    const empty = emptyFamilySlots();
    const errors = errorsOf(ZEditFamilyMembersForm.safeParse({ ...empty, child: person('Robin', '') }));
    expect(errors).toEqual({
      adoptive: MSG.validation.adoptiveParentRequired,
      birth: MSG.validation.birthFamilyRequired,
    });
  });

  it('checks e-mails, and asks an adult with a name for an e-mail', () => {
    const noEmail: FamilySlot = { userId: null, email: '', firstName: 'Alan', lastName: 'Smith' };
    const errors = errorsOf(
      ZEditFamilyMembersForm.safeParse(form({ adoptive: [person('Alice', 'alice@'), noEmail] })),
    );
    expect(errors).toEqual({
      'adoptive.0.email': MSG.validation.invalidEmailFormat,
      'adoptive.1.email': MSG.validation.emailIsRequired,
    });
  });

  it('sends only the places with a first and a last name', () => {
    const half: FamilySlot = { userId: null, email: '', firstName: 'Half', lastName: '' };
    const slots = filledSlots(form({ adoptive: [person('Alice'), half] }));
    expect(slots.map((s) => [s.role, s.position, s.slot.firstName])).toEqual([
      ['child', 1, 'Robin'],
      ['adoptive_parent', 1, 'Alice'],
      ['birth_family', 1, 'Bella'],
    ]);
  });
});

describe('member calls', () => {
  const groupId = '6f0f7f6e-3b7a-4c55-9a8e-2f3f4b5c6d7e';
  const ids = Array.from({ length: 6 }, (_, i) => `6f0f7f6e-3b7a-4c55-9a8e-2f3f4b5c6d7${i}`);

  it('a new adult needs an e-mail; a child may go without', () => {
    expect(
      errorsOf(ZCreateMemberUserRequest.safeParse({ groupId, name: 'Alan Smith', subtype: 'birth_family' })),
    ).toEqual({
      email: MSG.validation.emailIsRequired,
    });
    const child = ZCreateMemberUserRequest.parse({
      groupId,
      name: 'Robin Smith',
      email: '',
      subtype: 'child',
    });
    expect(child.email).toBeNull();
    const adult = ZCreateMemberUserRequest.parse({
      groupId,
      name: 'Alan Smith',
      email: ' Alan@Family.TEST ',
      subtype: 'adoptive_parent',
    });
    expect(adult.email).toBe('alan@family.test');
  });

  it('a person’s name is a first and a last name with a letter each, as on the forms', () => {
    const nameErrors = (name: string) =>
      ZCreateMemberUserRequest.safeParse({ groupId, name, email: null, subtype: 'child' }).error?.issues.map(
        (i) => i.message,
      ) ?? [];
    expect(nameErrors('J Smith')).toEqual([]);
    expect(nameErrors('- Smith')).toEqual([MSG.validation.firstNameNeedsLetter]);
    expect(nameErrors('Jane 7')).toEqual([MSG.validation.lastNameNeedsLetter]);
    expect(nameErrors('Jane')).toEqual([MSG.validation.lastNameIsRequired]);
    expect(nameErrors('')).toEqual([MSG.validation.firstNameIsRequired, MSG.validation.lastNameIsRequired]);
    expect(nameErrors('Jane Smith')).toEqual([]);
    expect(nameErrors('Jane van der Berg')).toEqual([]);
  });

  it('the final list holds one adoptive parent and one birth family member at least, and no more than the places', () => {
    const ok = ZSyncMembersRequest.safeParse({
      groupId,
      results: [
        { userId: ids[0], userType: 'child' },
        { userId: ids[1], userType: 'adoptive_parent' },
        { userId: ids[2], userType: 'birth_family' },
      ],
    });
    expect(ok.success).toBe(true);
    const missing = ZSyncMembersRequest.safeParse({
      groupId,
      results: [{ userId: ids[0], userType: 'child' }],
    });
    expect(missing.error?.issues.map((i) => i.message)).toEqual([
      MSG.validation.adoptiveParentRequired,
      MSG.validation.birthFamilyRequired,
    ]);
    const tooMany = ZSyncMembersRequest.safeParse({
      groupId,
      results: [
        { userId: ids[1], userType: 'adoptive_parent' },
        { userId: ids[2], userType: 'birth_family' },
        { userId: ids[3], userType: 'birth_family' },
        { userId: ids[4], userType: 'birth_family' },
      ],
    });
    expect(tooMany.error?.issues.map((i) => i.message)).toEqual([MSG.families.tooManyBirthFamily]);
    const twice = ZSyncMembersRequest.safeParse({
      groupId,
      results: [
        { userId: ids[1], userType: 'adoptive_parent' },
        { userId: ids[1], userType: 'birth_family' },
      ],
    });
    expect(twice.error?.issues.map((i) => i.message)).toEqual([MSG.families.duplicateMember]);
  });

  it('labels the roles and knows when a place is complete', () => {
    expect(memberRoleLabel('adoptive_parent')).toBe('Adoptive parent');
    expect(memberRoleLabel('birth_family')).toBe('Birth family');
    expect(memberRoleLabel('child')).toBe('Child');
    expect(isSlotComplete(person('Alice'))).toBe(true);
    expect(isSlotComplete({ ...person('Alice'), email: 'alice@' })).toBe(false);
  });
});
