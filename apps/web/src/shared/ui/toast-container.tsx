// react-toastify's container with the spec's options; loaded by <Toasts /> at the first toast. The
// unstyled entry: the main one writes its stylesheet into a <style> element, which the pages'
// Content-Security-Policy refuses; the same styles come from the package's CSS file instead.
import 'react-toastify/dist/ReactToastify.css';
import './toasts.css';
import { ToastContainer } from 'react-toastify/unstyled';
import { TOASTS_TOP } from './frame-layout.js';
import { TOAST_OPTIONS } from './notify.js';

export default function AppToastContainer() {
  return <ToastContainer {...TOAST_OPTIONS} className="bt-toasts" style={{ top: TOASTS_TOP }} />;
}
