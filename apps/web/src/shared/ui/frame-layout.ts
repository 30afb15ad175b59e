// Sizes and stacking shared by the signed-in frame and the toasts, which must not hide its header.

/** The header's height (spec: 76 px) and the side menu's width (290 px). */
export const HEADER_HEIGHT = 76;
export const SIDEBAR_WIDTH = 290;

/** Below this width the side menu is a drawer behind the header's menu button (app.css hides the button above it). */
export const DRAWER_BREAKPOINT = '64em';

/** Toasts show top-right below the header, so that they never cover the user menu's button. */
export const TOASTS_TOP = HEADER_HEIGHT + 8;

/**
 * Where the page's own title row ends (its actions: 'Add Account', 'Edit'), in pixels from the top of
 * the document, published by the page header: toasts start below it so they never hide those actions.
 */
export const PAGE_ACTIONS_BOTTOM_VAR = '--bt-page-actions-bottom';

/** The toasts' top: below the header, and below the page's title row when there is one. */
export const TOASTS_TOP_CSS = `max(${TOASTS_TOP}px, calc(var(${PAGE_ACTIONS_BOTTOM_VAR}, 0px) + 8px))`;

/** react-toastify's container's z-index (--toastify-z-index); a menu the user opens goes above it. */
export const ABOVE_TOASTS_Z_INDEX = 10_000;
