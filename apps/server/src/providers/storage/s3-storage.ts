// STORAGE_PROVIDER=s3: each object is an object of S3_BUCKET, named by its key, in AWS S3 or any
// S3-compatible service (S3_ENDPOINT), through the official SDK. The content type and size are the
// object's own; the SHA-256 travels in its user metadata (`x-amz-meta-sha256`).
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  type ByteRange,
  checkByteRange,
  isStorageKey,
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
  const { S3Client, PutObjectCommand, HeadObjectCommand, GetObjectCommand, DeleteObjectCommand } =
    await import('@aws-sdk/client-s3');
  const { accessKeyId, secretAccessKey } = options;
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
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
      const sha256 = createHash('sha256').update(body).digest('hex');
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
          Metadata: { sha256 },
        }),
      );
      return { key, contentType, size: body.length, sha256 };
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
  };
}
