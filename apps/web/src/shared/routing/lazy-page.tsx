// Screens load when first shown, so that the login page's download holds no signed-in code. A route
// renders a lazy page inside a Suspense boundary: the page frame's for signed-in screens, the app's for
// the rest. Each page is made once, at module level: two routes that show the same screen then show
// one component, which React keeps (and its state) when the address moves between them.
import { type ComponentType, isValidElement, type LazyExoticComponent, lazy, type ReactNode } from 'react';

export type LazyPage<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts loading the screen's code before it is shown; the render then takes the same load. */
  preload: () => Promise<unknown>;
};

export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loading: Promise<ComponentType<P>> | null = null;
  const start = () => {
    loading ??= load();
    return loading;
  };
  return Object.assign(
    lazy(() => start().then((Component) => ({ default: Component }))),
    { preload: start },
  );
}

/** Starts loading the code of a route element that is a lazy page; any other element is left. */
export function preloadElement(element: ReactNode): void {
  if (!isValidElement(element)) return;
  const { type } = element as { type: Partial<LazyPage<object>> };
  // A chunk that fails to load fails the screen when it renders, with its error page: not here.
  if (typeof type.preload === 'function') type.preload().catch(() => {});
}
