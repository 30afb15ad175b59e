import type { RouteObject } from 'react-router';

/**
 * Terms and Conditions (admin). The editor route is a separate lazy chunk: the rich-text editor it
 * bundles is downloaded by that page only.
 */
export const termsRoutes: RouteObject[] = [
  {
    path: '/terms-conditions',
    lazy: () => import('./terms-page.js').then((m) => ({ Component: m.TermsPage })),
  },
  {
    path: '/terms-conditions/:id',
    lazy: () => import('./terms-editor-page.js').then((m) => ({ Component: m.TermsEditorPage })),
  },
];
