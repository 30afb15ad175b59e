// The account feature as other features use it: the administrator's second-factor controls.
export { ResetSecondFactorButton } from './components/reset-second-factor-button.js';
export { SecondFactorPolicySetting } from './components/second-factor-policy-setting.js';
