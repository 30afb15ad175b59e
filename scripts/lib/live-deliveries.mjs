// The live bench's two sides: a member's event stream read as the families' app reads it (fetch with the
// member's bearer, the contract's parser), and the ledger of what each message should reach and what
// reached whom, how long after its send began.
import { percentile } from './bench-server.mjs';

/**
 * Opens a member's event stream at `url` and resolves once its first 'ready' came (the server has
 * added the stream to its channels), within `timeoutMs`. `onEvent(data, at)` gets every event with the
 * performance.now() at which its chunk arrived.
 */
export async function openMemberStream(url, { token, address }, onEvent, timeoutMs = 10_000) {
  const { eventStreamParser } = await import('@bridge-talk/contract');
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new Error(`no 'ready' within ${timeoutMs} ms`)), timeoutMs);
  const stream = { ended: false, endedAt: null, closedByUs: false, readies: 0 };
  try {
    const response = await fetch(url, {
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': address },
      signal: abort.signal,
    });
    if (response.status !== 200) throw new Error(`${response.status} ${await response.text()}`);
    let ready;
    const readyCame = new Promise((resolve) => {
      ready = resolve;
    });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let at = 0;
    const push = eventStreamParser((data) => {
      if (data.type === 'ready') {
        stream.readies += 1;
        ready();
      }
      onEvent(data, at);
    });
    const ended = (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          at = performance.now();
          push(value);
        }
      } catch {
        // aborted: by close(), or the wait for 'ready' ran out
      }
      stream.ended = true;
      stream.endedAt = performance.now();
    })();
    await Promise.race([readyCame, ended]);
    if (stream.readies === 0)
      throw new Error(abort.signal.reason?.message ?? 'the stream ended before its ready');
  } catch (error) {
    abort.abort();
    throw error;
  } finally {
    clearTimeout(timer);
  }
  stream.close = () => {
    stream.closedByUs = true;
    abort.abort();
  };
  return stream;
}

/** p-th percentile to a tenth of a millisecond (bench-server's percentile rounds to whole units). */
function tenths(values, p) {
  if (values.length === 0) return null;
  return (
    percentile(
      values.map((v) => v * 10),
      p,
    ) / 10
  );
}

const spread = (values) => ({
  count: values.length,
  p50: tenths(values, 50),
  p95: tenths(values, 95),
  p99: tenths(values, 99),
  max: values.length ? Math.round(Math.max(...values) * 10) / 10 : null,
});

/**
 * What each message should reach (the open streams of its channel when it was sent, the sender's own
 * included) and what reached whom. `processOf(member)` is the server process a member's stream is on.
 */
export function createLedger(processOf) {
  const messages = new Map();
  const byId = new Map();
  let unknown = 0;
  let duplicates = 0;
  let strangers = 0;
  return {
    /** A send begins: `receivers` is a Set of member indexes, `via` the process the send goes to. */
    sending(clientId, { seq, channelId, via, receivers }) {
      messages.set(clientId, {
        seq,
        channelId,
        via,
        receivers,
        got: new Map(),
        startedAt: performance.now(),
        status: null,
        postMs: null,
      });
    },
    answered(clientId, { status, id }) {
      const entry = messages.get(clientId);
      entry.status = status;
      entry.postMs = performance.now() - entry.startedAt;
      if (id) byId.set(id, entry);
    },
    /** A message event reached `member`'s stream at `at` (performance.now()). */
    delivered(member, message, at) {
      const entry = messages.get(message.clientId) ?? byId.get(message.id);
      if (!entry) unknown += 1;
      else if (!entry.receivers.has(member)) strangers += 1;
      else if (entry.got.has(member)) duplicates += 1;
      else entry.got.set(member, at - entry.startedAt);
    },
    /** Deliveries still awaited for the messages answered 201 (and those not answered yet). */
    outstanding() {
      let left = 0;
      for (const entry of messages.values())
        if (entry.status === null || entry.status === 201) left += entry.receivers.size - entry.got.size;
      return left;
    },
    summary() {
      const all = [];
      const sameProcess = [];
      const otherProcess = [];
      const postMs = [];
      const statuses = {};
      let expected = 0;
      let messagesMissing = 0;
      let deliveredOfFailedSends = 0;
      for (const entry of messages.values()) {
        statuses[entry.status ?? 'none'] = (statuses[entry.status ?? 'none'] ?? 0) + 1;
        if (entry.postMs !== null) postMs.push(entry.postMs);
        if (entry.status !== 201) {
          deliveredOfFailedSends += entry.got.size;
          continue;
        }
        expected += entry.receivers.size;
        if (entry.got.size < entry.receivers.size) messagesMissing += 1;
        for (const [member, ms] of entry.got) {
          all.push(ms);
          (processOf(member) === entry.via ? sameProcess : otherProcess).push(ms);
        }
      }
      return {
        messagesSent: messages.size,
        sendStatuses: statuses,
        post: spread(postMs),
        deliveriesExpected: expected,
        deliveriesReceived: all.length,
        lost: expected - all.length,
        messagesWithALoss: messagesMissing,
        duplicated: duplicates,
        toAMemberOutsideTheChannel: strangers,
        unknownMessages: unknown,
        deliveredOfFailedSends,
        deliveryMs: spread(all),
        deliveryMsSameProcess: spread(sameProcess),
        deliveryMsOtherProcess: spread(otherProcess),
      };
    },
  };
}
