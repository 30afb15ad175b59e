import {
  type AgreementResponse,
  type MarkAgreementWindowRequest,
  ROUTES,
  type SaveAgreementRequest,
} from '@bridge-talk/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { agreementKeys } from './agreement-keys.js';

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

/**
 * After a save or a mark the answer is the current version: shown at once, the rest asked again, with
 * where the family now stands (the desk, the menu's count, the families list's column).
 */
function useTakeAnswer(groupId: string) {
  const queryClient = useQueryClient();
  return async (answer: AgreementResponse) => {
    void queryClient.invalidateQueries({ queryKey: agreementKeys.due() });
    void queryClient.invalidateQueries({ queryKey: ['families', 'list'] });
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
