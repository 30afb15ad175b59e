// The job worker entry (`npm run worker`): opens the database and runs the durable jobs — mail,
// conversation exports, renewals, attachment clean-up — without serving HTTP, for deployments whose
// API processes run with JOB_WORKERS=false. It always runs the workers, whatever JOB_WORKERS says.
import { databaseOptions, openDatabase } from './db/client.js';
import { loadConfigOrExit, stopGracefullyOnSignals } from './lifecycle.js';

async function main() {
  const config = loadConfigOrExit();
  if (!config.database.url) {
    // PGlite's files open in one process only: the API process (npm start) runs the jobs itself.
    console.error(
      'npm run worker needs DATABASE_URL (PostgreSQL): on the embedded database, npm start runs the jobs.',
    );
    process.exit(1);
  }
  const openingDatabase = openDatabase(databaseOptions(config));
  openingDatabase.catch(() => {}); // buildApp awaits it and reports a failure
  const { buildApp } = await import('./app.js');
  // The app is built but never listens: its jobs get the very context and handlers an API process
  // registers (one wiring, not two).
  const app = await buildApp({ config, openingDatabase, startWorkers: true });
  await app.ready();
  stopGracefullyOnSignals(app);
  app.log.info(
    app.metricsUrl
      ? `Bridge Talk job worker running (no HTTP but its metrics at ${app.metricsUrl}; stop with SIGTERM)`
      : 'Bridge Talk job worker running (no HTTP; stop with SIGTERM)',
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
