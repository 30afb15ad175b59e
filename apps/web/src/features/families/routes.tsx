import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-page.js';

const FamilyListPage = lazyPage(() => import('./family-list-page.js').then((m) => m.FamilyListPage));
const FamilyPage = lazyPage(() => import('./family-page.js').then((m) => m.FamilyPage));
const UpdateBillingPage = lazyPage(() => import('./update-billing-page.js').then((m) => m.UpdateBillingPage));
const UpdatePlanPage = lazyPage(() => import('./update-plan-page.js').then((m) => m.UpdatePlanPage));
const UpdateFamiliesPage = lazyPage(() =>
  import('./update-families-page.js').then((m) => m.UpdateFamiliesPage),
);
const EditFamilyPage = lazyPage(() => import('./edit-family-page.js').then((m) => m.EditFamilyPage));
const FamilyActivityPage = lazyPage(() =>
  import('./family-activity-page.js').then((m) => m.FamilyActivityPage),
);
const AddFamilyPage = lazyPage(() => import('./add-family-page.js').then((m) => m.AddFamilyPage));

/** Manage Families and Add New Family (entity): each screen's code loads when it is first opened. */
export const familiesRoutes: RouteObject[] = [
  {
    path: '/manage-families',
    element: <FamilyListPage />,
  },
  {
    path: '/manage-families/:id/details',
    element: <FamilyPage />,
  },
  {
    path: '/manage-families/:id/edit',
    element: <FamilyPage />,
  },
  {
    path: '/manage-families/:id/update-billing',
    element: <UpdateBillingPage />,
  },
  {
    path: '/manage-families/:id/update-plan',
    element: <UpdatePlanPage />,
  },
  {
    path: '/manage-families/:id/update-families',
    element: <UpdateFamiliesPage />,
  },
  {
    path: '/manage-families/:id/edit-group',
    element: <EditFamilyPage />,
  },
  {
    path: '/manage-families/:id/activity',
    element: <FamilyActivityPage />,
  },
  {
    path: '/add-new-family',
    element: <AddFamilyPage />,
  },
];
