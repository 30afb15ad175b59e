// The storage provider: where the files members attach to messages are kept — a folder of this
// machine (`local`) or any S3-compatible bucket (`s3`). Business code depends on this interface only;
// which file belongs to which channel and message is recorded in the database (chat_files), not here.
// An object no chat_files row names an hour after it was stored is removed by the hourly sweep
// (attachments/unsent-uploads.ts): whatever else is ever kept here needs a row that names it.
import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

export interface StoredObject {
  /** Random, chosen by the provider: never derived from a name a member gave. */
  key: string;
  contentType: string;
  /** Bytes. */
  size: number;
  /** Hex SHA-256 of the bytes, computed when stored. */
  sha256: string;
}

/**
 * Inclusive byte positions, as in an HTTP Range header. The caller keeps them within the object
 * (start ≤ end, start < size: it has the size from `head`); an end past the last byte reads to the last.
 */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StorageProvider {
  readonly kind: 'local' | 's3';
  /**
   * Stores the bytes under a new random key, with their content type, size and SHA-256. A body given
   * as chunks is written as they come, never held whole; when it throws (an upload cut at its size
   * limit, a request that breaks off), the put rejects with that error and nothing stays stored.
   */
  put(input: { body: Buffer | AsyncIterable<Uint8Array>; contentType: string }): Promise<StoredObject>;
  /** What is stored under the key, or null when nothing is (or the key is not one a provider makes). */
  head(key: string): Promise<StoredObject | null>;
  /**
   * The object's bytes (or the range of them) as a stream, or null when nothing is stored there.
   * A range that starts past the last byte, or is not one at all, is a RangeError: the route answers 416.
   */
  get(key: string, range?: ByteRange): Promise<Readable | null>;
  /** Removes the object; removing what is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored object's key and when it was stored: the sweep of files no row names reads it. */
  list(): AsyncIterable<{ key: string; storedAt: Date }>;
  /** Removes what puts cut short left behind (temporary files) before `before`; how many. */
  removeLeftovers(before: Date): Promise<number>;
  /** Resolves when the store can take a put now (the readiness probe); rejects with why not. */
  check(): Promise<void>;
}

/** The body's chunks as they pass, counted and hashed: `size` and `sha256()` once they have all passed. */
export function measuredBody(body: Buffer | AsyncIterable<Uint8Array>) {
  const hash = createHash('sha256');
  const measured = {
    size: 0,
    sha256: () => hash.digest('hex'),
    async *chunks(): AsyncIterable<Uint8Array> {
      for await (const chunk of Buffer.isBuffer(body) ? [body] : body) {
        hash.update(chunk);
        measured.size += chunk.length;
        yield chunk;
      }
    },
  };
  return measured;
}

/** 128 random bits: nobody guesses a file's key, and no two files share one. */
const KEY_BYTES = 16;
const KEY_FORMAT = /^[0-9a-f]{32}$/;

/** A new key, the same format for every provider (so a bucket can be filled from a folder and back). */
export function newStorageKey(): string {
  return randomBytes(KEY_BYTES).toString('hex');
}

/**
 * Whether a key is one a provider could have made. Anything else (`../x`, an empty string, a sidecar's
 * name) is answered as 'not found' without being looked up, so a key can never name a path or object
 * the provider did not create.
 */
export function isStorageKey(key: string): boolean {
  return KEY_FORMAT.test(key);
}

/** Refuses what is not a range at all; whether it starts within the object is the provider's check. */
export function checkByteRange(range: ByteRange): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new RangeError(`not a byte range: ${start}-${end}`);
  }
}
