import { type LoginRequest, ROUTES, type Role } from '@bridge-talk/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { useEnterSession } from '../../../shared/session/enter-session.js';
import { storeRememberMe, storeRole } from '../../../shared/session/storage.js';

function login(input: LoginRequest) {
  return callApi(ROUTES.auth.login, { body: input, skipRefresh: true });
}

/** Signs in, then opens `landing(role)` in the signed-in route table. */
export function useLogin(landing: (role: Role) => string) {
  const enterSession = useEnterSession();
  return useMutation({
    mutationFn: login,
    onSuccess: (session, input) => {
      storeRole(session.user.role);
      storeRememberMe(input.rememberMe ?? true);
      enterSession(session, landing(session.user.role));
    },
  });
}
