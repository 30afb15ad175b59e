// Three route tables — logged out, admin, entity — chosen by the session. A role never gets the other
// role's routes; the server enforces the same on every API call.
import type { Role } from '@bridge-talk/contract';
import type { ComponentType } from 'react';
import { Navigate, type RouteObject, useLocation, useParams } from 'react-router';
import { accountRoutes } from '../features/account/routes.js';
import { adminsRoutes } from '../features/admins/routes.js';
import { ActivationCodePage } from '../features/auth/activation-code-page.js';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page.js';
import { LoginPage } from '../features/auth/login-page.js';
import { NewPasswordPage } from '../features/auth/new-password-page.js';
import { SignupPage } from '../features/auth/signup-page.js';
import { conversationsRoutes } from '../features/conversations/routes.js';
import { entitiesRoutes } from '../features/entities/routes.js';
import { familiesRoutes } from '../features/families/routes.js';
import { paymentsRoutes } from '../features/payments/routes.js';
import { termsRoutes } from '../features/terms/routes.js';
import { HOME } from '../shared/session/home.js';
import { storedRole } from '../shared/session/storage.js';
import { PageFrame } from './page-frame.js';
import { ComingSoonPage, NotFoundPage } from './placeholder-pages.js';

function isRole(value: string | undefined): value is Role {
  return value === 'admin' || value === 'entity';
}

/** A logged-out page of a role taken from the path; an unknown role goes to the entity login. */
function WithRole({ page: Page }: { page: ComponentType<{ role: Role }> }) {
  const { role } = useParams();
  return isRole(role) ? <Page key={role} role={role} /> : <Navigate to="/login/entity" replace />;
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
  { path: '/forgot-password/:role', element: <WithRole page={ForgotPasswordPage} /> },
  { path: '/activation-code/:role', element: <WithRole page={ActivationCodePage} /> },
  { path: '/new-password/:role', element: <WithRole page={NewPasswordPage} /> },
  { path: '/signup/entity', element: <SignupPage /> },
  { path: '*', element: <ToLogin /> },
];

/**
 * A signed-in route table: the features' own routes (each feature exports its RouteObjects, with
 * `lazy` so its code loads only when opened), and a 'coming soon' page for what is not built yet.
 */
function signedIn(
  role: Role,
  features: RouteObject[],
  comingSoon: { path: string; title: string }[],
): RouteObject[] {
  return [
    { path: '/login/*', element: <AfterLogin role={role} /> },
    {
      element: <PageFrame />,
      children: [
        { path: '/', element: <Navigate to={HOME[role]} replace /> },
        ...features,
        ...comingSoon.map(({ path, title }) => ({ path, element: <ComingSoonPage title={title} /> })),
        ...accountRoutes,
        { path: '*', element: <NotFoundPage home={HOME[role]} /> },
      ],
    },
  ];
}

export const adminRoutes: RouteObject[] = signedIn(
  'admin',
  [...entitiesRoutes, ...adminsRoutes, ...termsRoutes, ...paymentsRoutes],
  [],
);

export const entityRoutes: RouteObject[] = signedIn(
  'entity',
  [...familiesRoutes, ...conversationsRoutes],
  [],
);
