import { ADMIN_PAGE_SIZE, MSG, ROUTES } from '@bridge-talk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, callApi } from '../../../shared/api/api-client.js';
import { adminKeys } from './admin-keys.js';

/** A page of admins: the list call with `?page=`, which answers a page rather than one admin. */
async function listAdmins(page: number, signal?: AbortSignal) {
  const answer = await callApi(ROUTES.admins.list, { query: { page, pageSize: ADMIN_PAGE_SIZE }, signal });
  if (!('result' in answer)) throw new ApiError(500, MSG.common.somethingWrong);
  return answer;
}

const adminListQuery = (page: number) =>
  queryOptions({
    queryKey: adminKeys.list(page),
    queryFn: ({ signal }) => listAdmins(page, signal),
    placeholderData: keepPreviousData,
  });

export const useAdminList = (page: number) => useQuery(adminListQuery(page));
