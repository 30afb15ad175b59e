import { type EditMemberUserRequest, ROUTES } from '@bridge-talk/contract';
import { callApi } from '../../../shared/api/api-client.js';

/** Renames, re-addresses or moves a person of the family (PUT /group/user/edit/{userId}). */
export function editMember(userId: string, input: EditMemberUserRequest) {
  return callApi(ROUTES.group.editUser, { params: { userId }, body: input });
}
