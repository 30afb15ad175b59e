import '@mantine/core/styles.css';
import 'react-toastify/dist/ReactToastify.css';
import './app.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { SessionProvider, useSession } from '../shared/session/session-provider.js';
import { FullPageLoader } from '../shared/ui/loading-overlay.js';
import { TOAST_OPTIONS } from '../shared/ui/notify.js';
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

function SessionRouter() {
  const session = useSession();
  const table = session.status === 'authenticated' ? session.user.role : 'anonymous';
  const router = useMemo(
    () =>
      createBrowserRouter(
        table === 'admin' ? adminRoutes : table === 'entity' ? entityRoutes : loggedOutRoutes,
      ),
    [table],
  );
  useEffect(() => () => router.dispose(), [router]);
  useEffect(() => {
    // Data of one session must never show in the next.
    if (table === 'anonymous') queryClient.clear();
  }, [table]);
  if (session.status === 'loading') return <FullPageLoader />;
  return <RouterProvider key={table} router={router} />;
}

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <SessionRouter />
        </SessionProvider>
        <ToastContainer {...TOAST_OPTIONS} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
