import { type FamilySlotsForm, MSG } from '@bridge-talk/contract';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../../shared/api/api-client.js';
import { showServerFieldErrors } from '../../../shared/forms/server-field-errors.js';
import { notify } from '../../../shared/ui/notify.js';

const PLACE_FIELD = /^(child|adoptive\.[01]|birth\.[01])\.(email|firstName|lastName)$/;

/**
 * A refused save of the family's places: each field the server names shows its message where it was
 * typed (the server names the form's own fields), and the toast says why.
 */
export function showFamilySaveError(form: UseFormReturn<FamilySlotsForm>, error: unknown): void {
  if (error instanceof ApiError) {
    showServerFieldErrors(form.setError, error.fields, (field) =>
      PLACE_FIELD.test(field) ? (field as FieldPath<FamilySlotsForm>) : null,
    );
  }
  notify.error(wizardErrorMessage(error));
}

/** The server's text when it is one the person can act on; the generic text otherwise. */
export function wizardErrorMessage(error: unknown): string {
  return error instanceof ApiError && [400, 409, 422].includes(error.status)
    ? error.message
    : MSG.common.somethingWrong;
}
