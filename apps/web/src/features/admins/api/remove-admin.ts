import { API, type MessageResponse } from '@bridge-talk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.js';
import { adminKeys, adminPath } from './admin-keys.js';

export function removeAdmin(id: string) {
  return apiRequest<MessageResponse>(adminPath(API.admin.remove, id), { method: 'DELETE' });
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
