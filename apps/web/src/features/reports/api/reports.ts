import {
  type ReopenReportRequest,
  type ReportAlertSetting,
  type ReportListQuery,
  type ReviewReportRequest,
  ROUTES,
} from '@bridge-talk/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';

export interface ReportListParams {
  state: 'all' | 'open' | 'reviewed';
  groupId: string | undefined;
  page: number;
}

/** Query keys of the desk: invalidating `all` refreshes the queue and the menu's count. */
const reportKeys = {
  all: ['reports'] as const,
  list: (params: ReportListParams) => [...reportKeys.all, 'list', params] as const,
  count: () => [...reportKeys.all, 'count'] as const,
  alerts: () => [...reportKeys.all, 'alerts'] as const,
};

const reportListQuery = (params: ReportListParams) =>
  queryOptions({
    queryKey: reportKeys.list(params),
    queryFn: ({ signal }) => {
      const query: ReportListQuery = { state: params.state, page: params.page, groupId: params.groupId };
      return callApi(ROUTES.reports.list, { query, signal });
    },
    placeholderData: keepPreviousData,
  });

export const useReportList = (params: ReportListParams) => useQuery(reportListQuery(params));

/** The side menu's count: asked again every minute and whenever the window regains focus. */
export const useOpenReportCount = () =>
  useQuery({
    queryKey: reportKeys.count(),
    queryFn: ({ signal }) => callApi(ROUTES.reports.count, { signal }),
    refetchInterval: 60_000,
  });

/** After a review or a reopening, the queue, the count and the family screens' '!' refresh. */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: reportKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['families'] }),
      queryClient.invalidateQueries({ queryKey: ['conversations'] }),
    ]);
}

export function useReviewReport() {
  const onSuccess = useRefreshAfterChange();
  return useMutation({
    mutationFn: ({ id, ...body }: ReviewReportRequest & { id: string }) =>
      callApi(ROUTES.reports.review, { params: { id }, body }),
    onSuccess,
  });
}

export function useReopenReport() {
  const onSuccess = useRefreshAfterChange();
  return useMutation({
    mutationFn: ({ id, ...body }: ReopenReportRequest & { id: string }) =>
      callApi(ROUTES.reports.reopen, { params: { id }, body }),
    onSuccess,
  });
}

export const useReportAlerts = () =>
  useQuery({
    queryKey: reportKeys.alerts(),
    queryFn: ({ signal }) => callApi(ROUTES.reports.alerts, { signal }),
  });

export function useSaveReportAlerts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportAlertSetting) => callApi(ROUTES.reports.setAlerts, { body }),
    onSuccess: (_answer, body) => queryClient.setQueryData(reportKeys.alerts(), body),
  });
}

/** The entity's families whose name or e-mail holds the words, for the family filter. */
export const useFamilyChoices = (search: string) =>
  useQuery({
    queryKey: [...reportKeys.all, 'families', search],
    queryFn: ({ signal }) =>
      callApi(ROUTES.families.list, {
        query: { page: 1, pageSize: 20, search: search || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
