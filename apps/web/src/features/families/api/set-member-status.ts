import { ROUTES } from '@bridge-talk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { familyKeys } from './family-keys.js';

function setMemberStatus(groupId: string, userId: string, active: boolean) {
  return callApi(ROUTES.families.memberStatus, { params: { groupId, userId }, body: { active } });
}

/** Activates or deactivates a person of the family; their channels' permissions change with it. */
export function useSetMemberStatus(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, active }: { userId: string; active: boolean }) =>
      setMemberStatus(groupId, userId, active),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: familyKeys.members(groupId) });
      await queryClient.invalidateQueries({ queryKey: familyKeys.channels(groupId) });
    },
  });
}
