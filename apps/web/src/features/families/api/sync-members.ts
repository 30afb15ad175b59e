import { ROUTES, type SyncMembersRequest } from '@bridge-talk/contract';
import { callApi } from '../../../shared/api/api-client.js';

/** The family's final member list; the server makes the family's chat channels (POST /group/user/sync). */
export function syncMembers(input: SyncMembersRequest) {
  return callApi(ROUTES.group.syncUsers, { body: input });
}
