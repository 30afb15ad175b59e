// The family's places on a form, filled from the people the family already has (each in their role
// and place), with the child's name from the family's name when there is no child yet.
import {
  emptyFamilySlots,
  type FamilyMember,
  type FamilySlot,
  type FamilySlotsForm,
  ZFamilySlotsDraft,
} from '@bridge-talk/contract';
import { type SlotPath, slotPath } from '../api/save-family-members.js';

export interface FamilyFormStart {
  values: FamilySlotsForm;
  /** The person each place holds now, as the form opened with them. */
  originals: Partial<Record<SlotPath, FamilySlot>>;
}

function slotOf(member: FamilyMember): FamilySlot {
  return {
    userId: member._id,
    email: member.email ?? '',
    firstName: member.firstName,
    lastName: member.lastName,
  };
}

/**
 * The start of the wizard's family step with a kept draft over it: a place the family already has
 * (saved before the reload) shows the saved person; every other place shows what was typed.
 */
export function withDraft(start: FamilySlotsForm, draft: unknown): FamilySlotsForm {
  const parsed = ZFamilySlotsDraft.safeParse(draft);
  if (!parsed.success) return start;
  const place = (saved: FamilySlot, typed: FamilySlot) => (saved.userId ? saved : typed);
  return {
    child: place(start.child, parsed.data.child),
    adoptive: [
      place(start.adoptive[0], parsed.data.adoptive[0]),
      place(start.adoptive[1], parsed.data.adoptive[1]),
    ],
    birth: [place(start.birth[0], parsed.data.birth[0]), place(start.birth[1], parsed.data.birth[1])],
  };
}

export function familyFormStart(
  members: FamilyMember[],
  child: { firstName: string | null; lastName: string | null } = { firstName: null, lastName: null },
): FamilyFormStart {
  const values = emptyFamilySlots();
  const originals: Partial<Record<SlotPath, FamilySlot>> = {};
  const taken = { adoptive_parent: 0, birth_family: 0, child: 0 };
  for (const member of members) {
    // Places in list order: a family always has places 1 and 2 (the server renumbers them).
    const index = taken[member.role];
    if (index >= (member.role === 'child' ? 1 : 2)) continue;
    taken[member.role] = index + 1;
    const path = slotPath(member.role, index + 1);
    originals[path] = slotOf(member);
    if (member.role === 'child') values.child = slotOf(member);
    else values[member.role === 'adoptive_parent' ? 'adoptive' : 'birth'][index] = slotOf(member);
  }
  if (!originals.child) {
    values.child = { ...values.child, firstName: child.firstName ?? '', lastName: child.lastName ?? '' };
  }
  return { values, originals };
}

/** The fields of the places that hold something typed: 'adoptive.0.firstName', … */
export function typedFields(form: FamilySlotsForm): string[] {
  const places: [string, FamilySlot][] = [
    ['child', form.child],
    ['adoptive.0', form.adoptive[0]],
    ['adoptive.1', form.adoptive[1]],
    ['birth.0', form.birth[0]],
    ['birth.1', form.birth[1]],
  ];
  return places.flatMap(([path, slot]) =>
    (['email', 'firstName', 'lastName'] as const)
      .filter((field) => slot[field].trim() !== '')
      .map((field) => `${path}.${field}`),
  );
}
