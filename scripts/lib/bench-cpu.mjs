// Where a route's CPU goes: the CPU time the server, PostgreSQL and the load generator (autocannon in
// this process, or wrk as its child) each used while the route was driven, per request. On a small
// machine the three share the cores, so a route's throughput is bounded by their sum; this says which
// of them to cut.
//
// Read from Linux's /proc (user + system time, in clock ticks): elsewhere the figures are left out.
// PostgreSQL's is every process named postgres on the machine (its backends, its background writers),
// so other work on the same server counts as the route's: keep the machine otherwise quiet.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

// USER_HZ: 100 on every Linux build Node runs on (sysconf(_SC_CLK_TCK)).
const TICKS_PER_SECOND = 100;

/**
 * Seconds of CPU a process has used (user + system), or null when it has gone; with `children`, also
 * that of its children that have ended (wrk, a child of the bench, counts when its run ends).
 */
export function cpuSecondsOf(pid, children = false) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name (field 2) may hold spaces and parentheses: the fields after it start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const own = Number(fields[11]) + Number(fields[12]);
    return (own + (children ? Number(fields[13]) + Number(fields[14]) : 0)) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

function postgresProcesses() {
  const found = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/comm`, 'utf8').startsWith('postgres')) continue;
    } catch {
      continue;
    }
    const seconds = cpuSecondsOf(entry);
    if (seconds !== null) found.set(entry, seconds);
  }
  return found;
}

/** What the three have used so far; `database` only when the database is a PostgreSQL server. */
export function cpuSnapshot(serverPid, database) {
  if (!existsSync('/proc/self/stat')) return null;
  return {
    server: cpuSecondsOf(serverPid) ?? 0,
    client: cpuSecondsOf(process.pid, true) ?? 0,
    postgres: database === 'postgres' ? postgresProcesses() : null,
  };
}

/**
 * Microseconds of CPU per request between two snapshots: `{ server, database, client }`. A backend that
 * started in between counts from zero; one that ended in between is lost (the server's pool keeps its
 * connections while a route is driven).
 */
export function cpuPerRequest(before, after, requests) {
  if (!before || !after || requests === 0) return null;
  const perRequest = (seconds) => Math.round((seconds / requests) * 1e7) / 10;
  let database = null;
  if (after.postgres) {
    let seconds = 0;
    for (const [pid, used] of after.postgres) seconds += used - (before.postgres.get(pid) ?? 0);
    database = perRequest(seconds);
  }
  return {
    server: perRequest(after.server - before.server),
    database,
    client: perRequest(after.client - before.client),
  };
}
