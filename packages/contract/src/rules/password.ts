import { MSG } from '../messages.js';

/** A password must be this long to be saved at all. */
export const PASSWORD_MIN_SAVE = 6;
/** The strong rule's length, together with an uppercase letter, a lowercase letter and a digit. */
export const PASSWORD_MIN_STRONG = 8;

export interface PasswordChecklist {
  minLength: boolean;
  uppercase: boolean;
  lowercase: boolean;
  digit: boolean;
  equal: boolean;
}

export type PasswordCheck = keyof PasswordChecklist;

/** The live checklist's rows in display order, with their labels. */
export const PASSWORD_CHECKS: readonly { key: PasswordCheck; label: string }[] = [
  { key: 'minLength', label: MSG.password.checklist.minLength },
  { key: 'uppercase', label: MSG.password.checklist.uppercase },
  { key: 'lowercase', label: MSG.password.checklist.lowercase },
  { key: 'digit', label: MSG.password.checklist.digit },
  { key: 'equal', label: MSG.password.checklist.equal },
];

/**
 * The live checklist of the new-password fields. Letters count in any script (so 'É' is an
 * uppercase letter); two empty fields do not count as matching, so the row is not ticked before
 * anything is typed.
 */
export function passwordChecklist(password: string, confirmation: string): PasswordChecklist {
  return {
    minLength: password.length >= PASSWORD_MIN_STRONG,
    uppercase: /\p{Lu}/u.test(password),
    lowercase: /\p{Ll}/u.test(password),
    digit: /\d/.test(password),
    equal: password !== '' && password === confirmation,
  };
}

/** Every checklist row holds. */
export function isStrongPassword(password: string, confirmation: string): boolean {
  return Object.values(passwordChecklist(password, confirmation)).every(Boolean);
}
