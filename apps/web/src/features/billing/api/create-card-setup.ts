import { ROUTES } from '@bridge-talk/contract';
import { callApi } from '../../../shared/api/api-client.js';

/** Stripe mode: a SetupIntent for the card being entered, confirmed in the browser before it is saved. */
export function createCardSetup() {
  return callApi(ROUTES.payments.stripeCardSetup);
}
