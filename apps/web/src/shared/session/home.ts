import type { Role } from '@bridge-talk/contract';

/** Where each role lands after signing in, and what `/` opens. */
export const HOME: Record<Role, string> = {
  admin: '/entity-management',
  entity: '/manage-families',
};
