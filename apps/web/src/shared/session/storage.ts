// What the web app keeps in local storage: no credential at all, only the role (for the logged-out
// paths and the choice of route table), 'Remember me', and the add-family wizard's group id. In
// session storage (this tab, until it closes or the session ends): the draft of the wizard's family
// step, so a reload does not lose what was typed (names and e-mails; never card data).
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

export function storedGroupId(): string | null {
  return localStorage.getItem(KEYS.groupId);
}

export function storeGroupId(groupId: string | null): void {
  if (groupId) localStorage.setItem(KEYS.groupId, groupId);
  else localStorage.removeItem(KEYS.groupId);
}

const draftKey = (groupId: string) => `familyDraft:${groupId}`;

/** The kept draft of a family's details, as stored (the caller checks its shape), or null. */
export function storedFamilyDraft(groupId: string): unknown {
  const raw = sessionStorage.getItem(draftKey(groupId));
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

export function storeFamilyDraft(groupId: string, draft: unknown): void {
  if (draft === null) sessionStorage.removeItem(draftKey(groupId));
  else sessionStorage.setItem(draftKey(groupId), JSON.stringify(draft));
}

/** Forgets every family draft (the wizard was started over). */
export function clearFamilyDrafts(): void {
  for (const key of Object.keys(sessionStorage)) {
    if (key.startsWith('familyDraft:')) sessionStorage.removeItem(key);
  }
}

export function clearStorage(): void {
  localStorage.clear();
  sessionStorage.clear();
}
