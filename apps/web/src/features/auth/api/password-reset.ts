import {
  type ForgotPasswordRequest,
  ROUTES,
  type SetPasswordRequest,
  type ValidateCodeRequest,
} from '@bridge-talk/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { useEnterSession } from '../../../shared/session/enter-session.js';
import { storeRememberMe, storeRole } from '../../../shared/session/storage.js';

function requestReset(input: ForgotPasswordRequest) {
  return callApi(ROUTES.auth.passwordRequest, { body: input, skipRefresh: true });
}

function validateCode(input: ValidateCodeRequest) {
  return callApi(ROUTES.auth.passwordValidate, { body: input, skipRefresh: true });
}

function setNewPassword(input: SetPasswordRequest) {
  return callApi(ROUTES.auth.passwordChange, { body: input, skipRefresh: true });
}

export const useRequestReset = () => useMutation({ mutationFn: requestReset });
export const useValidateCode = () => useMutation({ mutationFn: validateCode });

/** Sets the password and signs in, landing on `landing` of the role. */
export function useSetNewPassword(landing: string) {
  const enterSession = useEnterSession();
  return useMutation({
    mutationFn: setNewPassword,
    onSuccess: (session) => {
      storeRole(session.user.role);
      storeRememberMe(true);
      enterSession(session, landing);
    },
  });
}
