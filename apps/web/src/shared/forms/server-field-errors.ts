// The server's field messages (a 400's `fields`) shown under the form's own fields, so that what the
// server refused is said where it was typed. Each form says which of its fields a server field is.
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';

/**
 * Shows each server field message on the form field `fieldOf` names for it (null: not a field of this
 * form); the first one shown takes the focus. Answers how many were shown, so the caller can say the
 * rest in a toast.
 */
export function showServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: Record<string, string>,
  fieldOf: (serverField: string, message: string) => FieldPath<T> | null,
): number {
  let shown = 0;
  for (const [serverField, message] of Object.entries(fields)) {
    const field = fieldOf(serverField, message);
    if (!field) continue;
    setError(field, { message }, { shouldFocus: shown === 0 });
    shown += 1;
  }
  return shown;
}

/** The server field as the form field of the same name, when it is one of `names`. */
export function sameName<N extends string>(names: readonly N[]) {
  return (serverField: string): N | null =>
    (names as readonly string[]).includes(serverField) ? (serverField as N) : null;
}
