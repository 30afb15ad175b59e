import { type AdminRequest, type AdminUser, API } from '@bridge-talk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.js';
import { adminKeys } from './admin-keys.js';

export function createAdmin(input: AdminRequest) {
  return apiRequest<AdminUser>(API.admin.create, { method: 'POST', body: input });
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
