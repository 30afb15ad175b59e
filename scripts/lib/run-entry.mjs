// What `npm start` and `npm run worker` share: the .env file, the outbox printing choice, and running
// a built entry of the server as a child that receives the signals sent to the script; and the
// environment of the commands that run the server's code in their own process (seeds, backup, restore).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { root } from './build-state.mjs';

/**
 * Node's flags for every process of the server: `npm start`, `npm run worker`, and the bench, which
 * measures what they run. A request's objects die young; V8's young generation stops growing at 16 MB
 * a half, and at 64 MB it is swept less often, which takes much of garbage collection's share of the
 * server's CPU off it under load, for up to 96 MB more memory (docs/decisions/0005-young-generation-64mb.md).
 * A `--max-semi-space-size` in NODE_OPTIONS (`env`: the environment, with the .env file under it
 * where there is one) is left to rule: Node would put a flag on the command line above it.
 */
export function serverNodeFlags(env = process.env) {
  const youngGeneration = /--max-semi-space-size\b/.test(env.NODE_OPTIONS ?? '')
    ? []
    : ['--max-semi-space-size=64'];
  return ['--enable-source-maps', ...youngGeneration];
}

/**
 * Runs `apps/server/dist/<entry>` in production mode with the .env file beside package.json (when
 * there is one); SIGINT and SIGTERM are passed on, and the script exits as the entry does.
 */
export function runServerEntry(entry) {
  const envFile = path.join(root, '.env');
  const chosen = { ...(existsSync(envFile) ? parseEnv(readFileSync(envFile, 'utf8')) : {}), ...process.env };
  const nodeArgs = [...serverNodeFlags(chosen), ...(existsSync(envFile) ? [`--env-file=${envFile}`] : [])];
  // The server prints outbox mail only in development; these scripts run in production mode, so on a
  // machine without SMTP nobody would see that invitations and codes went out. Turn printing on here,
  // only when nothing (environment or .env) chose SMTP or the outbox log, and say so. A code is never
  // printed (the log shows [code]): it is in the .eml file whose path each line names. (The process that
  // runs the mail jobs prints: `npm start`, or `npm run worker` beside JOB_WORKERS=false.)
  const outboxLog = chosen.SMTP_URL || chosen.OUTBOX_LOG_TEXT ? {} : { OUTBOX_LOG_TEXT: 'true' };
  if (outboxLog.OUTBOX_LOG_TEXT) {
    console.warn(
      'No SMTP_URL: e-mails are written as .eml files to the outbox folder of DATA_DIR, and their text is ' +
        'printed to this log without their codes: open the .eml file a line names to read a code. Set ' +
        'SMTP_URL (or OUTBOX_LOG_TEXT=false) on a server whose log others can read.',
    );
  }
  const child = spawn('node', [...nodeArgs, path.join(root, 'apps/server/dist', entry)], {
    stdio: 'inherit',
    env: { NODE_ENV: 'production', ...process.env, ...outboxLog },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

/**
 * For a command that imports the built server into its own process: the .env file beside package.json
 * under the environment (as `npm start` reads it), a quiet log, and DATA_DIR where `npm start` keeps it.
 */
export function useCommandEnvironment() {
  const envFile = path.join(root, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  process.env.LOG_LEVEL ||= 'warn';
  process.env.DATA_DIR ||= path.join(root, 'data');
}
