// STORAGE_PROVIDER=s3: each object is an object of S3_BUCKET, named by its key, in AWS S3 or any
// S3-compatible service (S3_ENDPOINT), through the official SDK. The content type and size are the
// object's own; the SHA-256 travels in its user metadata (`x-amz-meta-sha256`). An upload that comes
// as a stream is first written to a temporary file of this machine (S3 wants the length and our
// metadata before the bytes), then sent from it: never held in memory.
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  type ByteRange,
  checkByteRange,
  isStorageKey,
  measuredBody,
  newStorageKey,
  type StorageProvider,
} from './storage-provider.js';

export interface S3StorageOptions {
  bucket: string;
  /** Another S3-compatible service (MinIO, R2, a local stand-in in tests); unset: AWS itself. */
  endpoint?: string | undefined;
  region: string;
  /** Unset: the SDK's own chain (AWS_* variables, an instance or task role). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** The bucket in the path (`host/bucket/key`) rather than the host name: what most other services need. */
  forcePathStyle: boolean;
  /** Where streamed uploads wait before they are sent; a folder of the system's temporary folder by default. */
  spoolDir?: string;
}

function isNamed(error: unknown, name: string): boolean {
  return error instanceof Error && error.name === name;
}

/** `bytes 0-99/1000` → first and last byte served, and the object's size (null when the server says `*`). */
function parseContentRange(header: string): { start: number; end: number; size: number | null } | null {
  const match = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(header.trim());
  if (!match) return null;
  return { start: Number(match[1]), end: Number(match[2]), size: match[3] === '*' ? null : Number(match[3]) };
}

/** Skips the first `skip` bytes of a stream, passes the next `length`, then stops reading it. */
function sliceStream(source: Readable, skip: number, length: number): Readable {
  async function* slice() {
    let toSkip = skip;
    let left = length;
    for await (const chunk of source as AsyncIterable<Buffer>) {
      let bytes = chunk;
      if (toSkip > 0) {
        if (bytes.length <= toSkip) {
          toSkip -= bytes.length;
          continue;
        }
        bytes = bytes.subarray(toSkip);
        toSkip = 0;
      }
      if (bytes.length >= left) {
        yield bytes.subarray(0, left);
        return;
      }
      left -= bytes.length;
      yield bytes;
    }
  }
  return Readable.from(slice(), { objectMode: false });
}

/**
 * The SDK is loaded here, when the bucket is the provider, rather than with the module: a server that
 * keeps its files in a folder never pays for loading it at start-up.
 */
export async function createS3Storage(options: S3StorageOptions): Promise<StorageProvider> {
  const {
    S3Client,
    PutObjectCommand,
    HeadObjectCommand,
    GetObjectCommand,
    DeleteObjectCommand,
    ListObjectsV2Command,
    HeadBucketCommand,
  } = await import('@aws-sdk/client-s3');
  const spoolDir = options.spoolDir ?? path.join(os.tmpdir(), 'bridge-talk-s3-spool');
  const { accessKeyId, secretAccessKey } = options;
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    // A streamed body would otherwise go out aws-chunked with a checksum trailer, which S3-compatible
    // services do not all decode (s3rver stores the chunk framing as the object's bytes).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
  });
  const Bucket = options.bucket;

  /**
   * Exactly the bytes asked for. HTTP lets a server ignore a Range header and send the whole object,
   * and some S3 stand-ins send more than asked (s3rver 3.7 reads `bytes=0-0` as `bytes=0-`): what came
   * around the range is cut off here, so that a player asking for one byte gets one.
   */
  function exactRange(body: Readable, range: ByteRange, contentRange: string | undefined, length: number) {
    const served = contentRange
      ? parseContentRange(contentRange)
      : { start: 0, end: length - 1, size: length };
    if (!served) {
      body.destroy();
      throw new Error(`S3 answered an unreadable Content-Range: ${contentRange}`);
    }
    const end = served.size === null ? range.end : Math.min(range.end, served.size - 1);
    if (end < range.start) {
      body.destroy();
      throw new RangeError(`bytes ${range.start}-${range.end} start past the end of ${served.size}`);
    }
    if (served.start === range.start && served.end === end) return body;
    if (served.start > range.start || served.end < end) {
      body.destroy();
      throw new Error(`S3 answered bytes ${served.start}-${served.end} for ${range.start}-${end}`);
    }
    return sliceStream(body, range.start - served.start, end - range.start + 1);
  }

  return {
    kind: 's3',

    async put({ body, contentType }) {
      const key = newStorageKey();
      const measured = measuredBody(body);
      const send = (Body: Buffer | Readable, sha256: string) =>
        client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body,
            ContentType: contentType,
            ContentLength: measured.size,
            Metadata: { sha256 },
          }),
        );
      if (Buffer.isBuffer(body)) {
        for await (const _ of measured.chunks());
        const sha256 = measured.sha256();
        await send(body, sha256);
        return { key, contentType, size: measured.size, sha256 };
      }
      await mkdir(spoolDir, { recursive: true });
      const spool = path.join(spoolDir, `${key}.${randomBytes(6).toString('hex')}.tmp`);
      try {
        const handle = await open(spool, 'wx');
        try {
          for await (const chunk of measured.chunks()) await handle.write(chunk);
        } finally {
          await handle.close();
        }
        const sha256 = measured.sha256();
        await send(createReadStream(spool), sha256);
        return { key, contentType, size: measured.size, sha256 };
      } finally {
        await rm(spool, { force: true });
      }
    },

    async head(key) {
      if (!isStorageKey(key)) return null;
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        const sha256 = out.Metadata?.sha256;
        // Every object under a key of ours was put by this provider, with both: one without was not.
        if (out.ContentLength === undefined || !sha256) {
          throw new Error(`S3 object ${key} has no size or no sha256 metadata`);
        }
        return {
          key,
          contentType: out.ContentType ?? 'application/octet-stream',
          size: out.ContentLength,
          sha256,
        };
      } catch (error) {
        // A HEAD answer has no body: a missing object is only a 404, which the SDK names NotFound.
        if (isNamed(error, 'NotFound')) return null;
        throw error;
      }
    },

    async get(key, range) {
      if (range) checkByteRange(range);
      if (!isStorageKey(key)) return null;
      try {
        const out = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        // In Node.js the SDK's body is the HTTP response itself: a Readable.
        if (!(out.Body instanceof Readable)) throw new Error('S3 answered without a readable body');
        return range ? exactRange(out.Body, range, out.ContentRange, out.ContentLength ?? 0) : out.Body;
      } catch (error) {
        if (isNamed(error, 'NoSuchKey')) return null;
        if (isNamed(error, 'InvalidRange')) {
          throw new RangeError(`bytes ${range?.start}-${range?.end} start past the end of S3 object ${key}`);
        }
        throw error;
      }
    },

    async delete(key) {
      if (!isStorageKey(key)) return;
      // S3 answers 204 whether or not the object was there.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          // Only keys of ours: whatever else shares the bucket is not the portal's to remove.
          if (object.Key && isStorageKey(object.Key) && object.LastModified) {
            yield { key: object.Key, storedAt: object.LastModified };
          }
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    async removeLeftovers(before) {
      // A put either completes in S3 or leaves nothing there; what a crash leaves is its spool file.
      let removed = 0;
      for (const name of await readdir(spoolDir).catch(() => [])) {
        if (!name.endsWith('.tmp')) continue;
        const file = path.join(spoolDir, name);
        const modified = await stat(file).then(
          (s) => s.mtimeMs,
          () => null,
        );
        if (modified === null || modified >= before.getTime()) continue;
        await rm(file, { force: true });
        removed += 1;
      }
      return removed;
    },

    async check() {
      // The bucket answers with these credentials; a put is spooled first, so the spool must take it too.
      await client.send(new HeadBucketCommand({ Bucket }));
      await mkdir(spoolDir, { recursive: true });
    },
  };
}
