// Phase 2 of the load run, SIGTERM under load: a new server on the same database, as many plain
// node:http keep-alive clients as connections (each request tagged with its own x-request-id), SIGTERM
// after `termAfter` seconds, the clients going on until the server has exited; then what the server
// read and finished (its own log), what the clients received, and whether every message answered 201
// is in the database. The definitions of accepted, complete, dropped, refused and unread are in
// scripts/bench-load.mjs.
import http from 'node:http';
import { withClient } from './load-seed.mjs';
import { headersOf, pickOperation } from './load-workload.mjs';

function requestOnce(agent, port, op, id, connections) {
  return new Promise((resolve) => {
    const body = op.body ? JSON.stringify(op.body) : undefined;
    let connected = false;
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: op.method,
        path: op.path,
        agent,
        timeout: 30_000,
        headers: {
          ...headersOf(op, connections),
          'x-request-id': id,
          ...(body ? { 'content-length': Buffer.byteLength(body) } : {}),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => resolve({ id, outcome: 'complete', status: response.statusCode, text, op }));
        response.on('aborted', () =>
          resolve({ id, outcome: 'error', error: 'aborted', connected: true, op }),
        );
        response.on('error', (error) =>
          resolve({ id, outcome: 'error', error: error.code ?? error.message, connected: true, op }),
        );
      },
    );
    request.on('socket', (socket) => {
      if (!socket.connecting) connected = true;
      else
        socket.once('connect', () => {
          connected = true;
        });
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error) => {
      const code = error.code ?? error.message;
      resolve({ id, outcome: code === 'ECONNREFUSED' ? 'refused' : 'error', error: code, connected, op });
    });
    if (body) request.write(body);
    request.end();
  });
}

export async function phaseTwo(dbUrl, families, { connections, termAfter, startServer, log }) {
  log(`phase 2: ${connections} clients, SIGTERM after ${termAfter} s of load…`);
  const server = await startServer({ DATABASE_URL: dbUrl, LOG_LEVEL: 'info' });
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const outcomes = [];
  let exited = null;
  let termSentAt = 0;
  server.exited.then((result) => {
    exited = { ...result, at: Date.now() };
  });
  const loops = Array.from({ length: connections }, async (_, loop) => {
    for (let seq = 0; ; seq++) {
      if (exited && Date.now() - exited.at > 1000) return;
      const answer = await requestOnce(
        agent,
        server.port,
        pickOperation(families),
        `load-p2-${loop}-${seq}`,
        connections,
      );
      outcomes.push({ ...answer, afterTerm: termSentAt > 0 });
      if (answer.outcome === 'refused') return;
    }
  });
  await new Promise((resolve) => setTimeout(resolve, termAfter * 1000));
  termSentAt = Date.now();
  server.child.kill('SIGTERM');
  const exit = await server.exited;
  const shutdownMs = Date.now() - termSentAt;
  await Promise.race([Promise.all(loops), new Promise((resolve) => setTimeout(resolve, 35_000))]);
  agent.destroy();

  // What the server read and what it finished, by request id, from its own log.
  const incoming = new Set();
  const finished = new Set();
  for (const line of server.lines) {
    if (!line.startsWith('{')) continue;
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (typeof entry.reqId !== 'string' || !entry.reqId.startsWith('load-p2-')) continue;
    if (entry.msg === 'incoming request') incoming.add(entry.reqId);
    if (entry.msg === 'request completed') finished.add(entry.reqId);
  }
  const byId = new Map(outcomes.map((o) => [o.id, o]));
  const dropped = [...incoming].filter((id) => byId.get(id)?.outcome !== 'complete');
  const unfinished = [...incoming].filter((id) => !finished.has(id));
  const unread = outcomes.filter((o) => o.outcome === 'error' && !incoming.has(o.id));
  const statuses = {};
  for (const o of outcomes) if (o.outcome === 'complete') statuses[o.status] = (statuses[o.status] ?? 0) + 1;

  // Every message the server acknowledged (201) is in the database after the shutdown.
  const acknowledged = outcomes
    .filter((o) => o.outcome === 'complete' && o.status === 201 && o.op.message)
    .map((o) => JSON.parse(o.text).id);
  const stored = await withClient(dbUrl, async (c) =>
    acknowledged.length
      ? Number(
          (await c.query('select count(*) from chat_messages where id = any($1::uuid[])', [acknowledged]))
            .rows[0].count,
        )
      : 0,
  );
  const summary = {
    connections,
    termAfterSeconds: termAfter,
    shutdownMs,
    exitCode: exit.code,
    exitSignal: exit.signal,
    requestsSent: outcomes.length,
    accepted: incoming.size,
    complete: outcomes.filter((o) => o.outcome === 'complete').length,
    completeAfterTerm: outcomes.filter((o) => o.outcome === 'complete' && o.afterTerm).length,
    statuses,
    dropped: dropped.length,
    droppedIds: dropped.slice(0, 20),
    acceptedButNotLoggedCompleted: unfinished.length,
    refusedNewConnections: outcomes.filter((o) => o.outcome === 'refused').length,
    unreadOnIdleKeepAlive: unread.length,
    unreadErrors: [...new Set(unread.map((o) => o.error))],
    messagesAcknowledged: acknowledged.length,
    messagesAcknowledgedAndStored: stored,
  };
  summary.pass =
    summary.dropped === 0 &&
    summary.acceptedButNotLoggedCompleted === 0 &&
    summary.exitCode === 0 &&
    stored === acknowledged.length;
  return summary;
}
