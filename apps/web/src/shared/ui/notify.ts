// Toasts (spec: auto-close 5000 ms, drag-dismiss at 80 %; placed in the header's band, not top-right). react-toastify and its styles load
// with the first toast, so the login page's download carries neither: a toast raised before its
// container is up waits in react-toastify's own queue and shows when the container mounts (<Toasts />,
// in app/, mounts it at the first toast).

export const TOAST_OPTIONS = {
  // In the header's band, between its left-hand controls and the user menu (toasts.css): a toast never
  // covers the header's controls nor the page's own (its title row's actions, table headers, fields).
  position: 'top-center',
  autoClose: 5000,
  draggable: true,
  draggablePercent: 80,
  closeOnClick: true,
  pauseOnHover: true,
} as const;

type Kind = 'success' | 'error' | 'info';

export interface NotifyOptions {
  /**
   * What the toast answers: a success clears the errors of the same action. By default the screen
   * (its path) it was raised on, so a later success there replaces the error the user saw before.
   */
  action?: string;
}

let raised = false;
const listeners = new Set<() => void>();
/** The errors shown for each action, until a success of that action clears them. */
const errorsOfAction = new Map<string, Set<string>>();

function show(kind: Kind, message: string, { action = window.location.pathname }: NotifyOptions = {}): void {
  if (!raised) {
    raised = true;
    for (const listener of listeners) listener();
  }
  // One toast per action, kind and text: the same message raised again while it shows is not stacked.
  const toastId = `${kind}:${action}:${message}`;
  // Toasts are shown in the order raised: each waits on the same module promise.
  void import('react-toastify/unstyled').then(
    ({ toast }) => {
      if (kind === 'success') {
        for (const id of errorsOfAction.get(action) ?? []) toast.dismiss(id);
        errorsOfAction.delete(action);
      }
      if (kind === 'error')
        errorsOfAction.set(action, (errorsOfAction.get(action) ?? new Set()).add(toastId));
      toast[kind](message, { toastId });
    },
    // The toasts' code could not be downloaded (offline, or a release removed it): an error must still
    // reach the user; a success or a note can go unsaid.
    () => {
      if (kind === 'error') window.alert(message);
    },
  );
}

export const notify = {
  success: (message: string, options?: NotifyOptions) => show('success', message, options),
  error: (message: string, options?: NotifyOptions) => show('error', message, options),
  info: (message: string, options?: NotifyOptions) => show('info', message, options),
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
