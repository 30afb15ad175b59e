import type { RouteObject } from 'react-router';

/** /payments (admins): the Stripe dashboard button, or the local provider's plans and coupons. */
export const paymentsRoutes: RouteObject[] = [
  {
    path: '/payments',
    lazy: () => import('./payments-page.js').then((m) => ({ Component: m.PaymentsPage })),
  },
  {
    path: '/payments/plans/new',
    lazy: () => import('./new-plan-page.js').then((m) => ({ Component: m.NewPlanPage })),
  },
  {
    path: '/payments/coupons/new',
    lazy: () => import('./new-coupon-page.js').then((m) => ({ Component: m.NewCouponPage })),
  },
];
