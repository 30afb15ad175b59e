import { API, apiPath, type EditMemberUserRequest, type MemberUser } from '@bridge-talk/contract';
import { apiRequest } from '../../../shared/api/api-client.js';

/** Renames, re-addresses or moves a person of the family (PUT /group/user/edit/{userId}). */
export function editMember(userId: string, input: EditMemberUserRequest) {
  return apiRequest<MemberUser>(apiPath(API.group.editUser, { userId }), { method: 'PUT', body: input });
}
