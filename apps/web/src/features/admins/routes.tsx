import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-page.js';

const AdminListPage = lazyPage(() => import('./admin-list-page.js').then((m) => m.AdminListPage));
const CreateAdminPage = lazyPage(() => import('./create-admin-page.js').then((m) => m.CreateAdminPage));
const EditAdminPage = lazyPage(() => import('./edit-admin-page.js').then((m) => m.EditAdminPage));

/** Bridge Talk Admin (admin): each screen's code loads when it is first opened. */
export const adminsRoutes: RouteObject[] = [
  {
    path: '/bridge-talk-admin',
    element: <AdminListPage />,
  },
  {
    path: '/bridge-talk-admin/create',
    element: <CreateAdminPage />,
  },
  {
    path: '/bridge-talk-admin/:id/edit',
    element: <EditAdminPage />,
  },
];
