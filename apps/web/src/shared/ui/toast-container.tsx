// react-toastify's container with the spec's options; loaded by <Toasts /> at the first toast.
import 'react-toastify/dist/ReactToastify.css';
import { ToastContainer } from 'react-toastify';
import { TOASTS_TOP_CSS } from './frame-layout.js';
import { TOAST_OPTIONS } from './notify.js';

export default function AppToastContainer() {
  return <ToastContainer {...TOAST_OPTIONS} style={{ top: TOASTS_TOP_CSS }} />;
}
