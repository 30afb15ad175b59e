// The logs of the built servers an e2e run starts — the shared ones, one a worker (global-setup.ts), and
// each private one (server-process.ts) — are their stdout and stderr, written to e2e/.artifacts. At the end of the run
// (the global teardown) every one is scanned with the server tests' rules: no password of the run, no
// token, no bearer header, no e-mailed code in a field and no card number.
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertNoSecretsIn } from '../../apps/server/test/secret-scan.js';
import { E2E_PASSWORDS } from './constants.js';

const artifacts = fileURLToPath(new URL('../.artifacts', import.meta.url));
const sharedLogFile = (index: number) => path.join(artifacts, `server-${index}.log`);
const PRIVATE_SERVER_LOGS = path.join(artifacts, 'servers');

/** Empties the logs of an earlier run. */
export function resetServerLogs(): void {
  mkdirSync(artifacts, { recursive: true });
  for (const name of readdirSync(artifacts)) {
    if (/^server(-\d+)?\.log$/.test(name)) rmSync(path.join(artifacts, name), { force: true });
  }
  rmSync(PRIVATE_SERVER_LOGS, { recursive: true, force: true });
  mkdirSync(PRIVATE_SERVER_LOGS, { recursive: true });
}

/** A new log file for a private server; chunks are appended as they come, so a kill -9 loses none. */
export function privateServerLog(port: number): (chunk: Buffer | string) => void {
  mkdirSync(PRIVATE_SERVER_LOGS, { recursive: true });
  const file = path.join(PRIVATE_SERVER_LOGS, `${Date.now()}-${port}-${process.pid}.log`);
  return (chunk) => appendFileSync(file, chunk);
}

/** The appender of shared server `index`'s log. */
export function sharedServerLog(index: number): (chunk: Buffer | string) => void {
  const file = sharedLogFile(index);
  return (chunk) => appendFileSync(file, chunk);
}

/** Every server log of the run, by file. */
function serverLogs(sharedServers: number): { file: string; text: string }[] {
  const files = [
    ...Array.from({ length: sharedServers }, (_, index) => sharedLogFile(index)),
    ...(existsSync(PRIVATE_SERVER_LOGS)
      ? readdirSync(PRIVATE_SERVER_LOGS).map((name) => path.join(PRIVATE_SERVER_LOGS, name))
      : []),
  ].filter((file) => existsSync(file));
  return files.map((file) => ({ file, text: readFileSync(file, 'utf8') }));
}

/**
 * Throws, naming the file and quoting the place, when a server log of the run holds a secret; or when
 * a shared server's log is not its output (no start line): a scan of nothing proves nothing.
 */
export function assertServerLogsHoldNoSecret(sharedServers: number): void {
  const logs = serverLogs(sharedServers);
  for (let index = 0; index < sharedServers; index++) {
    const file = sharedLogFile(index);
    if (!logs.find((log) => log.file === file)?.text.includes('Bridge Talk portal listening on')) {
      throw new Error(`${file} does not hold the server's start line: it is not the server's output`);
    }
  }
  for (const { file, text } of logs) {
    try {
      assertNoSecretsIn([text], E2E_PASSWORDS);
    } catch (error) {
      throw new Error(`${path.relative(process.cwd(), file)}: ${(error as Error).message}`);
    }
  }
}
