import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-page.js';

const ReportsPage = lazyPage(() => import('./reports-page.js').then((m) => m.ReportsPage));

/** The caseworker's desk (entity): every reported message of the entity's families. */
export const reportsRoutes: RouteObject[] = [
  // Open ones first; `?state=`, `?family=` and `?page=` keep the view.
  { path: '/reports', element: <ReportsPage /> },
];
