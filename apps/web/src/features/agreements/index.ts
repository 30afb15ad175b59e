// The agreements feature as other features use it: the family page's box.
export { AgreementSummary } from './components/agreement-summary.js';
