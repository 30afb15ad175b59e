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
  /** Said of a name too short for the rule (or, with `letter`, of a name without a letter). */
  min: string;
  /** One letter is enough, and the name is kept whole (no first-space rule): a family's people. */
  letter?: boolean;
}
export type PersonNameMessages = Record<NamePart, NamePartMessages>;

/**
 * The family forms and the member calls: real people are called 'Bo Li' or 'Mai Ng', so a family
 * member's first and last name need one letter, not three characters.
 */
export const FAMILY_PERSON_NAME: PersonNameMessages = {
  firstName: {
    required: MSG.validation.firstNameIsRequired,
    min: MSG.validation.firstNameNeedsLetter,
    letter: true,
  },
  lastName: {
    required: MSG.validation.lastNameIsRequired,
    min: MSG.validation.lastNameNeedsLetter,
    letter: true,
  },
};

const LETTER = /\p{L}/u;

/**
 * What is wrong with a first or a last name, or null. Under the three-character rule a first name
 * counts up to its first space: a name sent whole ('first last') is split there when it is stored, so
 * 'Jo Ann' would keep 'Jo' as the first name.
 */
export function namePartIssue(part: NamePart, value: string, messages: NamePartMessages): string | null {
  const name = value.trim();
  if (name === '') return messages.required;
  if (messages.letter) return LETTER.test(name) ? null : messages.min;
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
