// Where toasts show: the container (react-toastify and its styles) is downloaded and mounted when the
// first toast is raised (see notify.ts), not with the page.
import { type ComponentType, lazy, Suspense, useSyncExternalStore } from 'react';
import { onFirstToast, toastRaised } from './notify.js';

/** Without the container's code (offline, or a release removed it) the page goes on without toasts. */
function NoToasts() {
  return null;
}

const ToastContainer = lazy(
  (): Promise<{ default: ComponentType }> =>
    import('./toast-container.js').catch(() => ({ default: NoToasts })),
);

export function Toasts() {
  const raised = useSyncExternalStore(onFirstToast, toastRaised);
  return raised ? (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  ) : null;
}
