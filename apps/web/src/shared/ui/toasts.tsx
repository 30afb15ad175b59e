// Where toasts show: the container (react-toastify and its styles) is downloaded and mounted when the
// first toast is raised (see notify.ts), not with the page.
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { onFirstToast, toastRaised } from './notify.js';

const ToastContainer = lazy(() => import('./toast-container.js'));

export function Toasts() {
  const raised = useSyncExternalStore(onFirstToast, toastRaised);
  return raised ? (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  ) : null;
}
