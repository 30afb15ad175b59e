import { ROUTES } from '@bridge-talk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { adminKeys } from './admin-keys.js';

function removeAdmin(id: string) {
  return callApi(ROUTES.admins.remove, { params: { id } });
}

/** The list reloads whatever the outcome. */
export function useRemoveAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAdmin,
    onSettled: (_data, _error, id) => {
      queryClient.removeQueries({ queryKey: adminKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: adminKeys.lists() });
    },
  });
}
