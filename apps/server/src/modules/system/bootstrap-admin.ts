// On an empty database the first admin comes from ADMIN_EMAIL / ADMIN_PASSWORD; without a password a
// random one is generated and printed once, since nobody else could ever sign in.
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import { appSettings, users } from '../../db/schema.js';
import { hashPassword } from '../../lib/passwords.js';
import { randomToken } from '../../lib/secrets.js';
import { importTokenKey, type TokenKey } from '../auth/token-key.js';

export async function ensureBootstrapAdmin(ctx: AppContext): Promise<void> {
  const [existing] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.role, 'admin'));
  if ((existing?.n ?? 0) > 0) return;
  const { email, password } = ctx.config.bootstrapAdmin;
  const chosen = password ?? randomToken(12);
  const inserted = await ctx.db
    .insert(users)
    .values({
      email,
      // Split at the first space as every name is (spec section 3): shown as 'Bridge Talk Admin'.
      firstName: 'Bridge',
      lastName: 'Talk Admin',
      role: 'admin',
      subtype: 'admin',
      passwordHash: await hashPassword(chosen),
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (inserted.length === 0) return;
  if (password) {
    ctx.logger.info({ email }, 'bootstrap admin created from ADMIN_EMAIL / ADMIN_PASSWORD');
  } else {
    // Printed to stdout once, outside the structured log, on purpose: it is the only way in.
    process.stdout.write(
      `\n  First admin account created.\n    e-mail:   ${email}\n    password: ${chosen}\n  Set ADMIN_EMAIL and ADMIN_PASSWORD to choose them.\n\n`,
    );
  }
}

/** The key that signs access tokens: JWT_SECRET, or one generated once and kept in the database. */
export async function loadTokenKey(ctx: Pick<AppContext, 'db' | 'config'>): Promise<TokenKey> {
  if (ctx.config.auth.jwtSecret) return importTokenKey(ctx.config.auth.jwtSecret);
  await ctx.db
    .insert(appSettings)
    .values({ key: 'jwt_secret', value: randomToken(48) })
    .onConflictDoNothing();
  const [row] = await ctx.db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, 'jwt_secret'));
  if (!row) throw new Error('token key missing');
  return importTokenKey(row.value);
}
