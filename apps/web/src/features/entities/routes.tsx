import type { RouteObject } from 'react-router';

/** Entity Management (admin): each screen's code loads when it is first opened. */
export const entitiesRoutes: RouteObject[] = [
  {
    path: '/entity-management',
    lazy: () => import('./entity-list-page.js').then((m) => ({ Component: m.EntityListPage })),
  },
  {
    path: '/entity-management/create',
    lazy: () => import('./create-entity-page.js').then((m) => ({ Component: m.CreateEntityPage })),
  },
  {
    path: '/entity-management/:id/details',
    lazy: () => import('./entity-details-page.js').then((m) => ({ Component: m.EntityDetailsPage })),
  },
  {
    path: '/entity-management/:id/edit',
    lazy: () => import('./edit-entity-page.js').then((m) => ({ Component: m.EditEntityPage })),
  },
];
