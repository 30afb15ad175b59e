import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/routing/lazy-page.js';

const PlatformActivityPage = lazyPage(() =>
  import('./platform-activity-page.js').then((m) => m.PlatformActivityPage),
);

/** Platform activity (admin): its code loads when it is first opened. */
export const activityRoutes: RouteObject[] = [
  {
    path: '/activity',
    element: <PlatformActivityPage />,
  },
];
