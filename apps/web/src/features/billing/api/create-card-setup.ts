import { API, type CardSetupResponse } from '@bridge-talk/contract';
import { apiRequest } from '../../../shared/api/api-client.js';

/** Stripe mode: a SetupIntent for the card being entered, confirmed in the browser before it is saved. */
export function createCardSetup() {
  return apiRequest<CardSetupResponse>(API.payments.stripeCardSetup, { method: 'POST' });
}
