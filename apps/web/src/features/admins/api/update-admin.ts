import { type AdminRequest, ROUTES } from '@bridge-talk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { adminKeys } from './admin-keys.js';

function updateAdmin(id: string, input: AdminRequest) {
  return callApi(ROUTES.admins.edit, { params: { id }, body: input });
}

export function useUpdateAdmin(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminRequest) => updateAdmin(id, input),
    onSuccess: (admin) => {
      queryClient.setQueryData(adminKeys.detail(admin._id), admin);
      return queryClient.invalidateQueries({ queryKey: adminKeys.lists() });
    },
  });
}
