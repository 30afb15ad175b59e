// The agreements feature as other features and the app shell use it: the family page's box, the
// families list's standing and the side menu's count.
export { AgreementStanding } from './components/agreement-standing.js';
export { AgreementSummary } from './components/agreement-summary.js';
export { AgreementsDueBadge } from './components/agreements-due-badge.js';
