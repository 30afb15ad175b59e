import './mantine-styles';
import './app.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useRef } from 'react';
import { BrowserRouter, type RouteObject, useRoutes } from 'react-router';
import { styleNonceProps } from '../shared/security/style-nonce.js';
import { SessionProvider, useSession } from '../shared/session/session-provider.js';
import { FullPageLoader } from '../shared/ui/loading-overlay.js';
import { ScreenErrorBoundary } from '../shared/ui/screen-error-boundary.js';
import { Toasts } from '../shared/ui/toasts.js';
import { adminRoutes, entityRoutes, loggedOutRoutes } from './routes.js';
import { cssVariablesResolver, theme } from './theme.js';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, error) =>
        count < 2 && !('status' in error && typeof error.status === 'number' && error.status < 500),
      refetchOnWindowFocus: false,
      staleTime: 10_000,
    },
  },
});

/** One route table; a new table (another role) starts afresh, with none of the last one's state. */
function RouteTable({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * The routes of who is signed in. React Router in its component mode: the route tables need no
 * loaders, and its data router would add to the login page's download (docs/performance.md, "Web
 * budgets").
 */
function SessionRoutes() {
  const session = useSession();
  const table = session.status === 'authenticated' ? session.user.role : 'anonymous';
  // Data of one session must never show in the next: the cache is emptied when the signed-in side is
  // left — here, before the next table's screens ask for their data. (Emptied in an effect, it ran
  // after them and cancelled what they had just asked: a page opened signed out waited forever.)
  const shownTable = useRef(table);
  if (shownTable.current !== table) {
    if (table === 'anonymous') queryClient.clear();
    shownTable.current = table;
  }
  if (session.status === 'loading') return <FullPageLoader />;
  return (
    <RouteTable
      key={table}
      routes={table === 'admin' ? adminRoutes : table === 'entity' ? entityRoutes : loggedOutRoutes}
    />
  );
}

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} {...styleNonceProps}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <SessionProvider>
            <ScreenErrorBoundary>
              <Suspense fallback={<FullPageLoader />}>
                <SessionRoutes />
              </Suspense>
            </ScreenErrorBoundary>
          </SessionProvider>
        </BrowserRouter>
        <Toasts />
      </QueryClientProvider>
    </MantineProvider>
  );
}
