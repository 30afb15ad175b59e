// What the billing feature offers the screens of other features (the add-family wizard, the
// update-billing and update-plan screens, the entity form's coupon field): the billing form with its card
// entry, the plan picker and the billing calls. The one place another feature may import from this one.
export { useAssignSubscription } from './api/assign-subscription.js';
export { newIdempotencyKey } from './api/billing-keys.js';
export { useChangeSubscription } from './api/change-subscription.js';
export { findCoupon } from './api/find-coupon.js';
export { billingDetailsQuery, useBillingDetails } from './api/get-billing-details.js';
export { usePlans } from './api/get-plans.js';
export { useSaveBilling } from './api/save-billing.js';
export { useUpdateBilling } from './api/update-billing.js';
export { BillingForm, billingFormValuesOf } from './components/billing-form.js';
export { FamilyBilling } from './components/family-billing.js';
export { type CouponCheck, type PlanChoice, PlanPicker } from './components/plan-picker.js';
