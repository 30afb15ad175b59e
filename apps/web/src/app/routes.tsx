// Three route tables — logged out, admin, entity — chosen by the session. A role never gets the other
// role's routes; the server enforces the same on every API call.
import type { Role } from '@bridge-talk/contract';
import type { ComponentType } from 'react';
import { Navigate, type RouteObject, useLocation, useParams } from 'react-router';
import { accountRoutes } from '../features/account/routes.js';
import { adminsRoutes } from '../features/admins/routes.js';
import { LoginPage } from '../features/auth/login-page.js';
import { conversationsRoutes } from '../features/conversations/routes.js';
import { entitiesRoutes } from '../features/entities/routes.js';
import { familiesRoutes } from '../features/families/routes.js';
import { paymentsRoutes } from '../features/payments/routes.js';
import { termsRoutes } from '../features/terms/routes.js';
import { HOME } from '../shared/session/home.js';
import { storedRole } from '../shared/session/storage.js';

function isRole(value: string | undefined): value is Role {
  return value === 'admin' || value === 'entity';
}

/** A logged-out page of a role taken from the path; an unknown role goes to the entity login. */
function WithRole({ page: Page }: { page: ComponentType<{ role: Role }> }) {
  const { role } = useParams();
  return isRole(role) ? <Page key={role} role={role} /> : <Navigate to="/login/entity" replace />;
}

/**
 * A logged-out screen other than the login, loaded when first opened: the login page is the one
 * every visit starts on, so only its code is in the first download.
 */
function lazyWithRole(load: () => Promise<ComponentType<{ role: Role }>>): RouteObject['lazy'] {
  return () => load().then((page) => ({ Component: () => <WithRole page={page} /> }));
}

/** An address that needs a session: go to the login of the last role, and come back after. */
function ToLogin() {
  const location = useLocation();
  return (
    <Navigate
      to={`/login/${storedRole() ?? 'entity'}`}
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
  {
    path: '/forgot-password/:role',
    lazy: lazyWithRole(() =>
      import('../features/auth/forgot-password-page.js').then((m) => m.ForgotPasswordPage),
    ),
  },
  {
    path: '/activation-code/:role',
    lazy: lazyWithRole(() =>
      import('../features/auth/activation-code-page.js').then((m) => m.ActivationCodePage),
    ),
  },
  {
    path: '/new-password/:role',
    lazy: lazyWithRole(() => import('../features/auth/new-password-page.js').then((m) => m.NewPasswordPage)),
  },
  {
    path: '/signup/entity',
    lazy: () => import('../features/auth/signup-page.js').then((m) => ({ Component: m.SignupPage })),
  },
  { path: '*', element: <ToLogin /> },
];

/**
 * A signed-in route table: the page frame and the features' own routes (each feature exports its
 * RouteObjects, with `lazy`), so that no signed-in code is in the login page's download.
 */
function signedIn(role: Role, features: RouteObject[]): RouteObject[] {
  return [
    { path: '/login/*', element: <AfterLogin role={role} /> },
    {
      lazy: () => import('./page-frame.js').then((m) => ({ Component: m.PageFrame })),
      children: [
        { path: '/', element: <Navigate to={HOME[role]} replace /> },
        ...features,
        ...accountRoutes,
        {
          path: '*',
          lazy: () =>
            import('./not-found-page.js').then((m) => ({
              Component: () => <m.NotFoundPage home={HOME[role]} />,
            })),
        },
      ],
    },
  ];
}

export const adminRoutes: RouteObject[] = signedIn('admin', [
  ...entitiesRoutes,
  ...adminsRoutes,
  ...termsRoutes,
  ...paymentsRoutes,
]);

export const entityRoutes: RouteObject[] = signedIn('entity', [...familiesRoutes, ...conversationsRoutes]);
