import { API, type GroupMemberList, type SyncMembersRequest } from '@bridge-talk/contract';
import { apiRequest } from '../../../shared/api/api-client.js';

/** The family's final member list; the server makes the family's chat channels (POST /group/user/sync). */
export function syncMembers(input: SyncMembersRequest) {
  return apiRequest<GroupMemberList>(API.group.syncUsers, { method: 'POST', body: input });
}
