import { type EditFamilyRequest, ROUTES } from '@bridge-talk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { familyKeys } from './family-keys.js';

export function renameFamily(groupId: string, input: EditFamilyRequest) {
  return callApi(ROUTES.families.edit, { params: { groupId }, body: input });
}

export function useRenameFamily(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EditFamilyRequest) => renameFamily(groupId, input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: familyKeys.detail(groupId) });
      await queryClient.invalidateQueries({ queryKey: familyKeys.lists() });
    },
  });
}
