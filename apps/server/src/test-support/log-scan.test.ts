import { describe, expect, it } from 'vitest';
import { assertNoSecretsIn, TEST_ADMIN } from './test-app.js';

describe('the log scan every test app runs when it closes', () => {
  it('passes an ordinary log', () => {
    expect(() => assertNoSecretsIn(['{"msg":"request completed","statusCode":200}\n'])).not.toThrow();
  });

  it.each([
    ['a password', `{"body":{"password":"${TEST_ADMIN.password}"}}`],
    ['a token', '{"token":"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abc"}'],
    ['a bearer header', '{"authorization":"Bearer abcdefghijklmnopqrstuvwxyz"}'],
    ['a card number', '{"card":"4242 4242 4242 4242"}'],
  ])('fails on %s', (_, line) => {
    expect(() => assertNoSecretsIn([line])).toThrow(/the log contains/);
  });
});
