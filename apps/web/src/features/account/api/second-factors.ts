import {
  type PasswordAgainRequest,
  ROUTES,
  type SecondFactorPolicy,
  type TotpConfirmRequest,
} from '@bridge-talk/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, refreshSession } from '../../../shared/api/api-client.js';
import { useSession } from '../../../shared/session/session-provider.js';

const secondFactorsQuery = () =>
  queryOptions({
    queryKey: ['auth', 'me', 'second-factors'],
    queryFn: ({ signal }) => callApi(ROUTES.secondFactors.list, { signal }),
  });

export const useSecondFactors = () => useQuery(secondFactorsQuery());

/** After a change the list is read again; a session that had to add a factor takes a full one. */
export function useAfterSecondFactorChange() {
  const queryClient = useQueryClient();
  const session = useSession();
  return async () => {
    if (session.user?.mustAddSecondFactor) await refreshSession();
    // The account's own answers: its factors and what /me says of them.
    await queryClient.invalidateQueries({ queryKey: ['auth', 'me'] });
  };
}

export const useStartTotp = () => useMutation({ mutationFn: () => callApi(ROUTES.secondFactors.totpStart) });

export function useConfirmTotp() {
  const afterChange = useAfterSecondFactorChange();
  return useMutation({
    mutationFn: (input: TotpConfirmRequest) => callApi(ROUTES.secondFactors.totpConfirm, { body: input }),
    onSuccess: afterChange,
  });
}

export function useRemoveSecondFactor() {
  const afterChange = useAfterSecondFactorChange();
  return useMutation({
    mutationFn: ({ id, password }: PasswordAgainRequest & { id: string }) =>
      callApi(ROUTES.secondFactors.remove, { params: { id }, body: { password } }),
    onSuccess: afterChange,
  });
}

export function useReplaceRecoveryCodes() {
  const afterChange = useAfterSecondFactorChange();
  return useMutation({
    mutationFn: (input: PasswordAgainRequest) => callApi(ROUTES.secondFactors.recoveryCodes, { body: input }),
    onSuccess: afterChange,
  });
}

const policyKey = ['admin', 'second-factor-policy'] as const;

export const useSecondFactorPolicy = () =>
  useQuery({
    queryKey: policyKey,
    queryFn: ({ signal }) => callApi(ROUTES.secondFactors.policy, { signal }),
  });

export function useSetSecondFactorPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SecondFactorPolicy) => callApi(ROUTES.secondFactors.policyEdit, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: policyKey }),
  });
}

export const useResetSecondFactor = () =>
  useMutation({ mutationFn: (id: string) => callApi(ROUTES.secondFactors.reset, { params: { id } }) });
