// What the payments feature offers other features (the billing form's card entry): the payment
// provider's configuration. The one place another feature may import from this one.
export { usePaymentsConfig } from './api/get-payments-config.js';
