import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-page.js';

const AccountSettingsPage = lazyPage(() =>
  import('./account-settings-page.js').then((m) => m.AccountSettingsPage),
);
const ChangePasswordPage = lazyPage(() =>
  import('./change-password-page.js').then((m) => m.ChangePasswordPage),
);

/** Account settings and its password change, for both roles. */
export const accountRoutes: RouteObject[] = [
  {
    path: '/account-settings',
    element: <AccountSettingsPage />,
  },
  {
    path: '/account-settings/:id/change-password',
    element: <ChangePasswordPage />,
  },
];
