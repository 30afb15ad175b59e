import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.js';
import {
  childDisplayName,
  groupPlanLabel,
  groupStatusLabel,
  ZChildAndPlanForm,
  ZEditGroupRequest,
  ZGroupListQuery,
} from './groups.js';

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

  it('the list query has defaults and refuses a bad sort', () => {
    expect(ZGroupListQuery.parse({})).toEqual({ search: '', page: 1, pageSize: 10 });
    expect(ZGroupListQuery.safeParse({ sort: 'up' }).success).toBe(false);
  });

  it('shows the child’s first name, the status and the plan', () => {
    expect(childDisplayName({ name: 'Robin Lee', childFirstName: 'Robin' })).toBe('Robin');
    expect(childDisplayName({ name: 'Robin Lee', childFirstName: null })).toBe('Robin Lee');
    expect(groupStatusLabel(true)).toBe('Active');
    expect(groupStatusLabel(false)).toBe('Inactive');
    expect(groupPlanLabel({ oneTime: true })).toBe('Plan: One Time');
    expect(groupPlanLabel({ oneTime: false })).toBe('Plan: Monthly');
  });
});
