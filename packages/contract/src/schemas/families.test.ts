import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.js';
import {
  GROUP_NAME_MAX,
  ZChildAndPlanForm,
  ZChildName,
  ZEditFamilyRequest,
  ZFamilyListQuery,
} from './families.js';

describe('groups', () => {
  it('step 2 needs both names of at least 3 characters and a plan', () => {
    const result = ZChildAndPlanForm.safeParse({
      childrenFirstName: 'Al',
      childrenLastName: ' ',
      idSelected: '',
      coupon: '',
    });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['childrenFirstName', MSG.validation.childFirstNameMin],
      ['childrenLastName', MSG.validation.childLastNameMin],
      ['idSelected', MSG.validation.planRequired],
    ]);
    expect(
      ZChildAndPlanForm.safeParse({
        childrenFirstName: 'Robin',
        childrenLastName: 'Lee',
        idSelected: 'p',
        coupon: '',
      }).success,
    ).toBe(true);
  });

  it('a family name has at least 3 characters', () => {
    expect(ZEditFamilyRequest.safeParse({ name: '  ab ' }).error?.issues[0]?.message).toBe(
      MSG.families.groupNameMin,
    );
    expect(ZEditFamilyRequest.parse({ name: ' Robin Lee ' })).toEqual({ name: 'Robin Lee' });
  });

  it('a family name is one name: a single word and a name of many words are both taken whole', () => {
    expect(ZEditFamilyRequest.parse({ name: 'Brookses' })).toEqual({ name: 'Brookses' });
    expect(ZEditFamilyRequest.parse({ name: 'The Garcia Family' })).toEqual({ name: 'The Garcia Family' });
    expect(ZEditFamilyRequest.parse({ name: 'Al Bo' })).toEqual({ name: 'Al Bo' });
  });

  it('a family name longer than its maximum is told so', () => {
    const tooLong = 'a'.repeat(GROUP_NAME_MAX + 1);
    expect(ZEditFamilyRequest.safeParse({ name: tooLong }).error?.issues[0]?.message).toBe(
      'Group name must be at most 121 characters',
    );
    expect(ZEditFamilyRequest.safeParse({ name: 'a'.repeat(GROUP_NAME_MAX) }).success).toBe(true);
  });

  it('the wizard’s child step may send the child’s names with the family name, by its own rule', () => {
    expect(
      ZEditFamilyRequest.parse({ name: 'Robin Lee', childFirstName: ' Robin ', childLastName: 'Lee' }),
    ).toEqual({ name: 'Robin Lee', childFirstName: 'Robin', childLastName: 'Lee' });
    const issues = ZEditFamilyRequest.safeParse({
      name: 'Al Lee',
      childFirstName: 'Al',
      childLastName: 'Lee',
    }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([['childFirstName', MSG.validation.childFirstNameMin]]);
  });

  it("the child's name is split at the first space; first and last name need 3 characters each", () => {
    const messages = (name: string) => ZChildName.safeParse(name).error?.issues.map((i) => i.message) ?? [];
    expect(messages('Robin')).toEqual([MSG.validation.childLastNameMin]);
    expect(messages('  Robin   ')).toEqual([MSG.validation.childLastNameMin]);
    expect(messages('Al Smith')).toEqual([MSG.validation.childFirstNameMin]);
    expect(messages('Robin Le')).toEqual([MSG.validation.childLastNameMin]);
    expect(messages('Al Bo')).toEqual([MSG.validation.childFirstNameMin, MSG.validation.childLastNameMin]);
    expect(messages('')).toEqual([MSG.validation.childFirstNameMin, MSG.validation.childLastNameMin]);
    expect(messages('Robin Lee')).toEqual([]);
    // The last name is everything after the first space.
    expect(messages('Robin de la Cruz')).toEqual([]);
    expect(ZChildName.parse('  Robin  Lee ')).toBe('Robin  Lee');
  });

  it('the child’s names are told when too long, as at most 60 characters each', () => {
    const form = { childrenFirstName: 'Robin', childrenLastName: 'Lee', idSelected: 'p', coupon: '' };
    const messages = (values: object) =>
      ZChildAndPlanForm.safeParse({ ...form, ...values }).error?.issues.map((i) => i.message) ?? [];
    expect(messages({ childrenFirstName: 'a'.repeat(61) })).toEqual([
      'First name must be at most 60 characters',
    ]);
    expect(messages({ childrenLastName: 'a'.repeat(61) })).toEqual([
      'Last name must be at most 60 characters',
    ]);
    expect(messages({ coupon: 'A'.repeat(65) })).toEqual(['Coupon must be at most 64 characters']);
  });

  it('step 2 refuses a first name whose part before a space is shorter than 3 (the server splits there)', () => {
    const form = { childrenLastName: 'Smith', idSelected: 'p', coupon: '' };
    const firstNameErrors = (childrenFirstName: string) =>
      ZChildAndPlanForm.safeParse({ ...form, childrenFirstName }).error?.issues.map((i) => i.message) ?? [];
    expect(firstNameErrors('Jo Ann')).toEqual([MSG.validation.childFirstNameMin]);
    expect(firstNameErrors('Mary Ann')).toEqual([]);
    expect(firstNameErrors('Jo')).toEqual([MSG.validation.childFirstNameMin]);
  });

  it('the list query has defaults and refuses a bad sort', () => {
    expect(ZFamilyListQuery.parse({})).toEqual({ search: '', page: 1, pageSize: 10 });
    expect(ZFamilyListQuery.safeParse({ sort: 'up' }).success).toBe(false);
  });
});
