// Renders a component the way the app does: Mantine with the app's theme, a fresh query client
// (no retries, so failures show at once) and a memory data router on the given routes.
// Mantine runs with env="test": no transitions or portals, and popovers (menus, selects) are not hidden
// for want of a layout, which jsdom does not have.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type InitialEntry, type RouteObject, RouterProvider } from 'react-router';
import { theme } from '../app/theme.js';

export interface RenderWithProvidersOptions {
  /** The route table; defaults to one route at `/` rendering `ui`. */
  routes?: RouteObject[];
  /** Where the router starts; defaults to `/`. */
  initialEntries?: InitialEntry[];
  /** Wraps the router (e.g. a SessionProvider) inside Mantine and the query client. */
  wrapper?: (children: ReactNode) => ReactNode;
}

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
}

export function renderWithProviders(ui: ReactNode | null, options: RenderWithProvidersOptions = {}) {
  const routes = options.routes ?? [{ path: '/', element: ui }];
  const router = createMemoryRouter(routes, { initialEntries: options.initialEntries ?? ['/'] });
  const queryClient = createTestQueryClient();
  const inner = <RouterProvider router={router} />;
  const result = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        {options.wrapper ? options.wrapper(inner) : inner}
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, router, queryClient };
}

/** A JSON `Response` as the server sends it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
