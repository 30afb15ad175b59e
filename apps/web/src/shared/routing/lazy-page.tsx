// Screens load when first shown, so that the login page's download holds no signed-in code. A route
// renders a lazy page inside a Suspense boundary: the page frame's for signed-in screens, the app's for
// the rest. Each page is made once, at module level: two routes that show the same screen then show
// one component, which React keeps (and its state) when the address moves between them.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export function lazyPage<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => load().then((Component) => ({ default: Component })));
}
