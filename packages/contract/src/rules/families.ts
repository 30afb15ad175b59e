// How a family reads on the screens: its list's page size and labels. No zod here: the families list
// imports these, and the page that every agency starts on keeps zod out of its first download.
import { MSG } from '../messages.js';

export const FAMILY_PAGE_SIZE = 10;

/** The Status column of the families list. */
export function groupStatusLabel(active: boolean): string {
  return active ? MSG.families.statusActive : MSG.families.statusInactive;
}

/**
 * The child's name as screens show it: the first name only (spec section 5: 'Only the first name is
 * visible in the UI'); the family name for a family named before first names were kept apart.
 */
export function childDisplayName(group: { name: string | null; childFirstName: string | null }): string {
  return group.childFirstName?.trim() || group.name?.trim() || '';
}

/** The 'Plan: …' line of the family page. */
export function groupPlanLabel(group: { oneTime: boolean }): string {
  return group.oneTime ? MSG.families.planOneTime : MSG.families.planMonthly;
}
