// What the web app keeps in local storage: no credential at all, only the role (for the logged-out
// paths and the choice of route table), 'Remember me', and the add-family wizard's group id.
import type { Role } from '@bridge-talk/contract';

const KEYS = { role: 'role', rememberMe: 'rememberMe', groupId: 'groupId' } as const;

export function storedRole(): Role | null {
  const role = localStorage.getItem(KEYS.role);
  return role === 'admin' || role === 'entity' ? role : null;
}

export function storeRole(role: Role): void {
  localStorage.setItem(KEYS.role, role);
}

export function storeRememberMe(rememberMe: boolean): void {
  localStorage.setItem(KEYS.rememberMe, String(rememberMe));
}

export function storedRememberMe(): boolean | null {
  const value = localStorage.getItem(KEYS.rememberMe);
  return value === null ? null : value === 'true';
}

export function storedGroupId(): string | null {
  return localStorage.getItem(KEYS.groupId);
}

export function storeGroupId(groupId: string | null): void {
  if (groupId) localStorage.setItem(KEYS.groupId, groupId);
  else localStorage.removeItem(KEYS.groupId);
}

export function clearStorage(): void {
  localStorage.clear();
  sessionStorage.clear();
}
