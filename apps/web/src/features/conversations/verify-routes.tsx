import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-page.js';

const VerifyPage = lazyPage(() => import('./verify-page.js').then((m) => m.VerifyPage));

/**
 * The public check of a transcript's or an agreement report's fingerprint: the same page signed in or
 * not. One route with an optional fingerprint, so that choosing a file on /verify keeps the page (and
 * the file it checked).
 */
export const verifyRoutes: RouteObject[] = [{ path: '/verify/:hash?', element: <VerifyPage /> }];
