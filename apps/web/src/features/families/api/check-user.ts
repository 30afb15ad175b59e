import { API, type CheckUserResponse } from '@bridge-talk/contract';
import { ApiError, apiRequest } from '../../../shared/api/api-client.js';

/** The person with this e-mail (id and name only), or null when there is none. */
export async function checkUser(email: string, signal?: AbortSignal): Promise<CheckUserResponse | null> {
  try {
    return await apiRequest<CheckUserResponse>(API.group.checkUser, {
      method: 'POST',
      body: { email },
      signal,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
