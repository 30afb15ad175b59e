// Both storage providers held to one behaviour: the folder, and the bucket through the official SDK
// against s3rver (an S3 stand-in on loopback). What a put stored comes back byte for byte, whole or in
// ranges; a key that is not one a provider makes is 'not found' without anything being looked up.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage.js';
import { createS3Storage } from './s3-storage.js';
import { newStorageKey, type StorageProvider } from './storage-provider.js';

/** The part of s3rver (which ships no types) these tests use. */
interface S3rver {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer: Server;
}
const require = createRequire(import.meta.url);
const S3rver = require('s3rver') as new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rver;

interface Harness {
  storage: StorageProvider;
  /** A folder beside the provider's own, holding SECRET as a stored object would be: no key may reach it. */
  outside: string;
  /** Where a put cut short leaves its temporary files: a shard folder, or the S3 spool folder. */
  leftovers: string;
  /** Requests that reached the bucket so far (s3 only): a refused key makes none. */
  requests?: () => number;
  close(): Promise<void>;
}

const SECRET = 'the family address';
const SECRET_SIDECAR = { contentType: 'text/plain', size: SECRET.length, sha256: 'not checked' };
const BUCKET = 'bt-files';
const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

async function tempFolders() {
  const root = await mkdtemp(path.join(os.tmpdir(), 'bt-storage-'));
  const outside = path.join(root, 'outside');
  await mkdir(outside);
  // Bytes and a sidecar, as the local provider lays an object out: a key that could name a path
  // would find both.
  await writeFile(path.join(outside, 'secret'), SECRET);
  await writeFile(path.join(outside, 'secret.json'), JSON.stringify(SECRET_SIDECAR));
  return { root, outside };
}

async function startLocal(): Promise<Harness & { dir: string }> {
  const { root, outside } = await tempFolders();
  const dir = path.join(root, 'files');
  return {
    storage: createLocalStorage({ dir }),
    dir,
    leftovers: path.join(dir, 'ab', 'cd'),
    outside,
    close: () => rm(root, { recursive: true, force: true }),
  };
}

async function startS3(): Promise<Harness & { endpoint: string }> {
  const { root, outside } = await tempFolders();
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(root, 's3rver'),
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  let requests = 0;
  server.httpServer.on('request', () => {
    requests += 1;
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const storage = await createS3Storage({
    bucket: BUCKET,
    endpoint,
    region: 'us-east-1',
    ...S3RVER_CREDENTIALS,
    forcePathStyle: true,
    spoolDir: path.join(root, 'spool'),
  });
  return {
    storage,
    endpoint,
    leftovers: path.join(root, 'spool'),
    outside,
    requests: () => requests,
    async close() {
      await server.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

async function bytesOf(stream: Readable | null): Promise<Buffer> {
  expect(stream).not.toBeNull();
  const chunks: Buffer[] = [];
  for await (const chunk of stream as Readable) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function keysOf(storage: StorageProvider): Promise<string[]> {
  const keys: string[] = [];
  for await (const { key } of storage.list()) keys.push(key);
  return keys.sort();
}

/** 0, 1, …, 255: every byte value once, and each byte tells its own position. */
const ALL_BYTES = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
const ALL_BYTES_SHA256 = '40aff2e9d2d8922e47afd4648e6967497158785fbd1da870e7110266bf944880';

describe.each([
  ['local', startLocal],
  ['s3', startS3],
] as const)('%s storage', (kind, start) => {
  let h: Harness;
  beforeAll(async () => {
    h = await start();
  });
  afterAll(() => h?.close());

  it('stores bytes under a new random key with their content type, size and SHA-256', async () => {
    expect(h.storage.kind).toBe(kind);
    const body = Buffer.from('abc');
    const stored = await h.storage.put({ body, contentType: 'text/plain; charset=utf-8' });
    const expected = {
      key: stored.key,
      contentType: 'text/plain; charset=utf-8',
      size: 3,
      sha256: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    };
    expect(stored).toEqual(expected);
    expect(stored.key).toMatch(/^[0-9a-f]{32}$/);
    expect(await h.storage.head(stored.key)).toEqual(expected);

    const again = await h.storage.put({ body, contentType: 'text/plain; charset=utf-8' });
    expect(again.key).not.toBe(stored.key);
    expect(again.sha256).toBe(expected.sha256);
    expect(await h.storage.head(stored.key)).toEqual(expected);
  });

  it('gives back the whole object byte for byte', async () => {
    const stored = await h.storage.put({ body: ALL_BYTES, contentType: 'application/octet-stream' });
    expect(stored.sha256).toBe(ALL_BYTES_SHA256);
    expect(await bytesOf(await h.storage.get(stored.key))).toEqual(ALL_BYTES);
  });

  it('gives back exactly the bytes of a range, both ends included', async () => {
    const { key } = await h.storage.put({ body: ALL_BYTES, contentType: 'application/octet-stream' });
    const range = async (start: number, end: number) => [
      ...(await bytesOf(await h.storage.get(key, { start, end }))),
    ];
    expect(await range(0, 0)).toEqual([0]);
    expect(await range(0, 1)).toEqual([0, 1]);
    expect(await range(100, 103)).toEqual([100, 101, 102, 103]);
    expect(await range(255, 255)).toEqual([255]);
    expect(await range(0, 255)).toEqual([...ALL_BYTES]);
    // An end past the last byte reads to the last, as HTTP ranges do.
    expect(await range(250, 9999)).toEqual([250, 251, 252, 253, 254, 255]);
  });

  it('refuses a range that starts past the end, or is not a range', async () => {
    const { key } = await h.storage.put({ body: ALL_BYTES, contentType: 'application/octet-stream' });
    await expect(h.storage.get(key, { start: 256, end: 300 })).rejects.toThrow(RangeError);
    await expect(h.storage.get(key, { start: 5, end: 4 })).rejects.toThrow(RangeError);
    await expect(h.storage.get(key, { start: -1, end: 4 })).rejects.toThrow(RangeError);
    await expect(h.storage.get(key, { start: 1.5, end: 4 })).rejects.toThrow(RangeError);
  });

  it('answers null for a key under which nothing is stored', async () => {
    const key = newStorageKey();
    expect(await h.storage.head(key)).toBeNull();
    expect(await h.storage.get(key)).toBeNull();
    expect(await h.storage.get(key, { start: 0, end: 10 })).toBeNull();
  });

  it('answers null for a key it could not have made, without looking anything up', async () => {
    const { key } = await h.storage.put({ body: ALL_BYTES, contentType: 'application/octet-stream' });
    const requestsBefore = h.requests?.();
    const hostile = [
      '',
      '../../etc/passwd',
      '../outside/secret',
      '../../outside/secret',
      `${key}/../../../../outside/secret`,
      `${key}.json`,
      `${key.slice(0, 2)}/${key.slice(2, 4)}/${key}`,
      key.toUpperCase(),
      ` ${key}`,
      `${key}\n`,
    ];
    for (const bad of hostile) {
      expect(await h.storage.head(bad), bad).toBeNull();
      expect(await h.storage.get(bad), bad).toBeNull();
      expect(await h.storage.get(bad, { start: 0, end: 3 }), bad).toBeNull();
      await expect(h.storage.delete(bad), bad).resolves.toBeUndefined();
    }
    expect(h.requests?.()).toBe(requestsBefore);
    expect(await readFile(path.join(h.outside, 'secret'), 'utf8')).toBe(SECRET);
    expect(JSON.parse(await readFile(path.join(h.outside, 'secret.json'), 'utf8'))).toEqual(SECRET_SIDECAR);
    expect(await bytesOf(await h.storage.get(key))).toEqual(ALL_BYTES);
  });

  it('deletes an object, and deleting what is not there resolves', async () => {
    const { key } = await h.storage.put({ body: Buffer.from('to be removed'), contentType: 'text/plain' });
    const kept = await h.storage.put({ body: Buffer.from('to be kept'), contentType: 'text/plain' });
    await h.storage.delete(key);
    expect(await h.storage.head(key)).toBeNull();
    expect(await h.storage.get(key)).toBeNull();
    await expect(h.storage.delete(key)).resolves.toBeUndefined();
    await expect(h.storage.delete(newStorageKey())).resolves.toBeUndefined();
    expect((await bytesOf(await h.storage.get(kept.key))).toString()).toBe('to be kept');
  });

  it('stores a body given as chunks as they come, with its size and SHA-256', async () => {
    async function* chunks() {
      for (let i = 0; i < 4; i++) yield ALL_BYTES.subarray(i * 64, (i + 1) * 64);
    }
    const stored = await h.storage.put({ body: chunks(), contentType: 'application/octet-stream' });
    expect(stored).toEqual({
      key: stored.key,
      contentType: 'application/octet-stream',
      size: 256,
      sha256: ALL_BYTES_SHA256,
    });
    expect(await h.storage.head(stored.key)).toEqual(stored);
    expect(await bytesOf(await h.storage.get(stored.key))).toEqual(ALL_BYTES);
  });

  it('keeps nothing of a body whose chunks throw, and rejects with their error', async () => {
    const before = await keysOf(h.storage);
    const cut = new Error('the upload is too large');
    async function* chunks() {
      yield ALL_BYTES;
      yield ALL_BYTES;
      throw cut;
    }
    await expect(h.storage.put({ body: chunks(), contentType: 'image/png' })).rejects.toBe(cut);
    expect(await keysOf(h.storage)).toEqual(before);
    expect((await readdir(h.leftovers).catch(() => [])).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('lists every object it stored, with when it was stored', async () => {
    const stored = await h.storage.put({ body: Buffer.from('listed'), contentType: 'text/plain' });
    const listed = new Map<string, Date>();
    for await (const { key, storedAt } of h.storage.list()) listed.set(key, storedAt);
    expect(listed.has(stored.key)).toBe(true);
    expect(Math.abs(listed.get(stored.key)!.getTime() - Date.now())).toBeLessThan(60_000);
    await h.storage.delete(stored.key);
    expect(await keysOf(h.storage)).not.toContain(stored.key);
  });

  it('removes temporary files of puts cut short once older than asked, and keeps younger ones', async () => {
    await mkdir(h.leftovers, { recursive: true });
    const old = path.join(h.leftovers, `${newStorageKey()}.0123456789ab.tmp`);
    const young = path.join(h.leftovers, `${newStorageKey()}.ba9876543210.tmp`);
    await writeFile(old, 'cut short an hour ago');
    await writeFile(young, 'still being written');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(old, twoHoursAgo, twoHoursAgo);
    expect(await h.storage.removeLeftovers(new Date(Date.now() - 60 * 60 * 1000))).toBe(1);
    expect(await readdir(h.leftovers)).toContain(path.basename(young));
    expect(await readdir(h.leftovers)).not.toContain(path.basename(old));
    await rm(young);
  });

  it('passes its readiness check while it can store', async () => {
    await expect(h.storage.check()).resolves.toBeUndefined();
  });

  it('round-trips an empty object', async () => {
    const stored = await h.storage.put({ body: Buffer.alloc(0), contentType: 'application/octet-stream' });
    const expected = {
      key: stored.key,
      contentType: 'application/octet-stream',
      size: 0,
      sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    };
    expect(stored).toEqual(expected);
    expect(await h.storage.head(stored.key)).toEqual(expected);
    expect((await bytesOf(await h.storage.get(stored.key))).length).toBe(0);
  });

  it('round-trips a 5 MB object, whole and in ranges', async () => {
    const body = randomBytes(5 * 1024 * 1024 + 7);
    const stored = await h.storage.put({ body, contentType: 'video/mp4' });
    const expected = {
      key: stored.key,
      contentType: 'video/mp4',
      size: 5_242_887,
      sha256: createHash('sha256').update(body).digest('hex'),
    };
    expect(stored).toEqual(expected);
    expect(await h.storage.head(stored.key)).toEqual(expected);
    const whole = await bytesOf(await h.storage.get(stored.key));
    expect(whole.length).toBe(body.length);
    expect(whole.equals(body)).toBe(true);
    const middle = await bytesOf(await h.storage.get(stored.key, { start: 1_000_000, end: 3_999_999 }));
    expect(middle.equals(body.subarray(1_000_000, 4_000_000))).toBe(true);
    const last = await bytesOf(await h.storage.get(stored.key, { start: 5_242_886, end: 5_242_886 }));
    expect([...last]).toEqual([body[5_242_886]]);
  });
});

describe('local storage on disk', () => {
  let local: Awaited<ReturnType<typeof startLocal>>;
  beforeAll(async () => {
    local = await startLocal();
  });
  afterAll(() => local?.close());

  it('keeps each object at ab/cd/<key> beside its sidecar, and leaves no temporary file', async () => {
    const { key } = await local.storage.put({ body: Buffer.from('abc'), contentType: 'text/plain' });
    const shard = path.join(local.dir, key.slice(0, 2), key.slice(2, 4));
    expect((await readdir(shard)).sort()).toEqual([key, `${key}.json`]);
    expect(await readFile(path.join(shard, key), 'utf8')).toBe('abc');
    expect(JSON.parse(await readFile(path.join(shard, `${key}.json`), 'utf8'))).toEqual({
      contentType: 'text/plain',
      size: 3,
      sha256: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    });
    await local.storage.delete(key);
    expect(await readdir(shard)).toEqual([]);
  });

  it('fails its readiness check when its folder cannot be made', async () => {
    const file = path.join(local.dir, '..', 'in-the-way');
    await writeFile(file, '');
    await expect(createLocalStorage({ dir: path.join(file, 'files') }).check()).rejects.toThrow();
  });

  it('serves no bytes that lack a sidecar (a put cut short)', async () => {
    const key = newStorageKey();
    const shard = path.join(local.dir, key.slice(0, 2), key.slice(2, 4));
    await mkdir(shard, { recursive: true });
    await writeFile(path.join(shard, key), 'half written');
    expect(await local.storage.head(key)).toBeNull();
    expect(await local.storage.get(key)).toBeNull();
  });
});

describe('S3 storage in the bucket', () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(() => s3?.close());

  it('puts the object under its key with its content type, size and sha256 metadata', async () => {
    const { key } = await s3.storage.put({ body: ALL_BYTES, contentType: 'image/png' });
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: S3RVER_CREDENTIALS,
    });
    const object = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
    client.destroy();
    expect(object.ContentType).toBe('image/png');
    expect(object.ContentLength).toBe(256);
    expect(object.Metadata).toEqual({ sha256: ALL_BYTES_SHA256 });
  });

  it('fails its readiness check when the bucket does not answer for it', async () => {
    const elsewhere = await createS3Storage({
      bucket: 'no-such-bucket',
      endpoint: s3.endpoint,
      region: 'us-east-1',
      ...S3RVER_CREDENTIALS,
      forcePathStyle: true,
    });
    await expect(elsewhere.check()).rejects.toThrow();
  });
});
