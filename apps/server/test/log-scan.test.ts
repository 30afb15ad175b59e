import { describe, expect, it } from 'vitest';
import { assertNoSecretsIn, rememberSecret, TEST_ADMIN } from './test-app.js';

describe('the log scan every test app runs when it closes', () => {
  it('passes an ordinary log', () => {
    expect(() => assertNoSecretsIn(['{"msg":"request completed","statusCode":200}\n'])).not.toThrow();
  });

  it('passes timestamps, ids and error codes that look a little like secrets', () => {
    const line = JSON.stringify({
      time: 1767225600000,
      reqId: '0b9f1c52-3d1e-4a7b-9c55-1f2e3d4c5b6a',
      responseTime: 12.345678901234,
      err: { code: 'ECONNREFUSED' },
      count: 4111111111111112,
      msg: 'Wrong password, Pass-1 is not a password',
    });
    expect(() => assertNoSecretsIn([line])).not.toThrow();
  });

  it.each([
    ['a password', `{"body":{"password":"${TEST_ADMIN.password}"}}`],
    ['a token', '{"token":"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abc"}'],
    ['a bearer header', '{"authorization":"Bearer abcdefghijklmnopqrstuvwxyz"}'],
    ['a card number', '{"card":"4242 4242 4242 4242"}'],
    ['any test password', '{"attempt":"Stolen-Pass-1"}'],
    ['a Mastercard number', 'number=5555555555554444'],
    ['an Amex number with dashes', '{"n":"3782-822463-10005"}'],
    ['an e-mailed code', '{"code":"K7QX2M"}'],
  ])('fails on %s', (_, line) => {
    expect(() => assertNoSecretsIn([line])).toThrow(/the log contains/);
  });
});

it('fails on a token or code that a test received through the helpers', () => {
  rememberSecret('refresh-token-value-abcdefghijklmnop');
  expect(() => assertNoSecretsIn(['{"cookie":"bt_refresh=refresh-token-value-abcdefghijklmnop"}'])).toThrow(
    /a token or code a test received/,
  );
});
