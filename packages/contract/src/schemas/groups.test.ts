import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.js';
import { ZChildAndPlanForm, ZChildName, ZEditGroupRequest, ZGroupListQuery } from './groups.js';

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
    expect(ZEditGroupRequest.safeParse({ name: '  ab ' }).error?.issues[0]?.message).toBe(
      MSG.families.groupNameMin,
    );
    expect(ZEditGroupRequest.parse({ name: ' Robin Lee ' })).toEqual({ name: 'Robin Lee' });
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

  it('a new family name follows the child-name rule too (the server splits it into the child’s names)', () => {
    const fieldMessages = (name: string) =>
      ZEditGroupRequest.safeParse({ name }).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];
    expect(fieldMessages('Robin')).toEqual([['name', MSG.validation.childLastNameMin]]);
    expect(fieldMessages('Al Smith')).toEqual([['name', MSG.validation.childFirstNameMin]]);
    expect(fieldMessages('Robin Ann Lee')).toEqual([]);
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
    expect(ZGroupListQuery.parse({})).toEqual({ search: '', page: 1, pageSize: 10 });
    expect(ZGroupListQuery.safeParse({ sort: 'up' }).success).toBe(false);
  });
});
