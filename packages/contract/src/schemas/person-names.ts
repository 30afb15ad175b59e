// A person's name: one rule for every form and call that takes one (admins, account settings, the child
// of the add-family wizard, a family's people). Forms take the first and the last name apart; calls carry
// them as one text, 'first last', which the server splits at the first space.
import { z } from 'zod';
import { MSG } from '../messages.js';
import { splitName } from '../rules/names.js';
import { PERSON_FULL_NAME_MAX, PERSON_NAME_MAX } from '../rules/text-limits.js';

const PERSON_NAME_MIN = 3;

export type NamePart = 'firstName' | 'lastName';

/** What a form says of a name left empty or too short: the spec words them form by form. */
export interface NamePartMessages {
  required: string;
  min: string;
}
export type PersonNameMessages = Record<NamePart, NamePartMessages>;

/** The family forms and the member calls: the spec gives no words of its own for a short name there. */
export const FAMILY_PERSON_NAME: PersonNameMessages = {
  firstName: { required: MSG.validation.firstNameIsRequired, min: MSG.validation.accountFirstNameMin },
  lastName: { required: MSG.validation.lastNameIsRequired, min: MSG.validation.accountLastNameMin },
};

/**
 * What is wrong with a first or a last name, or null. A first name counts up to its first space: the
 * whole name is split there when it is stored, so 'Jo Ann' would keep 'Jo' as the first name.
 */
export function namePartIssue(part: NamePart, value: string, messages: NamePartMessages): string | null {
  const name = value.trim();
  if (name === '') return messages.required;
  const kept = part === 'firstName' ? splitName(name).firstName : name;
  return kept.length < PERSON_NAME_MIN ? messages.min : null;
}

/** The longest first or last name, and what a longer one is told. */
export function namePartTooLong(part: NamePart): string {
  return MSG.validation.tooLong(MSG.fields[part], PERSON_NAME_MAX);
}

/** A first or a last name in a field of its own. */
export function ZNamePart(part: NamePart, messages: NamePartMessages) {
  return z
    .string({ error: messages.required })
    .trim()
    .max(PERSON_NAME_MAX, namePartTooLong(part))
    .superRefine((name, ctx) => {
      const issue = namePartIssue(part, name, messages);
      if (issue) ctx.addIssue({ code: 'custom', input: name, message: issue });
    });
}

/** A person's whole name as a call carries it, 'first last': each part follows the rule. */
export function ZPersonFullName(messages: PersonNameMessages) {
  return z
    .string({ error: messages.firstName.required })
    .trim()
    .max(PERSON_FULL_NAME_MAX, MSG.validation.tooLong(MSG.fields.name, PERSON_FULL_NAME_MAX))
    .superRefine((name, ctx) => {
      const parts = splitName(name);
      for (const part of ['firstName', 'lastName'] as const) {
        const issue = namePartIssue(part, parts[part], messages[part]);
        if (issue) ctx.addIssue({ code: 'custom', input: name, message: issue });
      }
    });
}
