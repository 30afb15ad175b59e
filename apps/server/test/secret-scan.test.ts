// The shared scan as the e2e teardown calls it: with the run's own passwords, on a built server's log.
import { endpoints } from '@bridge-talk/contract';
import { describe, expect, it } from 'vitest';
import { urlOf } from './api-client.js';
import { assertNoSecretsIn } from './secret-scan.js';

const E2E_LIKE_PASSWORDS = ['E2e-Admin-Pass-1', 'Agency-Pass-1', 'Hostile-1-secret'];
const serverLine = (fields: object) =>
  `${JSON.stringify({ level: 30, time: 1767225600000, pid: 4242, hostname: 'ci', ...fields })}\n`;

describe('the log scan of the e2e servers', () => {
  it('passes the lines a server writes on an ordinary request', () => {
    const log = [
      serverLine({ msg: 'Bridge Talk portal listening on http://127.0.0.1:41234 (database: pglite)' }),
      serverLine({
        reqId: 'req-1',
        req: { method: endpoints.auth.login.method, url: endpoints.auth.login.path, remotePort: 52144 },
        msg: 'incoming request',
      }),
      serverLine({ reqId: 'req-1', res: { statusCode: 200 }, responseTime: 81.25, msg: 'request completed' }),
    ];
    expect(() => assertNoSecretsIn(log, E2E_LIKE_PASSWORDS)).not.toThrow();
  });

  it.each([
    [
      'a password of the run that has no -Pass- in it',
      serverLine({ body: { password: 'Hostile-1-secret' } }),
    ],
    ['the e2e admin password', serverLine({ msg: 'ADMIN_PASSWORD=E2e-Admin-Pass-1' })],
    [
      'an access token in a url',
      serverLine({
        req: { url: urlOf(endpoints.auth.me, {}, 't=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZG1pbiJ9.c2ln') },
      }),
    ],
    [
      'a bearer header',
      serverLine({ req: { headers: { authorization: 'Bearer 0123456789abcdefghijKLMN' } } }),
    ],
    ['an e-mailed code', serverLine({ body: { email: 'a@b.c', code: 'Q7XK2M' } })],
    ['a card number', serverLine({ body: { number: '4242424242424242' } })],
  ])('fails on %s', (_, line) => {
    expect(() => assertNoSecretsIn([line], E2E_LIKE_PASSWORDS)).toThrow(/the log contains/);
  });

  it('needs the password listed when it does not look like one', () => {
    const line = serverLine({ body: { password: 'Hostile-1-secret' } });
    expect(() => assertNoSecretsIn([line])).not.toThrow();
    expect(() => assertNoSecretsIn([line], ['Hostile-1-secret'])).toThrow('the log contains a test password');
  });
});
