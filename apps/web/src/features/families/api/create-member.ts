import { API, type CreateMemberUserRequest, type MemberUser } from '@bridge-talk/contract';
import { apiRequest } from '../../../shared/api/api-client.js';

/** A new person in the family, in the role `subtype` (POST /group/user/create). */
export function createMember(input: CreateMemberUserRequest) {
  return apiRequest<MemberUser>(API.group.createUser, { method: 'POST', body: input });
}
