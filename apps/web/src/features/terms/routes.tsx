import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-page.js';

const TermsPage = lazyPage(() => import('./terms-page.js').then((m) => m.TermsPage));
const TermsEditorPage = lazyPage(() => import('./terms-editor-page.js').then((m) => m.TermsEditorPage));

/**
 * Terms and Conditions (admin). The editor route is a separate lazy chunk: the rich-text editor it
 * bundles is downloaded by that page only.
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
];
