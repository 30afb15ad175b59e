import { type CreateMemberUserRequest, ROUTES } from '@bridge-talk/contract';
import { callApi } from '../../../shared/api/api-client.js';

/** A new person in the family, in the role `subtype` (POST /group/user/create). */
export function createMember(input: CreateMemberUserRequest) {
  return callApi(ROUTES.group.createUser, { body: input });
}
