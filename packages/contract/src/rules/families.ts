// How a family reads on the screens: its list's page size and labels. No zod here: the families list
// imports these, and the page that every agency starts on keeps zod out of its first download.
import { MSG } from '../messages.js';

export const FAMILY_PAGE_SIZE = 10;

/**
 * A search counts its matches up to this many: past it, the list holds the newest of them (sorted as
 * asked) and says that more match. Counting reads each match it counts, so a common name would cost a
 * read of every family that bears it; fifty pages are more than anyone looks through for one family.
 */
export const FAMILY_SEARCH_COUNT_LIMIT = 500;

/** The Status column of the families list. */
export function groupStatusLabel(active: boolean): string {
  return active ? MSG.families.statusActive : MSG.families.statusInactive;
}

/**
 * The family's name as every screen shows it: whole ('The Garcia Family', not its first word), though
 * the spec shows only the child's first name; empty until the wizard's second step names the family.
 */
export function familyDisplayName(group: { name: string | null }): string {
  return group.name?.trim() ?? '';
}

/** The 'Plan: …' line of the family page. */
export function groupPlanLabel(group: { oneTime: boolean }): string {
  return group.oneTime ? MSG.families.planOneTime : MSG.families.planMonthly;
}
