import type { SortDirection } from '@bridge-talk/contract';

/** Query keys of the entity screens: invalidating `all` refreshes every list and every entity. */
export const entityKeys = {
  all: ['entities'] as const,
  lists: () => [...entityKeys.all, 'list'] as const,
  list: (query: { search: string; sort: SortDirection | undefined; page: number }) =>
    [...entityKeys.lists(), query] as const,
  detail: (id: string) => [...entityKeys.all, 'detail', id] as const,
  plans: (id: string) => [...entityKeys.all, 'plans', id] as const,
};
