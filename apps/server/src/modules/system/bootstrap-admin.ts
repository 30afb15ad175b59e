// On an empty database the first admin comes from ADMIN_EMAIL / ADMIN_PASSWORD; without a password a
// random one is generated and printed once, since nobody else could ever sign in. Once admins exist the
// two are read no more: an ADMIN_PASSWORD that is not the admin's password is said to be ignored, with
// the way to change a password, so that nobody believes a restart changed it.
import path from 'node:path';
import { MSG } from '@bridge-talk/contract';
import type { AppContext } from '../../app-context.js';
import { keepOnce } from '../../lib/keep-once.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { randomToken } from '../../lib/secrets.js';
import { importTokenKey, type TokenKey } from '../auth/token-key.js';
import { settleAdminPolicyDefault } from '../second-factors/admin-policy.service.js';
import * as repo from './system.repository.js';

export async function ensureBootstrapAdmin(ctx: AppContext): Promise<void> {
  const { email, password } = ctx.config.bootstrapAdmin;
  await settleAdminPolicyDefault(ctx.db);
  if ((await repo.countAdmins(ctx.db)) > 0) {
    if (password && !(await verifyPassword(await repo.findAdminPasswordHash(ctx.db, email), password))) {
      ctx.logger.warn(
        { email },
        'ADMIN_PASSWORD is ignored: the database has its admins already, and this is not their password. ' +
          `To change a password, use "${MSG.auth.forgotPassword}" on /login/admin (the code goes to the admin's e-mail or the outbox).`,
      );
    }
    return;
  }
  const chosen = password ?? randomToken(12);
  const inserted = await repo.insertAdmin(ctx.db, {
    email,
    // Split at the first space as every name is: shown as 'Bridge Talk Admin'.
    firstName: 'Bridge',
    lastName: 'Talk Admin',
    passwordHash: await hashPassword(chosen),
  });
  if (!inserted) return;
  if (password) {
    ctx.logger.info({ email }, 'bootstrap admin created from ADMIN_EMAIL / ADMIN_PASSWORD');
  } else {
    // Printed to stdout once, outside the structured log, on purpose: it is the only way in.
    process.stdout.write(
      `\n  First admin account created.\n    e-mail:   ${email}\n    password: ${chosen}\n  Set ADMIN_EMAIL and ADMIN_PASSWORD to choose them.\n\n`,
    );
  }
}

/**
 * The key that signs tokens and derives e-mailed codes: JWT_SECRET, or one generated once and kept in
 * DATA_DIR/token.key (owner-only) — never in the database, whose files or backups a reader could
 * otherwise turn into any account. A key an earlier version kept in the database moves to the file.
 */
export async function loadTokenKey(ctx: Pick<AppContext, 'db' | 'config'>): Promise<TokenKey> {
  if (ctx.config.auth.jwtSecret) return importTokenKey(ctx.config.auth.jwtSecret);
  const file = path.join(ctx.config.database.dataDir, TOKEN_KEY_FILE);
  const earlier = await repo.findSetting(ctx.db, 'jwt_secret');
  const value = keepOnce(file, () => earlier ?? randomToken(48));
  if (earlier !== null) await repo.deleteSetting(ctx.db, 'jwt_secret');
  return importTokenKey(value);
}

/** The key's file in DATA_DIR: a backup carries it (ops/backup.ts), or no second factor opens again. */
export const TOKEN_KEY_FILE = 'token.key';
