import { ROUTES } from '@bridge-talk/contract';
import { ApiError, callApi } from '../../../shared/api/api-client.js';

/** The person with this e-mail (id and name only), or null when there is none. */
export async function checkUser(email: string, signal?: AbortSignal) {
  try {
    return await callApi(ROUTES.families.checkUser, { body: { email }, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
