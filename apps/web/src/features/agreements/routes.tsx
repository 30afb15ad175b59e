import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-page.js';

const AgreementPage = lazyPage(() => import('./agreement-page.js').then((m) => m.AgreementPage));
const AgreementEditPage = lazyPage(() => import('./agreement-edit-page.js').then((m) => m.AgreementEditPage));
const AgreementsDuePage = lazyPage(() => import('./agreements-due-page.js').then((m) => m.AgreementsDuePage));
const AgreementsSummaryPage = lazyPage(() =>
  import('./agreements-summary-page.js').then((m) => m.AgreementsSummaryPage),
);

/**
 * A family's contact agreement (entity): its items and windows (`?version=` an earlier one), and its
 * form; the caseworker's desk of the agreements overdue or due soon (`?page=` keeps the view); and the
 * agency's summary of a year (`?year=`, `?page=`). The paths are written out: the accessibility spec
 * reads them from here.
 */
export const agreementsRoutes: RouteObject[] = [
  { path: '/manage-families/:id/agreement', element: <AgreementPage /> },
  { path: '/manage-families/:id/agreement/edit', element: <AgreementEditPage /> },
  { path: '/agreements-due', element: <AgreementsDuePage /> },
  { path: '/agreements/summary', element: <AgreementsSummaryPage /> },
];
