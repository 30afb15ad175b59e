// The longest text each field takes. The schemas refuse more with the catalogue's 'Field must be at most
// N characters'. The inputs take text of any length and the schemas' messages say when a text is too
// long, so nothing typed or pasted is cut without a word (only the card number's field, a format, stops
// at its length). No zod here: the lists' search box reads them, and downloads no zod.

export const EMAIL_MAX = 254;
export const PASSWORD_MAX = 256;
/** A first or a last name. */
export const PERSON_NAME_MAX = 60;
/** 'first last' as the calls carry a person's name. */
export const PERSON_FULL_NAME_MAX = PERSON_NAME_MAX * 2 + 1;
/** The signup's one name field. */
export const SIGNUP_NAME_MAX = 120;
export const ENTITY_NAME_MAX = 160;
export const ENTITY_ADDRESS_MAX = 300;
export const COUPON_CODE_MAX = 64;
/** A new coupon's code, as the admin makes it (3 to this many letters, digits, - or _). */
export const NEW_COUPON_CODE_MAX = 40;
export const COUPON_NAME_MAX = 80;
export const PLAN_NAME_MAX = 80;
/** The search box of a list. */
export const SEARCH_MAX = 200;
/** The cardholder's name ('Full name'). */
export const CARD_NAME_MAX = 120;
export const BILLING_ADDRESS_MAX = 200;
export const CITY_MAX = 100;
export const ZIP_LENGTH = 5;
/** The longest card number as its field shows it: 19 digits and the 4 spaces between them. */
export const CARD_NUMBER_MAX = 23;
