import { type AddMemberRequest, API, type MemberUser } from '@bridge-talk/contract';
import { apiRequest } from '../../../shared/api/api-client.js';

/** Links an existing person (found by e-mail) to the family (POST /group/member/add). */
export function addMember(input: AddMemberRequest) {
  return apiRequest<MemberUser>(API.group.addMember, { method: 'POST', body: input });
}
