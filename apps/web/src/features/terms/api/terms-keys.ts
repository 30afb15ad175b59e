/** Query keys of the terms screens; invalidating `all` also refreshes the logged-out modal's copy. */
export const termsKeys = {
  all: ['terms'] as const,
  latest: () => [...termsKeys.all, 'latest'] as const,
  version: (id: string) => [...termsKeys.all, 'version', id] as const,
};
