// What the billing feature offers the screens of other features (the add-family wizard, the
// update-billing and update-plan screens): card entry, the billing form, the plan picker and the
// billing calls. The one place another feature may import from this one.
export { assignSubscription, useAssignSubscription } from './api/assign-subscription.js';
export { newIdempotencyKey } from './api/billing-keys.js';
export { changeSubscription, useChangeSubscription } from './api/change-subscription.js';
export { findCoupon } from './api/find-coupon.js';
export { billingDetailsQuery, useBillingDetails } from './api/get-billing-details.js';
export { plansQuery, usePlans } from './api/get-plans.js';
export { saveBilling, useSaveBilling } from './api/save-billing.js';
export { updateBilling, useUpdateBilling } from './api/update-billing.js';
export { BillingForm, type BillingFormProps, billingFormValuesOf } from './components/billing-form.js';
export { CardEntry } from './components/card-entry.js';
export type { CardEntryHandle, CardHolder } from './components/card-entry-handle.js';
export { couponCodes, type PlanChoice, PlanPicker, type PlanPickerProps } from './components/plan-picker.js';
