// Toasts (spec: top-right, auto-close 5000 ms, drag-dismiss at 80 %). react-toastify and its styles load
// with the first toast, so the login page's download carries neither: a toast raised before its
// container is up waits in react-toastify's own queue and shows when the container mounts (<Toasts />,
// in app/, mounts it at the first toast).

export const TOAST_OPTIONS = {
  position: 'top-right',
  autoClose: 5000,
  draggable: true,
  draggablePercent: 80,
  closeOnClick: true,
  pauseOnHover: true,
} as const;

type Kind = 'success' | 'error' | 'info';

let raised = false;
const listeners = new Set<() => void>();

function show(kind: Kind, message: string): void {
  if (!raised) {
    raised = true;
    for (const listener of listeners) listener();
  }
  // Toasts are shown in the order raised: each waits on the same module promise.
  void import('react-toastify').then(
    ({ toast }) => toast[kind](message),
    // The toasts' code could not be downloaded (offline, or a release removed it): an error must still
    // reach the user; a success or a note can go unsaid.
    () => {
      if (kind === 'error') window.alert(message);
    },
  );
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};

/** Whether a toast has been raised in this page's life (useSyncExternalStore's snapshot). */
export function toastRaised(): boolean {
  return raised;
}

/** Calls `listener` when the first toast is raised (useSyncExternalStore's subscribe). */
export function onFirstToast(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
