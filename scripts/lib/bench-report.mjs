// A benchmark's outcome: the table printed for each database, and the same figures (with the data,
// the machine and the statements each route sent) written as JSON to the results folder (--out, BENCH_OUT, or bench/.results).
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measuredNodeFlags } from './bench-server.mjs';
import { root } from './build-state.mjs';

/** ' (43–58)': the lowest and highest share of a route measured in several pairs (--pairs). */
function shareRange(result) {
  if (!result.pairs) return '';
  const shares = result.pairs.map((pair) => pair.ofDatabase);
  return ` (${Math.min(...shares).toFixed(0)}–${Math.max(...shares).toFixed(0)})`;
}

export function printTable(kind, outcome, duration, loadGenerator) {
  const limit = kind === 'PGlite' ? 'direct/s' : 'pgbench tps';
  const rows = [
    [
      'route',
      'conn',
      'req/s',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'errors',
      'stmts',
      limit,
      '% of db',
      '% of bare',
      'loop max ms',
      'CPU µs: server',
      'db',
      'client',
    ],
    ...outcome.results.map((r) => [
      r.route,
      String(r.connections),
      r.rps.toFixed(1),
      String(r.p50),
      String(r.p95),
      String(r.p99),
      String(r.errors),
      r.statements === undefined ? '' : String(r.statements),
      r.databaseTps === undefined ? '' : r.databaseTps.toFixed(1),
      r.ofDatabase === undefined ? '' : `${r.ofDatabase.toFixed(1)} %${shareRange(r)}`,
      `${r.ofBare.toFixed(1)} %`,
      String(r.eventLoopMaxMs),
      String(r.cpuMicroseconds?.server ?? ''),
      String(r.cpuMicroseconds?.database ?? ''),
      String(r.cpuMicroseconds?.client ?? ''),
    ]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  console.info(
    `\n${kind} — ${duration} s per route, driven by ${loadGenerator}; server start ${outcome.startMs} ms (node ${measuredNodeFlags()})`,
  );
  for (const [i, row] of rows.entries()) {
    console.info(
      row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  '),
    );
    if (i === 0) console.info(widths.map((w) => '-'.repeat(w)).join('  '));
  }
  if (kind === 'PGlite')
    console.info('% of db: the route ÷ PGlite running its statements in-process (target ≥ 50 %)');
  else console.info('% of db: the route ÷ pgbench -M prepared on its statements (target ≥ 50 %)');
  if (outcome.results.some((r) => r.cpuMicroseconds))
    console.info(
      `CPU µs: CPU time per request of the server${kind === 'PGlite' ? ' (PGlite included)' : ', of PostgreSQL'} and of the load generator`,
    );
}

export function writeResults(kind, outcome, seeded, { out, duration, families, messages, loadGenerator }) {
  mkdirSync(out, { recursive: true });
  const date = new Date().toISOString().slice(0, 10);
  const file = path.join(out, `${date}-${kind}.json`);
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], {
    cwd: root,
    encoding: 'utf8',
  }).stdout.trim();
  const report = {
    date: new Date().toISOString(),
    commit,
    database: kind,
    machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? '', node: process.version },
    // Other work on the machine skews every figure: the 1-minute load average after each route is kept.
    durationSeconds: duration,
    loadGenerator,
    serverNodeFlags: measuredNodeFlags(),
    data: {
      families,
      messages,
      rows: seeded.counts,
      seededInMs: seeded.alreadySeeded ? null : seeded.totalMs,
    },
    serverStartMs: outcome.startMs,
    routes: outcome.results,
    // What each route sent to the database: the statements pgbench (or PGlite in-process) ran.
    statements: outcome.statements,
  };
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.info(`written: ${path.relative(root, file)}`);
}

export function describeSeed(seeded) {
  if (seeded.alreadySeeded) return 'already seeded';
  return `seeded in ${(seeded.totalMs / 1000).toFixed(1)} s (${seeded.counts.groups} families, ${seeded.counts.chat_messages} messages)`;
}
