import { MSG } from '@bridge-talk/contract';
import { ApiError } from '../../../shared/api/api-client.js';

/** The server's text when it is one the person can act on; the generic text otherwise. */
export function wizardErrorMessage(error: unknown): string {
  return error instanceof ApiError && [400, 409, 422].includes(error.status)
    ? error.message
    : MSG.common.somethingWrong;
}
