import {
  type AgreementResponse,
  type MarkAgreementWindowRequest,
  ROUTES,
  type SaveAgreementRequest,
} from '@bridge-talk/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUpload, callApi } from '../../../shared/api/api-client.js';
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
 * After a save, a mark or an attached file the answer is the current version: shown at once, the rest
 * asked again, with where the family now stands (the desk, the menu's count, the families list's column,
 * the year's summary) and the family's activity, which records each of them.
 */
function useTakeAnswer(groupId: string) {
  const queryClient = useQueryClient();
  return async (answer: AgreementResponse) => {
    void queryClient.invalidateQueries({ queryKey: agreementKeys.due() });
    void queryClient.invalidateQueries({ queryKey: agreementKeys.summary() });
    void queryClient.invalidateQueries({ queryKey: ['families', 'list'] });
    void queryClient.invalidateQueries({ queryKey: ['families', 'activity', groupId] });
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

/** Attaches the signed agreement to the current version, replacing the file it had. */
export function useAttachAgreementDocument(groupId: string) {
  const onSuccess = useTakeAnswer(groupId);
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiUpload(ROUTES.agreements.attachDocument, form, { params: { groupId } });
    },
    onSuccess,
  });
}
