/** A person's single name field and its first/last parts. */

export interface NameParts {
  firstName: string;
  lastName: string;
}

/**
 * Splits a full name at the first space: 'Mary Ann Smith' → 'Mary' and 'Ann Smith'. Runs of
 * whitespace count as one space; a single word is all first name.
 */
export function splitName(fullName: string): NameParts {
  const normalised = fullName.trim().replace(/\s+/g, ' ');
  const space = normalised.indexOf(' ');
  if (space === -1) return { firstName: normalised, lastName: '' };
  return { firstName: normalised.slice(0, space), lastName: normalised.slice(space + 1) };
}

/** Joins first and last name with one space, each trimmed; an empty part adds no space. */
export function joinName(firstName: string, lastName: string): string {
  return [firstName.trim(), lastName.trim()].filter((part) => part !== '').join(' ');
}

/** The letter in the header's round avatar: the name's first character, upper-cased. */
export function nameInitial(name: string): string {
  const first = Array.from(name.trim())[0];
  return first === undefined ? '' : first.toLocaleUpperCase('en-US');
}
