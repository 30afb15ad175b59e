import { API, type LoginRequest, type Role, type SessionResponse } from '@bridge-talk/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.js';
import { storeRememberMe, storeRole } from '../../../shared/session/storage.js';
import { publishSession } from '../../../shared/session/token.js';

export function login(input: LoginRequest): Promise<SessionResponse> {
  return apiRequest<SessionResponse>(API.auth.login, { method: 'POST', body: input, skipRefresh: true });
}

/**
 * Signs in, then opens `landing(role)` in the signed-in route table. The address changes before the
 * session is published, so the new router starts on the landing page.
 */
export function useLogin(landing: (role: Role) => string) {
  return useMutation({
    mutationFn: login,
    onSuccess: (session, input) => {
      storeRole(session.user.role);
      storeRememberMe(input.rememberMe ?? true);
      window.history.replaceState(null, '', landing(session.user.role));
      publishSession(session);
    },
  });
}
