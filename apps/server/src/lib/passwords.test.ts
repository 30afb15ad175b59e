// Passwords hashed by the portal's earlier argon2 addon still sign in, and new hashes are argon2id at
// the same cost.
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.js';

/** 'Existing-Pass-1', as the earlier `argon2` addon (node-gyp) stored it. */
const EARLIER_HASH =
  '$argon2id$v=19$m=19456,p=1,t=2$qTTCVDUuPOMO8hUYBfFt3w$/PC+OLmHSD1YDJQjpzqmYglLWBI4YIMS3tgfw6jCIBQ';

describe('passwords', () => {
  it('verifies a hash the earlier addon wrote, and refuses another password against it', async () => {
    expect(await verifyPassword(EARLIER_HASH, 'Existing-Pass-1')).toBe(true);
    expect(await verifyPassword(EARLIER_HASH, 'existing-pass-1')).toBe(false);
  });

  it('hashes with argon2id at 19 MiB, 2 iterations, 1 lane, salted', async () => {
    const first = await hashPassword('New-Pass-2');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hashPassword('New-Pass-2')).not.toBe(first);
    expect(await verifyPassword(first, 'New-Pass-2')).toBe(true);
  });

  it('answers false, never throws, for no hash or a malformed one', async () => {
    expect(await verifyPassword(null, 'x')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });
});
