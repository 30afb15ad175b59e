import {
  type AgreementResponse,
  type MarkAgreementWindowRequest,
  ROUTES,
  type SaveAgreementRequest,
} from '@bridge-talk/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';

/** Query keys of a family's agreement: invalidating `family` refreshes its current and past versions. */
const agreementKeys = {
  family: (groupId: string) => ['agreements', groupId] as const,
  version: (groupId: string, version: number | undefined) =>
    [...agreementKeys.family(groupId), version ?? 'current'] as const,
};

const agreementQuery = (groupId: string, version?: number) =>
  queryOptions({
    queryKey: agreementKeys.version(groupId, version),
    queryFn: ({ signal }) =>
      callApi(ROUTES.agreements.get, {
        params: { groupId },
        query: version === undefined ? {} : { version },
        signal,
      }),
    // Another version keeps the page in place while it loads, instead of emptying it.
    placeholderData: keepPreviousData,
  });

/** The current version, or `version`; `agreement` is null while the family has none. */
export const useAgreement = (groupId: string, version?: number) => useQuery(agreementQuery(groupId, version));

/** After a save or a mark the answer is the current version: shown at once, the rest asked again. */
function useTakeAnswer(groupId: string) {
  const queryClient = useQueryClient();
  return async (answer: AgreementResponse) => {
    await queryClient.invalidateQueries({ queryKey: agreementKeys.family(groupId) });
    queryClient.setQueryData(agreementKeys.version(groupId, undefined), answer);
  };
}

export function useSaveAgreement(groupId: string) {
  const onSuccess = useTakeAnswer(groupId);
  return useMutation({
    mutationFn: (body: SaveAgreementRequest) =>
      callApi(ROUTES.agreements.save, { params: { groupId }, body }),
    onSuccess,
  });
}

export function useMarkWindow(groupId: string) {
  const onSuccess = useTakeAnswer(groupId);
  return useMutation({
    mutationFn: (body: MarkAgreementWindowRequest) =>
      callApi(ROUTES.agreements.mark, { params: { groupId }, body }),
    onSuccess,
  });
}
