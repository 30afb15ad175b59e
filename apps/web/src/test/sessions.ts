// The signed-in users and sessions the component tests share.
import { MSG, type SessionResponse, type SessionUser } from '@bridge-talk/contract';

/** An agency's sign-in person. */
export const ENTITY_USER: SessionUser = {
  _id: 'e1',
  name: 'Erin Entity',
  email: 'erin@example.com',
  role: 'entity',
  subtype: 'agency',
  entityName: 'Open Arms',
  coupon: null,
};

/** What a sign-in answers for `user`. */
export function sessionOf(user: SessionUser, accessToken = `token-${user._id}`): SessionResponse {
  return { accessToken, expiresIn: 900, message: MSG.auth.loginSuccess, user };
}
