import { type AddMemberRequest, ROUTES } from '@bridge-talk/contract';
import { callApi } from '../../../shared/api/api-client.js';

/** Links an existing person (found by e-mail) to the family (POST /group/member/add). */
export function addMember(input: AddMemberRequest) {
  return callApi(ROUTES.group.addMember, { body: input });
}
