/**
 * Query keys of the agreements: invalidating `family` refreshes a family's current and past versions,
 * `due` the desk's 'Agreements due' and the side menu's count, `summary` every year of 'Agreements by
 * year'.
 */
export const agreementKeys = {
  family: (groupId: string) => ['agreements', groupId] as const,
  version: (groupId: string, version: number | undefined) =>
    [...agreementKeys.family(groupId), version ?? 'current'] as const,
  due: () => ['agreements', 'due'] as const,
  dueList: (page: number) => [...agreementKeys.due(), 'list', page] as const,
  dueCount: () => [...agreementKeys.due(), 'count'] as const,
  summary: () => ['agreements', 'summary'] as const,
  summaryYear: (year: number) => [...agreementKeys.summary(), year] as const,
};
