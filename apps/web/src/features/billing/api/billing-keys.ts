// Query keys of billing: invalidating `all` refreshes plans, coupons and every group's billing.
export const billingKeys = {
  all: ['billing'] as const,
  plans: () => [...billingKeys.all, 'plans'] as const,
  details: (groupId: string) => [...billingKeys.all, 'details', groupId] as const,
};

/** A fresh key for one submit; the same key on a repeat makes the server answer, not act, again. */
export function newIdempotencyKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
