import {
  API,
  type ChangePasswordRequest,
  type CodeRequest,
  type FlowStepResponse,
  type MessageResponse,
  type SessionUser,
  type UpdateMeRequest,
  type UpdateMeResponse,
} from '@bridge-talk/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, refreshSession } from '../../../shared/api/api-client.js';

export const meQuery = () =>
  queryOptions({ queryKey: ['auth', 'me'], queryFn: () => apiRequest<SessionUser>(API.auth.me) });

export const useMe = () => useQuery(meQuery());

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateMeRequest) =>
      apiRequest<UpdateMeResponse>(API.auth.meEdit, { method: 'PUT', body: input }),
    onSuccess: async () => {
      // The header shows the session's name: take a fresh session so it follows the change.
      await refreshSession();
      await queryClient.invalidateQueries({ queryKey: meQuery().queryKey });
    },
  });
}

export const useSendPasswordCode = () =>
  useMutation({ mutationFn: () => apiRequest<MessageResponse>(API.auth.accountCode, { method: 'POST' }) });

export const useVerifyPasswordCode = () =>
  useMutation({
    mutationFn: (input: CodeRequest) =>
      apiRequest<FlowStepResponse>(API.auth.accountVerify, { method: 'POST', body: input }),
  });

export const useChangePassword = () =>
  useMutation({
    mutationFn: (input: ChangePasswordRequest) =>
      apiRequest<MessageResponse>(API.auth.accountChange, { method: 'POST', body: input }),
  });
