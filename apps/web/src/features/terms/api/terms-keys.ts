import type { TermsDocument } from '@bridge-talk/contract';

/** Query keys of the terms screens; invalidating `all` also refreshes the logged-out modal's copy. */
export const termsKeys = {
  all: ['terms'] as const,
  latest: (document: TermsDocument) => [...termsKeys.all, 'latest', document] as const,
  versions: (document: TermsDocument) => [...termsKeys.all, 'versions', document] as const,
  version: (id: string) => [...termsKeys.all, 'version', id] as const,
};
