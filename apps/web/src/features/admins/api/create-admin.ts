import { type AdminRequest, ROUTES } from '@bridge-talk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { adminKeys } from './admin-keys.js';

function createAdmin(input: AdminRequest) {
  return callApi(ROUTES.admins.create, { body: input });
}

export function useCreateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdmin,
    onSuccess: (admin) => {
      queryClient.setQueryData(adminKeys.detail(admin._id), admin);
      return queryClient.invalidateQueries({ queryKey: adminKeys.lists() });
    },
  });
}
