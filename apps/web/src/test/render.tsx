// Renders a component the way the app does: Mantine with the app's theme, a fresh query client
// (no retries, so failures show at once) and a memory router on the given routes, in the component mode
// the app uses (app.tsx), with a handle that says where it is and can move it.
// Mantine runs with env="test": no transitions or portals, and popovers (menus, selects) are not hidden
// for want of a layout, which jsdom does not have.
import { MSG } from '@bridge-talk/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { type ReactNode, StrictMode } from 'react';
import {
  type InitialEntry,
  type Location,
  MemoryRouter,
  type NavigateFunction,
  type NavigateOptions,
  type NavigationType,
  type RouteObject,
  type To,
  useLocation,
  useNavigate,
  useNavigationType,
  useRoutes,
} from 'react-router';
import { ToastContainer } from 'react-toastify/unstyled';
import { vi } from 'vitest';
import { theme } from '../app/theme.js';

export interface RenderWithProvidersOptions {
  /** The route table; defaults to one route at `/` rendering `ui`. */
  routes?: RouteObject[];
  /** Where the router starts; defaults to `/`. */
  initialEntries?: InitialEntry[];
  /** Wraps the router (e.g. a SessionProvider) inside Mantine and the query client. */
  wrapper?: (children: ReactNode) => ReactNode;
  /**
   * Renders the whole tree in <StrictMode>, as main.tsx does. React double-invokes effects only
   * when StrictMode is at the root: one inside `wrapper` does not.
   */
  strictMode?: boolean;
}

function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
}

/** The router of a rendered test: where it is (as of the last render) and a way to move it. */
interface TestRouter {
  readonly state: { location: Location; historyAction: NavigationType };
  /** A number moves in the history, as the browser's Back (-1) and Forward (1) do. */
  navigate(to: To | number, options?: NavigateOptions): Promise<void>;
}

function createTestRouter() {
  const seen: { location?: Location; historyAction?: NavigationType; navigate?: NavigateFunction } = {};
  /** Rendered inside the router: keeps what the router says for the test to read. */
  function Probe({ routes }: { routes: RouteObject[] }) {
    seen.location = useLocation();
    seen.historyAction = useNavigationType();
    seen.navigate = useNavigate();
    return useRoutes(routes);
  }
  const router: TestRouter = {
    get state() {
      if (!seen.location || !seen.historyAction) throw new Error('the router has not rendered');
      return { location: seen.location, historyAction: seen.historyAction };
    },
    async navigate(to, navigateOptions) {
      await act(async () => {
        await (typeof to === 'number' ? seen.navigate?.(to) : seen.navigate?.(to, navigateOptions));
      });
    },
  };
  return { Probe, router };
}

export function renderWithProviders(ui: ReactNode | null, options: RenderWithProvidersOptions = {}) {
  const routes = options.routes ?? [{ path: '/', element: ui }];
  const { Probe, router } = createTestRouter();
  const queryClient = createTestQueryClient();
  const inner = (
    <MemoryRouter initialEntries={options.initialEntries ?? ['/']}>
      <Probe routes={routes} />
    </MemoryRouter>
  );
  const tree = (
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        {options.wrapper ? options.wrapper(inner) : inner}
      </QueryClientProvider>
    </MantineProvider>
  );
  const result = render(options.strictMode ? <StrictMode>{tree}</StrictMode> : tree);
  return { ...result, router, queryClient };
}

/** A JSON `Response` as the server sends it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Wraps the router with a toast container, so that tests can find the toasts a screen shows. */
export function withToasts(children: ReactNode): ReactNode {
  return (
    <>
      {children}
      <ToastContainer />
    </>
  );
}

/** One call the stubbed `fetch` received: method, path (no host) and the parsed JSON body. */
interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

/** A call as `answerApi` hands it over: its path keeps the query string; `url` is the whole address. */
export interface AnsweredCall extends ApiCall {
  readonly url: URL;
}

/**
 * Stubs `fetch` with one function that answers every call (or answers undefined: a JSON 404, as the
 * server answers an unknown object). For screens whose calls depend on their query or body; a fixed
 * table of `METHOD /path` is `stubApi`. Returns the calls, in order (compared as method, path, body).
 */
export function answerApi(
  answer: (call: AnsweredCall) => Response | undefined | Promise<Response | undefined>,
) {
  const calls: AnsweredCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      const call = {
        method: init?.method ?? 'GET',
        path: `${url.pathname}${url.search}`,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      Object.defineProperty(call, 'url', { value: url, enumerable: false });
      calls.push(call as AnsweredCall);
      return (await answer(call as AnsweredCall)) ?? jsonResponse({ message: MSG.extra.notFound }, 404);
    }),
  );
  return calls;
}

/** Answers one `METHOD /path` of a stubbed API; called anew for each request (a Response reads once). */
export type ApiHandler = (body: unknown) => Response | Promise<Response>;

/**
 * Stubs `fetch` with a small API keyed by `METHOD /path` (query string ignored). A request with no
 * handler is answered 501, so a missing stub shows as a failure rather than a hang.
 */
export function stubApi(handlers: Record<string, ApiHandler>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, body });
    const handler = handlers[`${method} ${url.pathname}`];
    return handler ? handler(body) : jsonResponse({ message: `No stub for ${method} ${url.pathname}` }, 501);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    calls,
    /** The calls made to one `METHOD /path`. */
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}
