import { ROUTES } from '@bridge-talk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { billingKeys } from './billing-keys.js';

/** Discards a family the wizard left unfinished; its card is detached at the provider. */
export function discardFamily(groupId: string) {
  return callApi(ROUTES.billing.discard, { params: { groupId } });
}

/** The caller refreshes its family lists (another feature's keys) once it is done. */
export function useDiscardFamily() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groupId: string) => discardFamily(groupId),
    onSuccess: (_answer, groupId) => queryClient.removeQueries({ queryKey: billingKeys.details(groupId) }),
  });
}
