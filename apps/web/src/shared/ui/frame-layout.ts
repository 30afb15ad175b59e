// Sizes and stacking shared by the signed-in frame and the toasts, which show in its header's band.

/** The header's height (spec: 76 px) and the side menu's width (290 px). */
export const HEADER_HEIGHT = 76;
export const SIDEBAR_WIDTH = 290;

/** Below this width the side menu is a drawer behind the header's menu button (app.css hides the button above it). */
export const DRAWER_BREAKPOINT = '64em';

/** Toasts show in the header's band (a toast is 64 px high): over no control of the page. */
export const TOASTS_TOP = Math.round((HEADER_HEIGHT - 64) / 2);

/** react-toastify's container's z-index (--toastify-z-index); a menu the user opens goes above it. */
export const ABOVE_TOASTS_Z_INDEX = 10_000;
