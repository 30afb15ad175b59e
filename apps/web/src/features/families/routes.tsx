import type { RouteObject } from 'react-router';

/** Manage Families and Add New Family (entity): each screen's code loads when it is first opened. */
export const familiesRoutes: RouteObject[] = [
  {
    path: '/manage-families',
    lazy: () => import('./family-list-page.js').then((m) => ({ Component: m.FamilyListPage })),
  },
  {
    path: '/manage-families/:id/details',
    lazy: () => import('./family-page.js').then((m) => ({ Component: m.FamilyPage })),
  },
  {
    path: '/manage-families/:id/edit',
    lazy: () => import('./family-page.js').then((m) => ({ Component: m.FamilyPage })),
  },
  {
    path: '/manage-families/:id/update-billing',
    lazy: () => import('./update-billing-page.js').then((m) => ({ Component: m.UpdateBillingPage })),
  },
  {
    path: '/manage-families/:id/update-plan',
    lazy: () => import('./update-plan-page.js').then((m) => ({ Component: m.UpdatePlanPage })),
  },
  {
    path: '/manage-families/:id/update-families',
    lazy: () => import('./update-families-page.js').then((m) => ({ Component: m.UpdateFamiliesPage })),
  },
  {
    path: '/manage-families/:id/edit-group',
    lazy: () => import('./edit-group-page.js').then((m) => ({ Component: m.EditGroupPage })),
  },
  {
    path: '/add-new-family',
    lazy: () => import('./add-family-page.js').then((m) => ({ Component: m.AddFamilyPage })),
  },
];
