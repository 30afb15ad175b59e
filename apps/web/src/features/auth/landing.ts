import type { Role } from '@bridge-talk/contract';
import { HOME } from '../../shared/session/home.js';

/**
 * Where a user lands after signing in: the page that sent them to the login (a deep link opened
 * without a session), or the start page of the role. Only same-site paths are followed.
 */
export function landingAfterLogin(role: Role, from: string | undefined): string {
  const safe = from?.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login');
  return safe ? from! : HOME[role];
}
