// STORAGE_PROVIDER=local: each object is a file in STORAGE_DIR, at `ab/cd/<key>` (the key's first two
// pairs of hex digits spread the files over 65,536 folders, none of them huge), with a JSON sidecar
// `<key>.json` holding its content type, size and SHA-256. The sidecar is written last and removed
// first, so it is what says an object exists: bytes without one (a put cut short) are never served.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  type ByteRange,
  checkByteRange,
  isStorageKey,
  measuredBody,
  newStorageKey,
  type StorageProvider,
  type StoredObject,
} from './storage-provider.js';

type Sidecar = Omit<StoredObject, 'key'>;

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/**
 * Writes to a temporary file beside the target, flushes it to disk, then renames it over the target: a
 * reader sees the whole file or none, and a crash leaves at most a `.tmp` file that no key can name.
 */
async function writeFileAtomically(file: string, data: string | AsyncIterable<Uint8Array>): Promise<void> {
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const handle = await open(temp, 'wx');
    try {
      if (typeof data === 'string') await handle.writeFile(data);
      else for await (const chunk of data) await handle.write(chunk);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

export function createLocalStorage(options: { dir: string }): StorageProvider {
  const root = path.resolve(options.dir);
  // Only ever called with a key that passed isStorageKey: 32 hex digits cannot leave the folder.
  const fileOf = (key: string) => path.join(root, key.slice(0, 2), key.slice(2, 4), key);
  const sidecarOf = (key: string) => `${fileOf(key)}.json`;

  async function head(key: string): Promise<StoredObject | null> {
    if (!isStorageKey(key)) return null;
    let text: string;
    try {
      text = await readFile(sidecarOf(key), 'utf8');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    const { contentType, size, sha256 } = JSON.parse(text) as Sidecar;
    return { key, contentType, size, sha256 };
  }

  return {
    kind: 'local',

    async put({ body, contentType }) {
      const key = newStorageKey();
      const measured = measuredBody(body);
      await mkdir(path.dirname(fileOf(key)), { recursive: true });
      await writeFileAtomically(fileOf(key), measured.chunks());
      const sidecar: Sidecar = { contentType, size: measured.size, sha256: measured.sha256() };
      await writeFileAtomically(sidecarOf(key), JSON.stringify(sidecar));
      return { key, ...sidecar };
    },

    head,

    async get(key: string, range?: ByteRange): Promise<Readable | null> {
      if (range) checkByteRange(range);
      const stored = await head(key);
      if (!stored) return null;
      if (range && range.start >= stored.size) {
        throw new RangeError(`bytes ${range.start}-${range.end} start past the end of ${stored.size}`);
      }
      // Opened here rather than by the stream, so that a file deleted meanwhile is a null, not an
      // error event on a stream already handed to the reply.
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(fileOf(key), 'r');
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },

    async delete(key) {
      if (!isStorageKey(key)) return;
      // The sidecar first: from then on the object is gone, even if removing its bytes fails. The
      // shard folders stay: there are at most 65,536 of them and a later put reuses them.
      await rm(sidecarOf(key), { force: true });
      await rm(fileOf(key), { force: true });
    },

    async *list() {
      // An object is its bytes and its sidecar; either alone (a put or a delete cut short) is listed
      // too, so that the sweep removes it. Its time is the newer file's.
      for await (const shard of shards()) {
        const times = new Map<string, number>();
        for (const name of await readdir(shard).catch(() => [])) {
          const key = name.endsWith('.json') ? name.slice(0, -'.json'.length) : name;
          if (!isStorageKey(key)) continue;
          const modified = await modifiedAt(path.join(shard, name));
          if (modified !== null) times.set(key, Math.max(times.get(key) ?? 0, modified));
        }
        for (const [key, time] of times) yield { key, storedAt: new Date(time) };
      }
    },

    async removeLeftovers(before) {
      let removed = 0;
      for await (const shard of shards()) {
        for (const name of await readdir(shard).catch(() => [])) {
          if (!name.endsWith('.tmp')) continue;
          const file = path.join(shard, name);
          const modified = await modifiedAt(file);
          if (modified === null || modified >= before.getTime()) continue;
          await rm(file, { force: true });
          removed += 1;
        }
      }
      return removed;
    },

    async check() {
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },
  };

  /** The `ab/cd` folders that hold the files. */
  async function* shards(): AsyncIterable<string> {
    const hex2 = /^[0-9a-f]{2}$/;
    for (const first of await readdir(root).catch(() => [])) {
      if (!hex2.test(first)) continue;
      for (const second of await readdir(path.join(root, first)).catch(() => [])) {
        if (hex2.test(second)) yield path.join(root, first, second);
      }
    }
  }
}

/** A file's modification time in ms, or null when it is gone meanwhile. */
async function modifiedAt(file: string): Promise<number | null> {
  try {
    return (await stat(file)).mtimeMs;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}
