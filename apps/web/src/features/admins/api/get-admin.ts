import { type AdminUser, API } from '@bridge-talk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.js';
import { adminKeys } from './admin-keys.js';

/** One admin: the list call with `?id=`. */
export function getAdmin(id: string, signal?: AbortSignal) {
  return apiRequest<AdminUser>(`${API.admin.list}?${new URLSearchParams({ id })}`, { signal });
}

export const adminQuery = (id: string) =>
  queryOptions({ queryKey: adminKeys.detail(id), queryFn: ({ signal }) => getAdmin(id, signal) });

export const useAdmin = (id: string) => useQuery(adminQuery(id));
