// What the web app keeps in local storage: no credential at all, only the role (for the logged-out
// paths and the choice of route table), 'Remember me', and the add-family wizard's group id. In
// session storage (this tab, until it closes or the session ends): the drafts of the wizard's plan
// and family steps, so a reload or a way back to the card does not lose what was typed (names, the
// plan chosen, a coupon code and e-mails; never card data).
import type { Role } from '@bridge-talk/contract';

// index.html reads the role under this key too (its early session restore).
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

/** The wizard's steps that keep a draft: the child's name and plan, and the family's people. */
export type WizardDraftStep = 'plan' | 'family';
const DRAFT_PREFIX: Record<WizardDraftStep, string> = { plan: 'planDraft:', family: 'familyDraft:' };
const draftKey = (step: WizardDraftStep, groupId: string) => `${DRAFT_PREFIX[step]}${groupId}`;

/** The kept draft of a wizard step of a family, as stored (the caller checks its shape), or null. */
export function storedWizardDraft(step: WizardDraftStep, groupId: string): unknown {
  const raw = sessionStorage.getItem(draftKey(step, groupId));
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

export function storeWizardDraft(step: WizardDraftStep, groupId: string, draft: unknown): void {
  if (draft === null) sessionStorage.removeItem(draftKey(step, groupId));
  else sessionStorage.setItem(draftKey(step, groupId), JSON.stringify(draft));
}

/** Forgets every wizard draft (the wizard was started over). */
export function clearFamilyDrafts(): void {
  const prefixes = Object.values(DRAFT_PREFIX);
  for (const key of Object.keys(sessionStorage)) {
    if (prefixes.some((prefix) => key.startsWith(prefix))) sessionStorage.removeItem(key);
  }
}

export function clearStorage(): void {
  localStorage.clear();
  sessionStorage.clear();
}
