// Saving the family's places (wizard step 3 and edit family members) in one call: the server creates,
// links, edits and places every person in one transaction, finding each again by the e-mail sent, so a
// refusal changes nothing and a look-up made for an e-mail no longer typed cannot add its person.
import { type FamilySlotsForm, type MemberRole, ROUTES } from '@bridge-talk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { familyKeys } from './family-keys.js';

/** Where a place is on the form: the child, or the nth adoptive parent or birth family member. */
export type SlotPath = 'child' | `adoptive.${0 | 1}` | `birth.${0 | 1}`;

export function slotPath(role: MemberRole, position: number): SlotPath {
  if (role === 'child') return 'child';
  return `${role === 'adoptive_parent' ? 'adoptive' : 'birth'}.${position === 1 ? 0 : 1}` as SlotPath;
}

function saveFamilyMembers({ groupId, form }: { groupId: string; form: FamilySlotsForm }) {
  return callApi(ROUTES.families.saveMembers, { params: { groupId }, body: form });
}

export function useSaveFamilyMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFamilyMembers,
    onSettled: async (_data, _error, { groupId }) => {
      await queryClient.invalidateQueries({ queryKey: familyKeys.members(groupId) });
      await queryClient.invalidateQueries({ queryKey: familyKeys.channels(groupId) });
      await queryClient.invalidateQueries({ queryKey: familyKeys.lists() });
    },
  });
}
