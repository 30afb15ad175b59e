import { ROUTES } from '@bridge-talk/contract';
import { callApi, markSigningOut, signOutAnswered } from '../../../shared/api/api-client.js';

/**
 * Ends the session on the server. The caller then leaves the signed-in side in the app
 * (useLeaveSession: storage cleared, every cached query dropped, the role's login shown).
 */
export async function endServerSession(): Promise<void> {
  markSigningOut();
  try {
    await callApi(ROUTES.auth.logout, { skipRefresh: true });
  } catch {
    // Signing out locally is what matters; the server's session also ends when its tokens expire.
  } finally {
    signOutAnswered();
  }
}
