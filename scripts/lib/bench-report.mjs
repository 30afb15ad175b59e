// A benchmark's outcome: the table printed for each database, and the same figures (with the data,
// the machine and the statements each route sent) written as JSON to the results folder (--out, BENCH_OUT, or bench/.results).
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measuredNodeFlags } from './bench-server.mjs';
import { root } from './build-state.mjs';

/** A table: the first row its heading, underlined; the first column left-aligned, the others right. */
export function printRows(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  for (const [i, row] of rows.entries()) {
    console.info(
      row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  '),
    );
    if (i === 0) console.info(widths.map((w) => '-'.repeat(w)).join('  '));
  }
}

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
  console.info(
    `\n${kind} — ${duration} s per route, driven by ${loadGenerator}; server start ${outcome.startMs} ms (node ${measuredNodeFlags()})`,
  );
  printRows(rows);
  if (kind === 'PGlite')
    console.info('% of db: the route ÷ PGlite running its statements in-process (target ≥ 50 %)');
  else console.info('% of db: the route ÷ pgbench -M prepared on its statements (target ≥ 50 %)');
  if (outcome.results.some((r) => r.cpuMicroseconds))
    console.info(
      `CPU µs: CPU time per request of the server${kind === 'PGlite' ? ' (PGlite included)' : ', of PostgreSQL'} and of the load generator`,
    );
}

/** What every results file starts with: when, from which commit, on which machine. */
export function provenance() {
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], {
    cwd: root,
    encoding: 'utf8',
  }).stdout.trim();
  return {
    date: new Date().toISOString(),
    commit,
    machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? '', node: process.version },
  };
}

/** Writes `report` as today's `<name>.json` in the results folder and says where. */
export function writeReport(out, name, report) {
  mkdirSync(out, { recursive: true });
  const file = path.join(out, `${new Date().toISOString().slice(0, 10)}-${name}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.info(`written: ${path.relative(root, file)}`);
}

export function writeResults(kind, outcome, seeded, { out, duration, families, messages, loadGenerator }) {
  const report = {
    ...provenance(),
    database: kind,
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
  writeReport(out, kind, report);
}

export function describeSeed(seeded) {
  if (seeded.alreadySeeded) return 'already seeded';
  return `seeded in ${(seeded.totalMs / 1000).toFixed(1)} s (${seeded.counts.groups} families, ${seeded.counts.chat_messages} messages)`;
}

/** Routes that read none of the data: their growth is the machine's noise. */
const UNREAD = new Set(['bare', 'login']);
const growthOf = (small, large) => (small > 0 ? Math.round((large / small) * 100) / 100 : null);

/**
 * Each route's req/s and p95 at the smallest and the largest size, and the ratio of the p95s; a route
 * whose p95 grew past `goal` is marked. The bare route and sign-in do not read the data.
 */
export function printGrowth(outcomes, goal) {
  const small = outcomes[0];
  const large = outcomes.at(-1);
  const size = (o) => `${o.families / 1000}k/${o.messages / 1000}k`;
  const rows = [
    [
      'route',
      `req/s ${size(small)}`,
      `req/s ${size(large)}`,
      `p95 ${size(small)}`,
      `p95 ${size(large)}`,
      'p95 ×',
      '',
    ],
  ];
  for (const result of small.outcome.results) {
    const other = large.outcome.results.find((r) => r.route === result.route);
    if (!other) continue;
    const ratio = growthOf(result.p95, other.p95);
    rows.push([
      result.route,
      result.rps.toFixed(1),
      other.rps.toFixed(1),
      String(result.p95),
      String(other.p95),
      ratio === null ? '' : ratio.toFixed(2),
      ratio !== null && ratio > goal && !UNREAD.has(result.route) ? `over ${goal}×` : '',
    ]);
  }
  console.info(`\nGrowth: ${size(small)} → ${size(large)} (families/messages); goal: p95 at most ${goal}×`);
  printRows(rows);
}

export function writeSizes(outcomes, { out, duration, loadGenerator, channelMessages, goal }) {
  const report = {
    ...provenance(),
    database: 'postgres',
    durationSeconds: duration,
    loadGenerator,
    goal,
    channelMessages,
    sizes: outcomes.map(({ families, messages, seeded, outcome }) => ({
      families,
      messages,
      rows: seeded.counts,
      seededInMs: seeded.alreadySeeded ? null : seeded.totalMs,
      steps: seeded.steps,
      routes: outcome.results,
    })),
  };
  writeReport(out, 'sizes', report);
}
