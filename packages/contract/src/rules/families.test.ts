import { describe, expect, it } from 'vitest';
import { FAMILY_PAGE_SIZE, familyDisplayName, groupPlanLabel, groupStatusLabel } from './families.js';

describe('how a family reads on the screens', () => {
  it('shows the family’s name whole, the status and the plan', () => {
    expect(familyDisplayName({ name: 'The Garcia Family' })).toBe('The Garcia Family');
    expect(familyDisplayName({ name: ' Brookses ' })).toBe('Brookses');
    expect(familyDisplayName({ name: null })).toBe('');
    expect(groupStatusLabel(true)).toBe('Active');
    expect(groupStatusLabel(false)).toBe('Inactive');
    expect(groupPlanLabel({ oneTime: true })).toBe('Plan: Lifetime');
    expect(groupPlanLabel({ oneTime: false })).toBe('Plan: Monthly');
  });

  it('shows a renamed family by its new name, not by the child’s first name', () => {
    const renamed = { name: 'The Garcia Family', childFirstName: 'Robin', childLastName: 'Lee' };
    expect(familyDisplayName(renamed)).toBe('The Garcia Family');
  });

  it('pages the families list ten at a time', () => {
    expect(FAMILY_PAGE_SIZE).toBe(10);
  });
});
