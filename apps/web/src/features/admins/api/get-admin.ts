import { MSG, ROUTES } from '@bridge-talk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, callApi } from '../../../shared/api/api-client.js';
import { adminKeys } from './admin-keys.js';

/** One admin: the list call with `?id=`, which answers that admin rather than a page. */
async function getAdmin(id: string, signal?: AbortSignal) {
  const answer = await callApi(ROUTES.admins.list, { query: { id }, signal });
  if ('result' in answer) throw new ApiError(404, MSG.extra.notFound);
  return answer;
}

const adminQuery = (id: string) =>
  queryOptions({ queryKey: adminKeys.detail(id), queryFn: ({ signal }) => getAdmin(id, signal) });

export const useAdmin = (id: string) => useQuery(adminQuery(id));
