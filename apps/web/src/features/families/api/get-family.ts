import { ROUTES } from '@bridge-talk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.js';
import { familyKeys } from './family-keys.js';

/** One family: its name, payment e-mail and plan (one-time or monthly). */
const familyQuery = (id: string) =>
  queryOptions({
    queryKey: familyKeys.detail(id),
    queryFn: ({ signal }) => callApi(ROUTES.families.byId, { params: { id }, signal }),
  });

export const useFamily = (id: string, options: { enabled?: boolean } = {}) =>
  useQuery({ ...familyQuery(id), enabled: options.enabled ?? true });
