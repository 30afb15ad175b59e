// An upload as the request brings it: the multipart reader's refusals in the catalogue's words, and
// its first bytes read ahead (enough to recognise what the file is) with the rest still unread, to be
// stored as it comes and cut off at the largest size allowed.
import { MSG } from '@bridge-talk/contract';
import { AppError } from './app-error.js';

/** How many first bytes tell every allowed type apart (what file-type reads at most). */
const RECOGNISE_BYTES = 4100;

/**
 * The multipart reader's refusals, in the catalogue's words (`tooLarge`: the route's own limit).
 * Anything else it throws is a body that is not a form (no boundary where one is announced, a form cut
 * short): the client's mistake, a 400.
 */
function uploadError(error: unknown, tooLarge: () => AppError): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
    return new AppError('BAD_REQUEST', MSG.conversations.fileTooMany);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_FIELDS_LIMIT')
    return new AppError('BAD_REQUEST', MSG.conversations.fileMissing);
  return new AppError('BAD_REQUEST', MSG.conversations.fileUnreadable);
}

/** The chunks of a source the request feeds, its reading errors given as the refusals above. */
export async function* readingErrorsAsRefusals<T>(
  source: AsyncIterable<T>,
  tooLarge: () => AppError,
): AsyncIterable<T> {
  try {
    yield* source;
  } catch (error) {
    throw uploadError(error, tooLarge);
  }
}

/**
 * An upload's chunks, as the request brings them: its first bytes (at least `RECOGNISE_BYTES`, or all
 * of a smaller file) and the rest, still unread.
 */
export async function firstBytes(body: Buffer | AsyncIterable<Uint8Array>) {
  const source = Buffer.isBuffer(body)
    ? (async function* () {
        yield body;
      })()
    : body[Symbol.asyncIterator]();
  const head: Uint8Array[] = [];
  let length = 0;
  let ended = false;
  while (length < RECOGNISE_BYTES) {
    const next = await source.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    length += next.value.length;
  }
  /** Every chunk, the first ones again, cut off with a 413 as soon as they pass `limit` bytes. */
  async function* upTo(limit: number, tooLarge: () => AppError): AsyncIterable<Uint8Array> {
    let seen = 0;
    try {
      for (let next = head.shift(); next; next = head.shift()) {
        seen += next.length;
        if (seen > limit) throw tooLarge();
        yield next;
      }
      for (let next = ended ? null : await source.next(); next && !next.done; next = await source.next()) {
        seen += next.value.length;
        if (seen > limit) throw tooLarge();
        yield next.value;
      }
    } finally {
      // Stops reading the request when the upload is refused or the storage gives up.
      await source.return?.();
    }
  }
  return { bytes: Buffer.concat(head), upTo, discard: () => source.return?.() };
}
