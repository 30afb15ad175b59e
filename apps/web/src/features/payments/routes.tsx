import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-page.js';

const PaymentsPage = lazyPage(() => import('./payments-page.js').then((m) => m.PaymentsPage));
const NewPlanPage = lazyPage(() => import('./new-plan-page.js').then((m) => m.NewPlanPage));
const NewCouponPage = lazyPage(() => import('./new-coupon-page.js').then((m) => m.NewCouponPage));

/** /payments (admins): the Stripe dashboard button, or the local provider's plans and coupons. */
export const paymentsRoutes: RouteObject[] = [
  {
    path: '/payments',
    element: <PaymentsPage />,
  },
  {
    path: '/payments/plans/new',
    element: <NewPlanPage />,
  },
  {
    path: '/payments/coupons/new',
    element: <NewCouponPage />,
  },
];
