import { API, type Role } from '@bridge-talk/contract';
import { apiRequest } from '../../../shared/api/api-client.js';
import { clearStorage } from '../../../shared/session/storage.js';
import { publishSession } from '../../../shared/session/token.js';

/** Ends the session on the server, clears the browser's state and reloads at the role's login. */
export async function logout(role: Role): Promise<void> {
  try {
    await apiRequest(API.auth.logout, { method: 'POST', skipRefresh: true });
  } catch {
    // Signing out locally is what matters; the server's session also ends when its tokens expire.
  } finally {
    publishSession(null);
    clearStorage();
    window.location.assign(`/login/${role}`);
  }
}
