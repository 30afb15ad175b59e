// A server-sent event stream on a request: the answer is taken over from Fastify and kept open, with a
// comment every 25 seconds so that proxies keep it, until the client leaves, the stream's credential
// ends (the client reconnects with a fresh one) or the server stops.
import type { FastifyReply, FastifyRequest } from 'fastify';

const KEEP_ALIVE_MS = 25_000;
/**
 * A client that reads more slowly than events come is let go past this much unsent data: it reconnects
 * and fetches what it missed, instead of the process holding its backlog.
 */
const BACKLOG_LIMIT_BYTES = 1024 * 1024;
/** The client's wait before reconnecting after the stream closes. */
const RETRY_MS = 2000;

export interface EventStream {
  send(data: unknown): void;
  end(): void;
  readonly ended: boolean;
}

export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  { until, onEnd }: { until: Date; onEnd: () => void },
): EventStream {
  reply.hijack();
  const res = reply.raw;
  // What the hooks set for every API answer (its security headers, the request's id), then the stream's.
  for (const [name, value] of Object.entries(reply.getHeaders()))
    if (value !== undefined) res.setHeader(name, value);
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    // nginx would otherwise hold events back to fill its buffer.
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
  });
  res.write(`retry: ${RETRY_MS}\n\n`);
  let ended = false;
  const keepAlive = setInterval(() => write(': keep-alive\n\n'), KEEP_ALIVE_MS);
  const deadline = setTimeout(() => end(), Math.max(0, until.getTime() - Date.now()));
  function write(chunk: string) {
    if (ended) return;
    if (res.writableLength > BACKLOG_LIMIT_BYTES) {
      end();
      return;
    }
    res.write(chunk);
  }
  function end() {
    if (ended) return;
    ended = true;
    clearInterval(keepAlive);
    clearTimeout(deadline);
    res.end();
    onEnd();
  }
  request.raw.on('close', end);
  res.on('error', end);
  return {
    send: (data) => write(`data: ${JSON.stringify(data)}\n\n`),
    end,
    get ended() {
      return ended;
    },
  };
}
