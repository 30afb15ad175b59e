import {
  type ChangePasswordRequest,
  type CodeRequest,
  ROUTES,
  type UpdateMeRequest,
} from '@bridge-talk/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, refreshSession } from '../../../shared/api/api-client.js';

const meQuery = () =>
  queryOptions({ queryKey: ['auth', 'me'], queryFn: ({ signal }) => callApi(ROUTES.auth.me, { signal }) });

export const useMe = () => useQuery(meQuery());

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateMeRequest) => callApi(ROUTES.auth.meEdit, { body: input }),
    onSuccess: async () => {
      // The header shows the session's name: take a fresh session so it follows the change.
      await refreshSession();
      await queryClient.invalidateQueries({ queryKey: meQuery().queryKey });
    },
  });
}

export const useSendPasswordCode = () => useMutation({ mutationFn: () => callApi(ROUTES.auth.accountCode) });

export const useVerifyPasswordCode = () =>
  useMutation({ mutationFn: (input: CodeRequest) => callApi(ROUTES.auth.accountVerify, { body: input }) });

export const useChangePassword = () =>
  useMutation({
    mutationFn: (input: ChangePasswordRequest) => callApi(ROUTES.auth.accountChange, { body: input }),
  });
