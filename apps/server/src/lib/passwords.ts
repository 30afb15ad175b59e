// Password hashing with argon2id at OWASP's recommended minimum (19 MiB, 2 iterations, 1 lane), by
// @node-rs/argon2: a prebuilt N-API addon, so the same install works on whichever Node runs it (no
// compiler, no rebuild when Node changes). Hashes are argon2's standard encoded strings, whichever
// argon2 library wrote them.
import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id: the declaration file's enum is `const`, which an isolated build cannot read. */
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password. Without a stored hash it still spends the time of one verification, so a
 * response never reveals whether the e-mail exists.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
