import { ADMIN_PAGE_SIZE, type AdminListResponse, API } from '@bridge-talk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.js';
import { adminKeys } from './admin-keys.js';

export function listAdmins(page: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(page), pageSize: String(ADMIN_PAGE_SIZE) });
  return apiRequest<AdminListResponse>(`${API.admin.list}?${query}`, { signal });
}

export const adminListQuery = (page: number) =>
  queryOptions({
    queryKey: adminKeys.list(page),
    queryFn: ({ signal }) => listAdmins(page, signal),
    placeholderData: keepPreviousData,
  });

export const useAdminList = (page: number) => useQuery(adminListQuery(page));
