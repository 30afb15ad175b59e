import { type LocalCardTokenRequest, ROUTES } from '@bridge-talk/contract';
import { callApi } from '../../../shared/api/api-client.js';

/**
 * The local provider's tokeniser: the card goes here and nowhere else; the billing calls get the
 * token, brand, last 4 and expiry only.
 */
export function createLocalCardToken(card: LocalCardTokenRequest) {
  return callApi(ROUTES.payments.localTokens, { body: card });
}
