// The server entry: read the configuration, build the app, listen, and shut down gracefully.
import { databaseOptions, openDatabase } from './db/client.js';
import { DataDirHeldError } from './db/data-dir-lock.js';
import { loadConfigOrExit, startLine, stopGracefullyOnSignals, trustProxyWarning } from './lifecycle.js';

async function main() {
  const config = loadConfigOrExit();
  // The database opens (PGlite in a thread of its own: its WebAssembly, its files) while the app's
  // modules load and compile here — side by side instead of one after the other.
  const openingDatabase = openDatabase(databaseOptions(config));
  openingDatabase.catch(() => {}); // buildApp awaits it and reports a failure
  const { buildApp } = await import('./app.js');
  // JOB_WORKERS=false: this process only queues jobs, `npm run worker` runs them.
  const app = await buildApp({ config, openingDatabase, startWorkers: config.jobs.workers });
  stopGracefullyOnSignals(app);
  const address = await app.listen({ host: config.host, port: config.port });
  const warning = trustProxyWarning(config);
  if (warning) app.log.warn(warning);
  app.log.info(startLine(address, app.ctx.database.kind, config.jobs.workers));
  if (app.metricsUrl) app.log.info(`metrics served at ${app.metricsUrl}`);
}

main().catch((error) => {
  // A portal already running on the embedded database is a situation to explain, not a crash to trace.
  console.error(error instanceof DataDirHeldError ? error.message : error);
  process.exit(1);
});
