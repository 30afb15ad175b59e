import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-page.js';

const VerifyPage = lazyPage(() => import('./verify-page.js').then((m) => m.VerifyPage));

/** The public check of a transcript's fingerprint: the same page signed in or not. */
export const verifyRoutes: RouteObject[] = [
  { path: '/verify', element: <VerifyPage /> },
  { path: '/verify/:hash', element: <VerifyPage /> },
];
