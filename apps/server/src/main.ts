// The server entry: read the configuration, build the app, listen, and shut down gracefully.
import { ConfigError, loadConfig } from './config/index.js';
import { databaseOptions, openDatabase } from './db/client.js';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // The database opens (PGlite in a thread of its own: its WebAssembly, its files) while the app's
  // modules load and compile here — side by side instead of one after the other.
  const openingDatabase = openDatabase(databaseOptions(config));
  openingDatabase.catch(() => {}); // buildApp awaits it and reports a failure
  const { buildApp } = await import('./app.js');
  const app = await buildApp({ config, openingDatabase });
  app.ctx.database.pglite?.onUnexpectedStop((error) => {
    app.log.fatal({ err: error }, 'the database thread stopped: exiting');
    process.exit(1);
  });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 20_000);
    force.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  const address = await app.listen({ host: config.host, port: config.port });
  app.log.info(`Bridge Talk portal listening on ${address} (database: ${app.ctx.database.kind})`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
