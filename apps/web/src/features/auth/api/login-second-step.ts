// The second step of a sign-in (login answered 428), loaded with its screen only: the login page's own
// download carries none of it.
import {
  type LoginCodeRequest,
  type LoginPasskeyOptionsRequest,
  ROUTES,
  type Role,
  type SessionResponse,
  type SignInStepMethod,
} from '@bridge-talk/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { signWithPasskey } from '../../../shared/security/passkey-prompts.js';
import { useEnterSession } from '../../../shared/session/enter-session.js';
import { storeRememberMe, storeRole } from '../../../shared/session/storage.js';

/** A second step's session: kept as its sign-in's 'Remember me' said, then `landing(role)` opens. */
function useEnterSecondStepSession(landing: (role: Role) => string, rememberMe: boolean) {
  const enterSession = useEnterSession();
  return (session: SessionResponse) => {
    storeRole(session.user.role);
    storeRememberMe(rememberMe);
    enterSession(session, landing(session.user.role));
  };
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
  return useMutation({
    mutationFn: (input: LoginCodeRequest) =>
      callApi(method === 'second-factor' ? ROUTES.auth.loginSecondFactor : ROUTES.auth.loginCode, {
        body: input,
        skipRefresh: true,
      }),
    onSuccess: useEnterSecondStepSession(landing, rememberMe),
  });
}

/**
 * The same step with a passkey: the server's challenge, the browser's prompt (a PasskeyPromptError
 * when it is closed or fails), then its signed answer; then as `useLogin`.
 */
export function useLoginWithPasskey(landing: (role: Role) => string, rememberMe: boolean) {
  return useMutation({
    mutationFn: async (input: LoginPasskeyOptionsRequest) => {
      const { challengeId, options } = await callApi(ROUTES.auth.loginPasskeyOptions, {
        body: input,
        skipRefresh: true,
      });
      const response = await signWithPasskey(options);
      return callApi(ROUTES.auth.loginPasskey, {
        body: { ...input, challengeId, response },
        skipRefresh: true,
      });
    },
    onSuccess: useEnterSecondStepSession(landing, rememberMe),
  });
}
