import { type RegisterRequest, ROUTES } from '@bridge-talk/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';

function register(input: RegisterRequest) {
  return callApi(ROUTES.auth.register, { body: input, skipRefresh: true });
}

export const useRegister = () => useMutation({ mutationFn: register });
