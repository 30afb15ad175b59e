import type { RouteObject } from 'react-router';

/** Account settings and its password change, for both roles. */
export const accountRoutes: RouteObject[] = [
  {
    path: '/account-settings',
    lazy: () => import('./account-settings-page.js').then((m) => ({ Component: m.AccountSettingsPage })),
  },
  {
    path: '/account-settings/:id/change-password',
    lazy: () => import('./change-password-page.js').then((m) => ({ Component: m.ChangePasswordPage })),
  },
];
