// `npm run seed:demo`: opens the configured database (migrating it), builds the portal's context
// without serving or running jobs, adds the demo data and prints the logins. Stop a server that uses
// the same PGlite data directory first: only one process may open it.
import { sql } from 'drizzle-orm';
import { buildApp } from '../../app.js';
import { portalUrl } from '../../lib/portal-url.js';
import { loadConfigOrExit } from '../../lifecycle.js';
import { describeDemo, seedDemo } from './seed-demo.js';

export async function runSeedDemo(options: { password?: string | undefined } = {}): Promise<void> {
  const app = await buildApp({ config: loadConfigOrExit(), startWorkers: false });
  try {
    const summary = await seedDemo(app.ctx, options.password ? { password: options.password } : {});
    // The planner's statistics for the rows just added (PGlite gathers none by itself).
    await app.ctx.db.execute(sql`analyze`);
    process.stdout.write(`${describeDemo(summary, (path) => portalUrl(app.ctx, path))}\n`);
  } finally {
    await app.close();
  }
}
