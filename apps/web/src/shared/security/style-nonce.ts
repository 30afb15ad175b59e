// The page's style nonce: the server writes it into a meta tag of index.html for each page it serves,
// and the Content-Security-Policy admits only style elements that carry it (no 'unsafe-inline').
// Mantine stamps it on the style elements it writes; react-remove-scroll (Mantine's modals) reads it
// through get-nonce. The Vite dev server serves the placeholder as is, and sends no policy.
import { setNonce } from 'get-nonce';

const PLACEHOLDER = '__CSP_NONCE__';
/** What the server writes instead of a nonce on the terms editor's page, served with inline styles. */
const INLINE_STYLES = 'inline';

const served = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
const nonce = served && served !== PLACEHOLDER && served !== INLINE_STYLES ? served : undefined;

/**
 * Whether this page may use inline styles (the terms editor needs them): yes when the server said so,
 * or when no policy came with the page (the dev server, tests); no under the strict policy.
 */
export const inlineStylesAllowed = nonce === undefined;
if (nonce) setNonce(nonce);

/** MantineProvider's getStyleNonce, when the page has a nonce. */
export const styleNonceProps: { getStyleNonce?: () => string } = nonce ? { getStyleNonce: () => nonce } : {};
