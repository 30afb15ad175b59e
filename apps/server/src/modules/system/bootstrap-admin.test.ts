// The first admin: made from ADMIN_EMAIL / ADMIN_PASSWORD on an empty database; once admins exist a
// changed ADMIN_PASSWORD changes nothing, and the log says so with the way to change a password.
import { endpoints, MSG } from '@bridge-talk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/api-client.js';
import { createTestApp, signIn, TEST_ADMIN, type TestApp } from '../../../test/test-app.js';

let first: TestApp;
beforeAll(async () => {
  first = await createTestApp({}, { startWorkers: false });
});
afterAll(() => first.close());

describe('the first admin', () => {
  it('is made from ADMIN_EMAIL and ADMIN_PASSWORD on an empty database', async () => {
    const { response } = await signIn(first.app, { ...TEST_ADMIN, role: 'admin' });
    expect(response.json().message).toBe(MSG.auth.loginSuccess);
  });

  it('ignores another ADMIN_PASSWORD once admins exist, and says so in the log', async () => {
    const again = await createTestApp(
      { ADMIN_PASSWORD: 'Changed-Pass-9' },
      { startWorkers: false, database: first.database },
    );
    try {
      const log = again.logs.join('');
      expect(log).toContain('ADMIN_PASSWORD is ignored');
      expect(log).toContain('Forgot password');
      expect(log).toContain('/login/admin');
      expect(log).not.toContain('Changed-Pass-9');
      const refused = await call(again.app, endpoints.auth.login, {
        body: { email: TEST_ADMIN.email, password: 'Changed-Pass-9', role: 'admin' },
      });
      expect(refused.statusCode).toBe(401);
    } finally {
      await again.app.close();
    }
  });

  it('says nothing when ADMIN_PASSWORD is the admin’s own', async () => {
    const again = await createTestApp({}, { startWorkers: false, database: first.database });
    try {
      expect(again.logs.join('')).not.toContain('ADMIN_PASSWORD is ignored');
    } finally {
      await again.app.close();
    }
  });
});
