import { type CreateTermsRequest, ROUTES } from '@bridge-talk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { termsKeys } from './terms-keys.js';

/**
 * Saves a new version of the terms or the privacy policy (every earlier version is kept); a text that
 * is the version in force's saves nothing and comes back `unchanged`.
 */
function createTerms(input: CreateTermsRequest) {
  return callApi(ROUTES.terms.create, { body: input });
}

export function useCreateTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTerms,
    onSuccess: ({ unchanged: _, ...terms }) => {
      queryClient.setQueryData(termsKeys.latest(terms.document), terms);
      queryClient.setQueryData(termsKeys.version(terms._id), terms);
      return queryClient.invalidateQueries({ queryKey: termsKeys.all });
    },
  });
}
