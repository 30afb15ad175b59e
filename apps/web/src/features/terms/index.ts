// What the terms feature offers other features (the sign-up's terms dialog): the sanitised terms body
// and the terms in force. The one place another feature may import from this one.
export { useLatestTerms } from './api/get-latest-terms.js';
export { TermsContent } from './components/terms-content.js';
