import {
  type LoginCodeRequest,
  type LoginRequest,
  ROUTES,
  type Role,
  type SignInStepMethod,
} from '@bridge-talk/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { useEnterSession } from '../../../shared/session/enter-session.js';
import { storeRememberMe, storeRole } from '../../../shared/session/storage.js';

export function login(input: LoginRequest) {
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

/**
 * The second step of a sign-in (login answered 428): the e-mailed code, or the authenticator app's code
 * or a recovery code (method 'second-factor'); then as `useLogin`.
 */
export function useLoginWithCode(
  method: SignInStepMethod,
  landing: (role: Role) => string,
  rememberMe: boolean,
) {
  const enterSession = useEnterSession();
  return useMutation({
    mutationFn: (input: LoginCodeRequest) =>
      callApi(method === 'second-factor' ? ROUTES.auth.loginSecondFactor : ROUTES.auth.loginCode, {
        body: input,
        skipRefresh: true,
      }),
    onSuccess: (session) => {
      storeRole(session.user.role);
      storeRememberMe(rememberMe);
      enterSession(session, landing(session.user.role));
    },
  });
}
