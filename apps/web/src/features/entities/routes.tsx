import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-page.js';

const EntityListPage = lazyPage(() => import('./entity-list-page.js').then((m) => m.EntityListPage));
const CreateEntityPage = lazyPage(() => import('./create-entity-page.js').then((m) => m.CreateEntityPage));
const EntityDetailsPage = lazyPage(() => import('./entity-details-page.js').then((m) => m.EntityDetailsPage));
const EditEntityPage = lazyPage(() => import('./edit-entity-page.js').then((m) => m.EditEntityPage));

/** Entity Management (admin): each screen's code loads when it is first opened. */
export const entitiesRoutes: RouteObject[] = [
  {
    path: '/entity-management',
    element: <EntityListPage />,
  },
  {
    path: '/entity-management/create',
    element: <CreateEntityPage />,
  },
  {
    path: '/entity-management/:id/details',
    element: <EntityDetailsPage />,
  },
  {
    path: '/entity-management/:id/edit',
    element: <EditEntityPage />,
  },
];
