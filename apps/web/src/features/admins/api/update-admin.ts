import { type AdminRequest, type AdminUser, API } from '@bridge-talk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.js';
import { adminKeys, adminPath } from './admin-keys.js';

export function updateAdmin(id: string, input: AdminRequest) {
  return apiRequest<AdminUser>(adminPath(API.admin.edit, id), { method: 'PUT', body: input });
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
