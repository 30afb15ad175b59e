import type { RouteObject } from 'react-router';

/** Bridge Talk Admin (admin): each screen's code loads when it is first opened. */
export const adminsRoutes: RouteObject[] = [
  {
    path: '/bridge-talk-admin',
    lazy: () => import('./admin-list-page.js').then((m) => ({ Component: m.AdminListPage })),
  },
  {
    path: '/bridge-talk-admin/create',
    lazy: () => import('./create-admin-page.js').then((m) => ({ Component: m.CreateAdminPage })),
  },
  {
    path: '/bridge-talk-admin/:id/edit',
    lazy: () => import('./edit-admin-page.js').then((m) => ({ Component: m.EditAdminPage })),
  },
];
