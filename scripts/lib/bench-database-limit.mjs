// Each authenticated route set beside its database's own limit: the statements the route sends
// (captured from a server with bench/statement-log.mjs preloaded), run by pgbench -M prepared with as
// many clients on PostgreSQL, or by PGlite in-process (bench/pglite-direct.mjs).
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { routesOf } from './bench-routes.mjs';
import { login, startServer, stopServer } from './bench-server.mjs';
import { root } from './build-state.mjs';

/** Statements of the job queue (pg-boss polls on its own) are not a route's. */
const isRouteStatement = (s) => !/pgboss/i.test(s.text);

/**
 * The SQL statements each authenticated read route sends, with their parameters: the server is started
 * once with bench/statement-log.mjs preloaded (it writes every statement given to `pg` or to the PGlite
 * thread) and each route is asked three times alone; the third request's statements are the route's
 * (the first ones may prepare or cache what later requests reuse).
 */
export async function captureStatements(serverDist, env, seeded) {
  const log = path.join(os.tmpdir(), `bench-statements-${process.pid}.jsonl`);
  writeFileSync(log, '');
  const server = await startServer(
    serverDist,
    { ...env, BENCH_STATEMENT_LOG: log, BENCH_SERVER_DIST: serverDist },
    ['--import', path.join(root, 'bench/statement-log.mjs')],
  );
  try {
    const [admin, entity] = seeded.logins;
    const adminAuth = await login(server.url, admin.email, admin.password, 'admin');
    const entityAuth = await login(server.url, entity.email, entity.password, 'entity');
    const captured = {};
    for (const route of routesOf(server.url, seeded, [adminAuth], [entityAuth], entity)) {
      if (!route.database) continue;
      for (let i = 0; i < 2; i += 1) await (await fetch(route.url, { headers: route.headers })).arrayBuffer();
      writeFileSync(log, '');
      const response = await fetch(route.url, { headers: route.headers });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${route.label} answered ${response.status}`);
      captured[route.name] = readFileSync(log, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
        .filter(isRouteStatement);
    }
    return captured;
  } finally {
    await stopServer(server);
    rmSync(log, { force: true });
  }
}

/**
 * A pgbench script of one route's statements: one transaction is one request's statements. Parameters
 * become pgbench variables (`-D`), so that with `-M prepared` each statement is prepared once with
 * `$n` parameters as the server sends it; a null parameter is written as NULL.
 */
function pgbenchScript(statements) {
  const variables = [];
  const lines = statements.map((statement, i) => {
    const text = statement.text.replace(/\$(\d+)/g, (_, n) => {
      const value = statement.params[Number(n) - 1];
      if (value === null || value === undefined) return 'NULL';
      const name = `s${i}p${n}`;
      variables.push(`${name}=${value}`);
      return `:${name}`;
    });
    return `${text.replace(/\s+/g, ' ').trim()};`;
  });
  return { script: `${lines.join('\n')}\n`, variables };
}

/**
 * pgbench on one route's statements, as many clients as the route had connections; answers tps. The
 * server sends some statements unnamed (PostgreSQL plans them for their values on every call); pgbench
 * prepares all of them, and after five runs PostgreSQL may keep a generic plan that the server never
 * uses (for the message search, a plan that reads the whole channel). So a route with an unnamed statement is run with custom plans
 * throughout: its named statements are then planned each time too, a small cost the server does not
 * pay, which counts in the route's favour.
 */
export function runPgbench(url, name, statements, connections, duration) {
  const { script, variables } = pgbenchScript(statements);
  const file = path.join(os.tmpdir(), `bench-${process.pid}-${name.replace(/\W+/g, '-')}.sql`);
  writeFileSync(file, script);
  const result = spawnSync(
    'pgbench',
    [
      '-n',
      '-M',
      'prepared',
      '-c',
      String(connections),
      '-j',
      '2',
      '-T',
      String(duration),
      ...variables.flatMap((v) => ['-D', v]),
      '-f',
      file,
      url,
    ],
    {
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
      env: statements.some((statement) => !statement.name)
        ? { ...process.env, PGOPTIONS: `${process.env.PGOPTIONS ?? ''} -c plan_cache_mode=force_custom_plan` }
        : process.env,
    },
  );
  rmSync(file, { force: true });
  const tps = /tps = ([\d.]+)/.exec(result.stdout);
  if (result.status !== 0 || !tps)
    throw new Error(`pgbench failed on ${name}:\n${result.stdout}${result.stderr}`);
  return Number(tps[1]);
}

/**
 * PGlite executing each route's statements itself, opened as the server opens it (its thread, on the
 * same data directory, the server stopped), with as many concurrent callers as the route had
 * connections (bench/pglite-direct.mjs); answers statements' runs per second per route.
 */
export function runPgliteDirect(dataDir, captured, connections, { duration, serverDist }) {
  const input = path.join(os.tmpdir(), `bench-pglite-direct-${process.pid}.json`);
  writeFileSync(input, JSON.stringify({ dataDir, duration, connections, routes: captured }));
  const result = spawnSync('node', [path.join(root, 'bench/pglite-direct.mjs'), input], {
    cwd: root,
    env: { ...process.env, BENCH_SERVER_DIST: serverDist },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  rmSync(input, { force: true });
  if (result.status !== 0) throw new Error(`the direct PGlite run failed:\n${result.stdout}${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1));
}
