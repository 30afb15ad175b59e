// Query keys of the payments administration.
export const paymentsKeys = {
  all: ['payments'] as const,
  config: () => [...paymentsKeys.all, 'config'] as const,
  plans: () => [...paymentsKeys.all, 'plans'] as const,
  coupons: () => [...paymentsKeys.all, 'coupons'] as const,
};
