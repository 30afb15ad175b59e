// Three route tables — logged out, admin, entity — chosen by the session. A role never gets the other
// role's routes; the server enforces the same on every API call.
import type { Role } from '@bridge-talk/contract';
import type { ComponentType } from 'react';
import { matchRoutes, Navigate, type RouteObject, useLocation, useParams } from 'react-router';
import { accountRoutes } from '../features/account/routes.js';
import { activityRoutes } from '../features/activity/routes.js';
import { adminsRoutes } from '../features/admins/routes.js';
import { agreementsRoutes } from '../features/agreements/routes.js';
import { isRole } from '../features/auth/flow-navigation.js';
import { LoginPage } from '../features/auth/login-page.js';
import { conversationsRoutes } from '../features/conversations/routes.js';
import { verifyRoutes } from '../features/conversations/verify-routes.js';
import { entitiesRoutes } from '../features/entities/routes.js';
import { familiesRoutes } from '../features/families/routes.js';
import { paymentsRoutes } from '../features/payments/routes.js';
import { reportsRoutes } from '../features/reports/routes.js';
import { termsRoutes } from '../features/terms/routes.js';
import { lazyPage, preloadElement } from '../shared/routing/lazy-page.js';
import { HOME } from '../shared/session/home.js';
import { storedRole } from '../shared/session/storage.js';

/** A logged-out page of a role taken from the path; an unknown role goes to the entity login. */
function WithRole({ page: Page }: { page: ComponentType<{ role: Role }> }) {
  const { role } = useParams();
  return isRole(role) ? <Page key={role} role={role} /> : <Navigate to="/login/entity" replace />;
}

// Logged-out screens other than the login load when first opened: the login page is the one every
// visit starts on, so only its code is in the first download.
const ForgotPasswordPage = lazyPage(() =>
  import('../features/auth/forgot-password-page.js').then((m) => m.ForgotPasswordPage),
);
const ActivationCodePage = lazyPage(() =>
  import('../features/auth/activation-code-page.js').then((m) => m.ActivationCodePage),
);
const NewPasswordPage = lazyPage(() =>
  import('../features/auth/new-password-page.js').then((m) => m.NewPasswordPage),
);
const SignupPage = lazyPage(() => import('../features/auth/signup-page.js').then((m) => m.SignupPage));
const PageFrame = lazyPage(() => import('./page-frame.js').then((m) => m.PageFrame));
const NotFoundPage = lazyPage(() => import('./not-found-page.js').then((m) => m.NotFoundPage));

const adminFeatures: RouteObject[] = [
  ...entitiesRoutes,
  ...adminsRoutes,
  ...termsRoutes,
  ...paymentsRoutes,
  ...activityRoutes,
];
const entityFeatures: RouteObject[] = [
  ...familiesRoutes,
  ...agreementsRoutes,
  ...conversationsRoutes,
  ...reportsRoutes,
];

/** The role whose screens include this path; null for a path both roles have (account settings). */
function roleOfPath(pathname: string): Role | null {
  if (matchRoutes(adminFeatures, pathname)) return 'admin';
  if (matchRoutes(entityFeatures, pathname)) return 'entity';
  return null;
}

/**
 * An address that needs a session: go to the login of the role whose screen it is (a bookmark of an
 * admin page after logout goes to the admin login), else of the last role, and come back after.
 */
function ToLogin() {
  const location = useLocation();
  return (
    <Navigate
      to={`/login/${roleOfPath(location.pathname) ?? storedRole() ?? 'entity'}`}
      replace
      state={{ from: `${location.pathname}${location.search}` }}
    />
  );
}

/** A signed-in user who opens a login page goes to the start page of the role. */
function AfterLogin({ role }: { role: Role }) {
  return <Navigate to={HOME[role]} replace />;
}

export const loggedOutRoutes: RouteObject[] = [
  { path: '/', element: <Navigate to="/login/entity" replace /> },
  { path: '/login/:role', element: <WithRole page={LoginPage} /> },
  { path: '/forgot-password/:role', element: <WithRole page={ForgotPasswordPage} /> },
  { path: '/activation-code/:role', element: <WithRole page={ActivationCodePage} /> },
  { path: '/new-password/:role', element: <WithRole page={NewPasswordPage} /> },
  { path: '/signup/entity', element: <SignupPage /> },
  ...verifyRoutes,
  { path: '*', element: <ToLogin /> },
];

/**
 * A signed-in route table: the page frame and the features' own routes (each feature exports its
 * RouteObjects, each screen a lazy page), so that no signed-in code is in the login page's download.
 */
function signedIn(role: Role, features: RouteObject[]): RouteObject[] {
  return [
    { path: '/login/*', element: <AfterLogin role={role} /> },
    ...verifyRoutes,
    {
      element: <PageFrame />,
      children: [
        { path: '/', element: <Navigate to={HOME[role]} replace /> },
        ...features,
        ...accountRoutes,
        { path: '*', element: <NotFoundPage home={HOME[role]} /> },
      ],
    },
  ];
}

export const adminRoutes: RouteObject[] = signedIn('admin', adminFeatures);

export const entityRoutes: RouteObject[] = signedIn('entity', entityFeatures);

/**
 * Starts loading the screens a signed-in address shows (the page frame and the page), while the session
 * is being restored: the code then arrives with the session instead of after it.
 */
export function preloadScreens(role: Role, pathname: string): void {
  for (const match of matchRoutes(role === 'admin' ? adminRoutes : entityRoutes, pathname) ?? []) {
    preloadElement(match.route.element);
  }
}
