// Built API processes, job workers and an nginx in front of them, as production runs them: what the
// scale-out test (security/scale-out.test.ts) and the rolling upgrade test (ops/rolling-upgrade.test.ts)
// share. The processes run apps/server/dist (or a copy of it), so a test first checks it is not stale.
import { type ChildProcess, spawn } from 'node:child_process';
import {
  accessSync,
  constants,
  existsSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API } from '@bridge-talk/contract';
import type { SQL } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';
import { eventually, TEST_ADMIN } from './test-app.js';

export const serverRoot = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = path.resolve(serverRoot, '../..');

/** nginx on PATH, or where Debian's package puts it (/usr/sbin is not on every user's PATH). */
function findNginx(): string | null {
  for (const dir of [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin']) {
    const candidate = path.join(dir, 'nginx');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  return null;
}

export const nginxBinary = findNginx();

/**
 * Sources changed since their project was last compiled (`tsc -b` writes dist/.tsbuildinfo on every
 * build, and leaves a file's output alone when only its time changed): a stale build tests old code.
 */
function staleSources(): string[] {
  const stale: string[] = [];
  const check = (project: string) => {
    const buildInfo = path.join(project, 'dist/.tsbuildinfo');
    const builtAt = existsSync(buildInfo) ? statSync(buildInfo).mtimeMs : 0;
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name);
        if (statSync(file).isDirectory()) {
          walk(file);
        } else if (
          /\.(ts|mjs)$/.test(name) &&
          !name.endsWith('.test.ts') &&
          statSync(file).mtimeMs > builtAt
        ) {
          stale.push(path.relative(repoRoot, file));
        }
      }
    };
    walk(path.join(project, 'src'));
  };
  check(serverRoot);
  check(path.join(repoRoot, 'packages/contract'));
  return stale;
}

/** Fails when apps/server/dist is older than its sources (the processes would run old code). */
export function assertBuildIsFresh(): void {
  const stale = staleSources();
  if (stale.length > 0)
    throw new Error(
      `apps/server/dist is older than its sources (${stale.slice(0, 5).join(', ')}…): run \`npx tsc -b\` (npm test's typecheck stage does)`,
    );
}

/** The rows a raw query reads from the test's database (the processes' own, opened beside them). */
export async function queryRows<T>(database: Database, query: SQL): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A port nothing listens on at 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface Proc {
  name: string;
  child: ChildProcess;
  output: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  done: boolean;
}

export function startProcess(
  name: string,
  command: string,
  args: string[],
  env: Record<string, string>,
): Proc {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const proc: Proc = {
    name,
    child,
    output: [],
    done: false,
    exited: Promise.resolve({ code: null, signal: null }),
  };
  child.stdout!.on('data', (chunk: Buffer) => proc.output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => proc.output.push(chunk.toString()));
  proc.exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      proc.done = true;
      resolve({ code, signal });
    }),
  );
  return proc;
}

/**
 * The environment of an API process (or job worker) as production sets it, on the test's database,
 * shared DATA_DIR (the outbox and stored files, as a shared folder would be) and ports. JWT_SECRET is
 * unset, so each process loads the key the first one generated into the database.
 */
export function serverEnv(options: {
  port: number;
  workers: boolean;
  databaseUrl: string;
  dataDir: string;
  publicUrl: string;
}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    LOG_LEVEL: 'info',
    DATABASE_URL: options.databaseUrl,
    DATABASE_POOL_MAX: '5',
    DATA_DIR: options.dataDir,
    TRUST_PROXY: '1',
    JOB_WORKERS: String(options.workers),
    JOB_POLL_SECONDS: '0.5',
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    WEB_DIST_DIR: '/nonexistent',
    PUBLIC_URL: options.publicUrl,
  };
}

/** Node's arguments to run `entry` (main.js, worker.js) of a build's dist folder. */
export function nodeArgs(distDir: string, entry: string): string[] {
  return ['--enable-source-maps', path.join(distDir, entry)];
}

/** The process's JSON log lines (pino), parsed. */
export function logLines(proc: Proc): Record<string, unknown>[] {
  return proc.output
    .join('')
    .split('\n')
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
}

/** `promise`, or a failure naming what did not happen within `ms`. */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`waited ${ms} ms for ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Waits for `check`, failing at once with the process's output when the process has died. */
export async function waitFor<T>(
  proc: Proc,
  check: () => Promise<T | null | undefined | false>,
  timeoutMs: number,
) {
  return eventually(async () => {
    if (proc.done) throw new Error(`${proc.name} exited:\n${proc.output.join('').slice(-4000)}`);
    return check();
  }, timeoutMs);
}

/** A check for waitFor: the process at `base` answers /api/ready with 200. */
export const ready = (base: string) => async () =>
  (await call(base, API.system.ready).catch(() => null))?.status === 200;

/**
 * deploy/nginx.conf made to run here: the upstream servers on the test's ports (their parameters as
 * deployed), plain http on a loopback port instead of the redirect and TLS, and a header naming the
 * process(es) that answered. Every edit must find its target: a changed file fails here, not silently.
 */
function siteForTest(deployed: string, listenPort: number, upstreamPorts: number[], logDir: string): string {
  const edit = (text: string, pattern: RegExp, replace: (match: string, ...groups: string[]) => string) => {
    if (!pattern.test(text)) throw new Error(`deploy/nginx.conf: nothing matches ${pattern}`);
    return text.replace(pattern, replace as (substring: string, ...args: unknown[]) => string);
  };
  const ports = [...upstreamPorts];
  let site = edit(deployed, /^([ \t]*server )127\.0\.0\.1:\d+(.*;)$/gm, (_line, start, rest) => {
    const port = ports.shift();
    return port === undefined ? '' : `${start}127.0.0.1:${port}${rest}`;
  });
  if (ports.length > 0) throw new Error('deploy/nginx.conf: fewer upstream servers than processes');
  site = edit(site, /^server \{\n\s*listen 80;[\s\S]*?^\}\n/m, () => '');
  site = edit(site, /^[ \t]*listen 443 ssl http2;$/m, () => `    listen 127.0.0.1:${listenPort};`);
  site = edit(site, /^[ \t]*listen \[::\]:443 ssl http2;\n/m, () => '');
  site = edit(site, /^[ \t]*ssl_\w+ [^\n]*\n/gm, () => '');
  // The site's own log, in its own format, beside the test's log of upstreams (read by the checks).
  site = edit(
    site,
    /^([ \t]*)access_log \S+ bridge_talk;$/m,
    (_line, indent) =>
      `${indent}access_log ${logDir}/site-access.log bridge_talk;\n${indent}access_log ${logDir}/access.log upstreams;`,
  );
  return edit(
    site,
    /^([ \t]*server_name [^\n]*\n)/m,
    (line) => `${line}    add_header X-Upstream-Addr $upstream_addr always;\n`,
  );
}

function nginxMainConf(dir: string, site: string): string {
  return `daemon off;
master_process off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  log_format upstreams '$request_method $request_uri $status upstream=$upstream_addr:$upstream_status';
  access_log ${dir}/access.log upstreams;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${site};
}
`;
}

/** nginx running deploy/nginx.conf (see siteForTest) in `dir`, on `listenPort`, in front of `upstreamPorts`. */
export function startNginx(dir: string, listenPort: number, upstreamPorts: number[]): Proc {
  const site = path.join(dir, 'bridge-talk.conf');
  writeFileSync(
    site,
    siteForTest(
      readFileSync(path.join(repoRoot, 'deploy/nginx.conf'), 'utf8'),
      listenPort,
      upstreamPorts,
      dir,
    ),
  );
  writeFileSync(path.join(dir, 'nginx.conf'), nginxMainConf(dir, site));
  return startProcess(
    'nginx',
    nginxBinary!,
    ['-p', `${dir}/`, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')],
    { PATH: process.env.PATH ?? '' },
  );
}

/** What the processes and nginx said last (a failed test prints it). */
export function printLastOutput(procs: Proc[], nginxDir: string): void {
  for (const proc of procs)
    console.error(`── ${proc.name} (last lines) ──\n${proc.output.join('').slice(-3000)}`);
  const errorLog = path.join(nginxDir, 'error.log');
  if (existsSync(errorLog))
    console.error(`── nginx error.log ──\n${readFileSync(errorLog, 'utf8').slice(-3000)}`);
}

/** Stops every process still running (nginx with SIGQUIT, the others with SIGTERM; SIGKILL after 15 s). */
export async function stopAll(procs: Proc[]): Promise<void> {
  for (const proc of procs.filter((p) => !p.done))
    proc.child.kill(proc.name === 'nginx' ? 'SIGQUIT' : 'SIGTERM');
  await Promise.all(
    procs.map(async (proc) => {
      const timer = setTimeout(() => proc.child.kill('SIGKILL'), 15_000);
      await proc.exited;
      clearTimeout(timer);
    }),
  );
}

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  cookie: string | null;
  upstream: string;
}

/** The refresh cookie's value in an answer (null: none set). */
function refreshCookieOf(response: Response): string | null {
  for (const line of response.headers.getSetCookie()) {
    const match = /^bt_refresh=([^;]*)/.exec(line);
    if (match) return match[1] || null;
  }
  return null;
}

/** One request to `base` (a process, or nginx): its status, JSON body, refresh cookie and X-Upstream-Addr. */
export async function call(
  base: string,
  url: string,
  options: {
    method?: string;
    body?: unknown;
    authorization?: string;
    refresh?: string;
    forwardedFor?: string;
    timeoutMs?: number;
  } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.authorization) headers.authorization = options.authorization;
  if (options.refresh) headers.cookie = `bt_refresh=${options.refresh}`;
  if (options.forwardedFor) headers['x-forwarded-for'] = options.forwardedFor;
  const response = await fetch(`${base}${url}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
  });
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { text };
  }
  return {
    status: response.status,
    body,
    cookie: refreshCookieOf(response),
    upstream: response.headers.get('x-upstream-addr') ?? '',
  };
}
