// What the terms feature offers other features (the sign-up's terms dialog): the sanitised terms body.
// The one place another feature may import from this one.
export { TermsContent } from './components/terms-content.js';
