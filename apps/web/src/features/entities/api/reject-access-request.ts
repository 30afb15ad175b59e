import { ROUTES } from '@bridge-talk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { entityKeys } from './entity-keys.js';

/** Rejects a pending access request (it is removed); `notify` e-mails the requester. */
function rejectAccessRequest(id: string, notify: boolean) {
  return callApi(ROUTES.entities.reject, { params: { id }, body: { notify } });
}

export function useRejectAccessRequest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notify: boolean) => rejectAccessRequest(id, notify),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: entityKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: entityKeys.lists() });
    },
  });
}
