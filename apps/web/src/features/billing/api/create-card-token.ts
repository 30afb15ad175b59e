import { API, type CardToken, type LocalCardTokenRequest } from '@bridge-talk/contract';
import { apiRequest } from '../../../shared/api/api-client.js';

/**
 * The local provider's tokeniser: the card goes here and nowhere else; the billing calls get the
 * token, brand, last 4 and expiry only.
 */
export function createLocalCardToken(card: LocalCardTokenRequest) {
  return apiRequest<CardToken>(API.payments.localTokens, { method: 'POST', body: card });
}
