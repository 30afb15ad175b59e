import { API, type MessageResponse, type RegisterRequest } from '@bridge-talk/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.js';

export function register(input: RegisterRequest) {
  return apiRequest<MessageResponse>(API.auth.register, { method: 'POST', body: input, skipRefresh: true });
}

export const useRegister = () => useMutation({ mutationFn: register });
