import type { CardToken } from '@bridge-talk/contract';

/** Who pays, for the card's billing details at the provider. */
interface CardHolder {
  name: string;
  email: string;
  phone: string;
  address: { line1: string; city: string; state: string; postalCode: string };
}

/**
 * What a form holding card entry can ask of it, in either mode (local form or Stripe's fields). The
 * card number stays inside card entry: what comes out is a token, the brand, the last 4 and the expiry.
 */
export interface CardEntryHandle {
  /** Shows the card fields' messages; true when the card looks complete. */
  validate(): boolean;
  /** Whether nothing at all has been typed into the card fields (a card on file then stays). */
  isEmpty(): boolean;
  /** The card's token; null when a field is wrong (its message shows). Throws when no token could be had. */
  tokenize(holder: CardHolder): Promise<CardToken | null>;
}
