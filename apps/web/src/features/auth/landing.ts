import type { Role } from '@bridge-talk/contract';
import { HOME } from '../../shared/session/home.js';

/**
 * Where a user lands after signing in: the page that sent them to the login (a deep link opened
 * without a session), or the start page of the role. Only a path on this origin is followed: the
 * address is resolved the way the browser would resolve it (so '/\evil.com' is refused).
 */
export function landingAfterLogin(role: Role, from: string | undefined): string {
  if (!from?.startsWith('/')) return HOME[role];
  try {
    const url = new URL(from, window.location.origin);
    if (url.origin !== window.location.origin || url.pathname.startsWith('/login')) return HOME[role];
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return HOME[role];
  }
}
