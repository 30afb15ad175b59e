import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-page.js';

const TermsPage = lazyPage(() => import('./terms-page.js').then((m) => m.TermsPage));
const TermsEditorPage = lazyPage(() => import('./terms-editor-page.js').then((m) => m.TermsEditorPage));
const TermsVersionPage = lazyPage(() => import('./terms-version-page.js').then((m) => m.TermsVersionPage));

/**
 * Terms and Conditions and the privacy policy (admin), and their earlier versions. The editor route is
 * a separate lazy chunk: the rich-text editor it bundles is downloaded by that page only.
 */
export const termsRoutes: RouteObject[] = [
  {
    path: '/terms-conditions',
    element: <TermsPage />,
  },
  {
    path: '/terms-conditions/:id',
    element: <TermsEditorPage />,
  },
  {
    path: '/terms-conditions/versions/:id',
    element: <TermsVersionPage />,
  },
];
