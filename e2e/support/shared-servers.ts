// The run's shared servers: the global setup starts one for each Playwright worker, each with its own
// data directory, mail capture and log, so that journeys running side by side never meet each other's
// accounts, mail, admins, plans, terms or moved clock. A worker uses the server of its parallel index.

export interface SharedServer {
  baseUrl: string;
  /** Where this server's captured mail is written, one JSON file a message. */
  mailDir: string;
  /** The capture's address, for the private servers a journey starts. */
  smtpUrl: string;
}

const VARIABLE = 'E2E_SERVERS';

/** Called by the global setup: the workers it starts inherit its environment. */
export function publishSharedServers(servers: SharedServer[]): void {
  process.env[VARIABLE] = JSON.stringify(servers);
}

/** This worker's server. */
export function sharedServer(): SharedServer {
  const published = process.env[VARIABLE];
  if (!published) throw new Error(`${VARIABLE} is not set: run through the Playwright config`);
  const servers = JSON.parse(published) as SharedServer[];
  // Playwright numbers a worker's slot from 0 to workers − 1; a worker that replaces a failed one keeps it.
  const index = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  const server = servers[index % servers.length];
  if (!server) throw new Error(`no shared server for worker slot ${index}`);
  return server;
}
