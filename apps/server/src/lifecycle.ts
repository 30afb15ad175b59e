// What the process entries share (main.ts serves HTTP, worker.ts runs the jobs; the seed commands
// reuse the first): reading the configuration or exiting with its message, keeping the files on disk
// private, and a graceful stop on SIGTERM / SIGINT.
import type { FastifyInstance } from 'fastify';
import { type Config, ConfigError, loadConfig } from './config/index.js';
import { keepFilesPrivate, PrivateFilesError } from './lib/private-files.js';

/** Seconds a stop may take (requests in flight, jobs running) before the process exits anyway. */
const STOP_TIMEOUT_MS = 20_000;

/** The folders the portal writes: the embedded database, the outbox, stored files (when local). */
export function privateFolders(config: Config): string[] {
  const folders = [config.database.dataDir];
  if (!config.mail.smtpUrl) folders.push(config.mail.outboxDir);
  if (config.storage.provider === 'local') folders.push(config.storage.dir);
  return folders.filter((folder) => !folder.startsWith('memory:'));
}

/** The start line: where it listens, on which database, and the Node.js that runs it (24 or later). */
export function startLine(address: string, database: string, workers: boolean): string {
  return `Bridge Talk portal listening on ${address} (Node.js ${process.version}; database: ${database}; job workers: ${workers ? 'in this process' : 'elsewhere'})`;
}

/**
 * Why believing a proxy is unsafe here, or null: with TRUST_PROXY set while the portal listens on every
 * interface, a client that reaches the port directly writes the X-Forwarded-For the portal believes.
 */
export function trustProxyWarning(config: Pick<Config, 'trustProxy' | 'host'>): string | null {
  if (config.trustProxy === false || !['0.0.0.0', '::', '[::]'].includes(config.host)) return null;
  return (
    'TRUST_PROXY is set while the portal listens on every interface: a client that reaches the port directly ' +
    'can choose the address its requests are counted by. Set HOST=127.0.0.1 (a proxy on this machine), or let ' +
    'only the proxy reach the port.'
  );
}

/**
 * The configuration, with its folders made private before anything is written; or exits with why not.
 * `makeFolders: false` leaves the folders as they are (a restore refuses a target unless it is empty,
 * and then makes them itself).
 */
export function loadConfigOrExit(options: { makeFolders?: boolean } = {}): Config {
  try {
    const config = loadConfig();
    if (options.makeFolders !== false) keepFilesPrivate(privateFolders(config));
    return config;
  } catch (error) {
    if (error instanceof ConfigError || error instanceof PrivateFilesError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * On SIGTERM or SIGINT: close the app (its requests in flight finish, running jobs get their time),
 * then exit 0; exit 1 when that fails or takes too long. A stopped database thread ends the process.
 */
export function stopGracefullyOnSignals(app: FastifyInstance): void {
  // pg-boss records a job's completion or failure without awaiting it: when that statement fails
  // (the database restarting, the process closing) the rejection reaches no handler, and Node would end
  // the process. The job is then expired and retried by pg-boss: log it, and keep serving.
  process.on('unhandledRejection', (reason) => {
    app.log.error({ err: reason }, 'a promise failed with nobody waiting for it');
  });
  app.ctx.database.pglite?.onUnexpectedStop((error) => {
    app.log.fatal({ err: error }, 'the database thread stopped: exiting');
    process.exit(1);
  });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests and jobs in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, STOP_TIMEOUT_MS);
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
}
