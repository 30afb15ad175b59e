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

/** A platform administrator. */
export const ADMIN_USER: SessionUser = {
  _id: 'a1',
  name: 'Ada Admin',
  email: 'ada@example.com',
  role: 'admin',
  subtype: 'admin',
  entityName: null,
  coupon: null,
};

/** What a sign-in answers for `user`. */
export function sessionOf(user: SessionUser, accessToken = `token-${user._id}`): SessionResponse {
  return { accessToken, expiresIn: 900, message: MSG.auth.loginSuccess, user };
}
