// Toasts (spec: top-right, auto-close 5000 ms, drag-dismiss at 80 %) — the container is in app/.
import { toast } from 'react-toastify';

export const TOAST_OPTIONS = {
  position: 'top-right',
  autoClose: 5000,
  draggable: true,
  draggablePercent: 80,
  closeOnClick: true,
  pauseOnHover: true,
} as const;

export const notify = {
  success: (message: string) => toast.success(message),
  error: (message: string) => toast.error(message),
  info: (message: string) => toast.info(message),
};
