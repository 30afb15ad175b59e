// Which pages hold unsaved changes, and a session end kept on screen because one does: a small store
// the API client and the session read (the login page loads them), apart from the guard's dialogs
// (unsaved-changes.tsx), which only the signed-in frame loads.
import type { Role } from '@bridge-talk/contract';
import { useEffect, useSyncExternalStore } from 'react';
import type { SessionEnd } from '../session/session-end.js';

const holders = new Set<symbol>();

/** Whether a form of this page holds changes not saved yet. */
export function hasUnsavedChanges(): boolean {
  return holders.size > 0;
}

/** Marks this page as holding unsaved changes while `dirty` is true. */
export function useUnsavedChanges(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const holder = Symbol('unsaved changes');
    holders.add(holder);
    return () => {
      holders.delete(holder);
    };
  }, [dirty]);
}

export interface HeldSessionEnd {
  role: Role;
  end: SessionEnd;
}

let heldEnd: HeldSessionEnd | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

/**
 * A session that ended while this page holds unsaved changes: kept on screen with a word instead of
 * leaving for the login page. False when nothing is unsaved (then the caller leaves as usual).
 */
export function holdSessionEnd(role: Role, end: SessionEnd): boolean {
  if (!hasUnsavedChanges()) return false;
  heldEnd = { role, end };
  emit();
  return true;
}

export function useHeldSessionEnd(): HeldSessionEnd | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => heldEnd,
  );
}

/** The held session end was read: the page goes back to the changes. */
export function releaseSessionEnd(): void {
  heldEnd = null;
  emit();
}

/** The person chose to leave without saving: nothing holds the page any more. */
export function dropUnsavedChanges(): void {
  holders.clear();
}
