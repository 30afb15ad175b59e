// The log scan, shared by the server tests (every test app's log, see test-app.ts) and the e2e run (the
// built server's stdout and stderr, see e2e/support/global-setup.ts). Pure: no import, so that the e2e
// runner can load it without any server code.

/**
 * What must never reach a log line: the passwords of the tests (all named `Word-Pass-N`), tokens, and
 * the e-mailed codes of code flows. Card numbers are found by their check digit (below).
 */
const SECRET_PATTERNS: [string, RegExp][] = [
  ['a test password', /\b[A-Z][a-z]+-Pass-\d+\b/],
  ['a JSON web token', /eyJ[\w-]{10,}\.eyJ[\w-]{10,}/],
  ['a bearer header', /Bearer [\w.-]{20,}/],
  ['an e-mailed code in a field', /"(?:code|otp|verificationCode)"\s*:\s*"[A-HJ-NP-Z2-9]{6}"/],
];

/** Secrets the test-support helpers handled (refresh tokens, e-mailed codes): the log holds none. */
const handledSecrets = new Set<string>();

/** Marks a value a test received as secret, so that the log scan fails if it is ever logged. */
export function rememberSecret(value: string | undefined | null): void {
  if (value && value.length >= 6) handledSecrets.add(value);
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** A card number: 13–19 digits (spaces or dashes between groups) of a card network, check digit right. */
function findCardNumber(text: string): number {
  for (const match of text.matchAll(/(?<![\w.-])\d(?:[ -]?\d){12,18}(?![\w.-])/g)) {
    const digits = match[0].replace(/[ -]/g, '');
    if (/^(?:4|5[1-5]|2[2-7]|3[47]|6(?:011|5))/.test(digits) && luhn(digits)) return match.index;
  }
  return -1;
}

/**
 * Throws, quoting the place, when the log holds a secret: a password of the tests (the pattern above
 * and each of `passwords`), a token, a bearer header, an e-mailed code in a field, a card number, or a
 * value remembered with rememberSecret.
 */
export function assertNoSecretsIn(logs: string[], passwords: readonly string[] = []): void {
  const text = logs.join('');
  const fail = (what: string, index: number) => {
    throw new Error(`the log contains ${what}: …${text.slice(Math.max(0, index - 80), index + 40)}…`);
  };
  for (const password of passwords) {
    const index = text.indexOf(password);
    if (index >= 0) fail('a test password', index);
  }
  for (const [what, pattern] of SECRET_PATTERNS) {
    const match = pattern.exec(text);
    if (match) fail(what, match.index);
  }
  const card = findCardNumber(text);
  if (card >= 0) fail('a card number', card);
  for (const secret of handledSecrets) {
    const index = text.indexOf(secret);
    if (index >= 0) fail('a token or code a test received', index);
  }
}
