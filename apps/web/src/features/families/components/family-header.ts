// The name and breadcrumbs of a family's sub-pages. The family's name comes with the navigation
// (`state.groupName`) and is fetched when the page is opened directly.
import { familyDisplayName, MSG } from '@bridge-talk/contract';
import { useLocation } from 'react-router';
import { ApiError } from '../../../shared/api/api-client.js';
import type { Crumb } from '../../../shared/ui/page-header.js';
import { useFamily } from '../api/get-family.js';

export interface FamilyNavigationState {
  groupName?: string;
}

export function familyPagePath(id: string): string {
  return `/manage-families/${id}/details`;
}

/** The family is not there for this entity: a 400 answers an id that is not one, a 404 any other. */
export function isMissingFamily(error: unknown): boolean {
  return error instanceof ApiError && [400, 404].includes(error.status);
}

/** The family of a sub-page, and the name to show before (or without) the family's own data. */
export function useFamilyOfPage(id: string) {
  const location = useLocation();
  const carried = (location.state as FamilyNavigationState | null)?.groupName;
  const family = useFamily(id);
  const name = family.data ? familyDisplayName(family.data) : (carried ?? '');
  return { family, name, missing: isMissingFamily(family.error) };
}

export function familyCrumbs(id: string, name: string, current?: string): Crumb[] {
  return [
    { label: MSG.nav.manageFamilies, to: '/manage-families' },
    { label: name || MSG.families.familyDetails, to: current ? familyPagePath(id) : undefined },
    ...(current ? [{ label: current }] : []),
  ];
}
