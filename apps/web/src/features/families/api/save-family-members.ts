// Saving the family's places (wizard step 3 and edit family members): each place with a first and a
// last name is a person — an existing one linked or edited, a new one created — then the final list is
// sent. Each person's id is handed back as soon as it is known, so that a retry after a failure reuses
// them instead of creating them again.
import {
  type FamilySlotsForm,
  filledSlots,
  type GroupMember,
  type GroupMemberList,
  joinName,
  type MemberRole,
} from '@bridge-talk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addMember } from './add-member.js';
import { checkUser } from './check-user.js';
import { createMember } from './create-member.js';
import { editMember } from './edit-member.js';
import { familyKeys } from './family-keys.js';
import { syncMembers } from './sync-members.js';

/** Where a place is on the form: the child, or the nth adoptive parent or birth family member. */
export type SlotPath = 'child' | `adoptive.${0 | 1}` | `birth.${0 | 1}`;

export function slotPath(role: MemberRole, position: number): SlotPath {
  if (role === 'child') return 'child';
  return `${role === 'adoptive_parent' ? 'adoptive' : 'birth'}.${position === 1 ? 0 : 1}` as SlotPath;
}

export interface SaveFamilyMembersInput {
  groupId: string;
  form: FamilySlotsForm;
  /** The family's people before the save (to tell an edit from a link). */
  existing: GroupMember[];
  /** Told each person's id as soon as it is known. */
  onPerson?: (path: SlotPath, userId: string) => void;
}

export async function saveFamilyMembers({
  groupId,
  form,
  existing,
  onPerson,
}: SaveFamilyMembersInput): Promise<GroupMemberList> {
  const results: { userId: string; userType: MemberRole }[] = [];
  for (const { role, position, slot } of filledSlots(form)) {
    const name = joinName(slot.firstName, slot.lastName);
    const email = slot.email.trim() || null;
    let userId = slot.userId;
    if (!userId && email) userId = (await checkUser(email))?._id ?? null;
    if (userId) {
      const current = existing.find((member) => member._id === userId);
      if (!current) {
        await addMember({ groupId, role, userId });
      } else if (
        current.role !== role ||
        current.firstName !== slot.firstName.trim() ||
        current.lastName !== slot.lastName.trim() ||
        (current.email ?? '') !== (email ?? '').toLowerCase()
      ) {
        // A new e-mail may make the place another person's (one the family app knows by that e-mail).
        userId = (await editMember(userId, { groupId, userId, name, email, subtype: role }))._id;
      }
    } else {
      userId = (await createMember({ groupId, name, email, subtype: role }))._id;
    }
    onPerson?.(slotPath(role, position), userId);
    results.push({ userId, userType: role });
  }
  return syncMembers({ groupId, results });
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
