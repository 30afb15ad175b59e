import type { AgreementListFilter, SortDirection } from '@bridge-talk/contract';

/** Query keys of the family screens: invalidating `all` refreshes every list, family and member list. */
export const familyKeys = {
  all: ['families'] as const,
  lists: () => [...familyKeys.all, 'list'] as const,
  list: (query: {
    search: string;
    sort: SortDirection | undefined;
    page: number;
    agreement: AgreementListFilter | undefined;
  }) => [...familyKeys.lists(), query] as const,
  detail: (id: string) => [...familyKeys.all, 'detail', id] as const,
  members: (id: string) => [...familyKeys.all, 'members', id] as const,
  channels: (id: string) => [...familyKeys.all, 'channels', id] as const,
};
