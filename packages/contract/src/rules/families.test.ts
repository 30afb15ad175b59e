import { describe, expect, it } from 'vitest';
import { childDisplayName, FAMILY_PAGE_SIZE, groupPlanLabel, groupStatusLabel } from './families.js';

describe('how a family reads on the screens', () => {
  it('shows the child’s first name, the status and the plan', () => {
    expect(childDisplayName({ name: 'Robin Lee', childFirstName: 'Robin' })).toBe('Robin');
    expect(childDisplayName({ name: 'Robin Lee', childFirstName: null })).toBe('Robin Lee');
    expect(groupStatusLabel(true)).toBe('Active');
    expect(groupStatusLabel(false)).toBe('Inactive');
    expect(groupPlanLabel({ oneTime: true })).toBe('Plan: One Time');
    expect(groupPlanLabel({ oneTime: false })).toBe('Plan: Monthly');
  });

  it('pages the families list ten at a time', () => {
    expect(FAMILY_PAGE_SIZE).toBe(10);
  });
});
