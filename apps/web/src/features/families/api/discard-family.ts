// Discarding a family the wizard left unfinished (never named): its saved card is detached at the
// payment provider. Part of the families list, so that the list loads nothing of the billing screens.
import { ROUTES } from '@bridge-talk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { familyKeys } from './family-keys.js';

export function useDiscardFamily() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groupId: string) => callApi(ROUTES.billing.discard, { params: { groupId } }),
    // Whatever was read of the family (its details, its billing) is gone with it.
    onSuccess: async (_answer, groupId) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey.includes(groupId) });
      await queryClient.invalidateQueries({ queryKey: familyKeys.lists() });
    },
  });
}
